// The HTTP plumbing of a scheduled Edge Function (waitlist-resync, refresh-protocols): a POST from
// pg_cron + pg_net carrying the function's own secret as bearer token, answered with JSON counts.
// Runtime-neutral: the Deno tests and the Node scripts drive it directly.

/** A secret shorter than this is refused: `openssl rand -hex 32` gives 64 characters. */
export const MIN_SECRET_LENGTH = 32;

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function answerJson(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...extra } });
}

/** 405 for anything but POST, else null. */
export function refuseNonPost(req: Request): Response | null {
  return req.method === "POST" ? null : answerJson(405, { error: "Method not allowed. Use POST." }, { Allow: "POST" });
}

/** True when the request's `Authorization: Bearer <token>` is the secret (compared in constant time). */
export async function hasBearerSecret(req: Request, secret: string): Promise<boolean> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  return secret !== "" && (await sameSecret(token, secret));
}

/** Constant-time comparison of SHA-256 digests, so the token's length and prefix do not leak. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
