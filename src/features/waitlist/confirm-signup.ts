import { supabase } from "@/lib/supabase";

/** What the confirm route answers (supabase/functions/add-to-waitlist/handler.ts). */
export type ConfirmStatus = "confirmed" | "already" | "expired" | "invalid";

const STATUSES: readonly ConfirmStatus[] = ["confirmed", "already", "expired", "invalid"];
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const REQUEST_TIMEOUT_MS = 15_000;

/** The function could not be reached or failed (network, 5xx, timeout): worth a retry. */
export class ConfirmRequestError extends Error {
  constructor(cause: unknown) {
    super("add-to-waitlist/confirm returned an error", { cause });
    this.name = "ConfirmRequestError";
  }
}

/** Follows a confirmation link. A token that cannot be one is 'invalid' without a request. */
export async function confirmSignup(token: string | null): Promise<ConfirmStatus> {
  if (!token || !TOKEN.test(token)) return "invalid";
  const { data, error } = await supabase.functions.invoke<{ status?: unknown }>("add-to-waitlist/confirm", {
    body: { token },
    timeout: REQUEST_TIMEOUT_MS,
  });
  if (error) throw new ConfirmRequestError(error);
  const status = data?.status;
  if (typeof status === "string" && (STATUSES as readonly string[]).includes(status)) return status as ConfirmStatus;
  throw new ConfirmRequestError(new Error(`unexpected answer: ${JSON.stringify(data)}`));
}
