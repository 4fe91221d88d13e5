import { env } from "@/config/env";

/** What the confirm route answers (supabase/functions/add-to-waitlist/handler.ts). */
export type ConfirmStatus = "confirmed" | "already" | "expired" | "invalid";
/** What the stop route answers: the mail's "This wasn't me: stop" link. */
export type StopStatus = "stopped" | "invalid";

const STATUSES: readonly ConfirmStatus[] = ["confirmed", "already", "expired", "invalid"];
const STOP_STATUSES: readonly StopStatus[] = ["stopped", "invalid"];
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

/** One of the stop route's answers. */
export function isStopStatus(value: unknown): value is StopStatus {
  return STOP_STATUSES.some((status) => status === value);
}

/** The function could not be reached or failed (network, 5xx, timeout): worth a retry. */
export class ConfirmRequestError extends Error {
  constructor(cause: unknown, route = "confirm") {
    super(`add-to-waitlist/${route} returned an error`, { cause });
    this.name = "ConfirmRequestError";
  }
}

/**
 * Follows a confirmation link. A token that cannot be one is 'invalid' without a request.
 * Plain fetch with the anon key, as supabase-js's functions.invoke sends it: the page needs
 * one POST, not the 50 KB client.
 */
export function confirmSignup(token: string | null): Promise<ConfirmStatus> {
  return postToken("confirm", token, isConfirmStatus);
}

/** Follows a mail's stop link: no more mail to its inbox. A token that cannot be one is 'invalid' at once. */
export function stopMails(token: string | null): Promise<StopStatus> {
  return postToken("stop", token, isStopStatus);
}

async function postToken<S extends string>(
  route: "confirm" | "stop",
  token: string | null,
  isStatus: (value: unknown) => value is S,
): Promise<S | "invalid"> {
  if (!isConfirmToken(token)) return "invalid";
  let data: unknown;
  try {
    const response = await fetch(`${env.supabaseUrl}/functions/v1/add-to-waitlist/${route}`, {
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
    throw new ConfirmRequestError(error, route);
  }
  const status = (data as { status?: unknown } | null)?.status;
  if (isStatus(status)) return status;
  throw new ConfirmRequestError(new Error(`unexpected answer: ${JSON.stringify(data)}`), route);
}
