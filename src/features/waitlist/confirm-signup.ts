import { env } from "@/config/env";

/** What the confirm route answers (supabase/functions/add-to-waitlist/handler.ts). */
export type ConfirmStatus = "confirmed" | "already" | "expired" | "invalid";

const STATUSES: readonly ConfirmStatus[] = ["confirmed", "already", "expired", "invalid"];
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const REQUEST_TIMEOUT_MS = 15_000;

/** True for a string shaped like a confirmation token (43 base64url characters, 256 bits). */
export function isConfirmToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

/** True for one of the confirm route's answers (its JSON, a history entry's remembered outcome). */
export function isConfirmStatus(value: unknown): value is ConfirmStatus {
  return STATUSES.some((status) => status === value);
}

/** The function could not be reached or failed (network, 5xx, timeout): worth a retry. */
export class ConfirmRequestError extends Error {
  constructor(cause: unknown) {
    super("add-to-waitlist/confirm returned an error", { cause });
    this.name = "ConfirmRequestError";
  }
}

/**
 * Follows a confirmation link. A token that cannot be one is 'invalid' without a request.
 * Plain fetch with the anon key, as supabase-js's functions.invoke sends it: the page needs
 * one POST, not the 50 KB client.
 */
export async function confirmSignup(token: string | null): Promise<ConfirmStatus> {
  if (!isConfirmToken(token)) return "invalid";
  let data: unknown;
  try {
    const response = await fetch(`${env.supabaseUrl}/functions/v1/add-to-waitlist/confirm`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        apikey: env.supabaseAnonKey,
        Authorization: `Bearer ${env.supabaseAnonKey}`,
      },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    data = await response.json();
  } catch (error) {
    throw new ConfirmRequestError(error);
  }
  const status = (data as { status?: unknown } | null)?.status;
  if (isConfirmStatus(status)) return status;
  throw new ConfirmRequestError(new Error(`unexpected answer: ${JSON.stringify(data)}`));
}
