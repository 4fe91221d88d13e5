import { env } from "@/config/env";

// The read path: one plain GET to PostgREST, not a client library. The site makes four fixed reads
// (the protocol list; a protocol's TVL history, yield history and risk factors), so postgrest-js's query builder (~17 KB minified, ~4.5 KB gzip on the
// boot path of /) bought nothing but bytes. The full client (lib/supabase.ts) is loaded with the
// waitlist dialog, for the one function call. See docs/architecture.md, "Two clients, one backend".
//
// The request is what supabase-js sends for an anonymous read: the anon key as `apikey` and as the
// Bearer token (RLS sees the `anon` role either way), and `Accept-Profile: public`, its default
// schema. supabase-js's X-Client-Info header is usage telemetry that neither PostgREST nor RLS
// reads, so it is left out. The anon key is public by design; the service-role key is in no
// client bundle. A failed read is not retried (docs/product.md, 'The directory').

/**
 * The site's one rule for a failed read, for every query of `readRest`: it is shown, never asked
 * again by itself (docs/product.md, 'The directory'): no retry, and none when a page mounts after a
 * route's loader met the failure (app/router.tsx, pages/protocol-data.ts). The next visit asks again.
 */
export const READ_ONCE = { retry: false, retryOnMount: false } as const;

/** A failed read, with PostgREST's own message ('' when it sent none, so callers can fall back). */
export class PostgrestReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "PostgrestReadError";
  }
}

/**
 * GET /rest/v1/{path} with the anon key; resolves to the parsed JSON body. A network failure
 * rejects with the browser's own error ('TypeError: Failed to fetch'); an HTTP error rejects with
 * PostgREST's `message` (or the body's text when it is not PostgREST's JSON).
 */
export async function readRest(path: string, signal?: AbortSignal): Promise<unknown> {
  // `fetch` is looked up on every call, so anything installed later (test interceptors, tracing) sees it.
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${path}`, {
    headers: {
      apikey: env.supabaseAnonKey,
      Authorization: `Bearer ${env.supabaseAnonKey}`,
      Accept: "application/json",
      "Accept-Profile": "public",
    },
    signal,
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      // PostgREST's JSON error: its message, or '' when it has none ({} from a proxy, a null message).
      const body: unknown = JSON.parse(text);
      message =
        body !== null && typeof body === "object" && "message" in body && typeof body.message === "string"
          ? body.message
          : "";
    } catch {
      // Not PostgREST's JSON (a proxy's HTML page, plain text): the text itself is the message.
    }
    throw new PostgrestReadError(message, response.status);
  }
  return text === "" ? null : (JSON.parse(text) as unknown);
}
