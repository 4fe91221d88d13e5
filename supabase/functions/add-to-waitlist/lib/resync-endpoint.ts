// The HTTP face of the resync for a scheduled Edge Function (supabase/functions/waitlist-resync):
// POST with the service-role key as bearer token (what a pg_cron + pg_net schedule sends), get the
// counts back. Runtime-neutral like handler.ts. Addresses never appear in the answer.
import type { ResyncReport } from "./resync.ts";

export type ResyncEndpointDeps = {
  /** The service-role key: the only bearer token allowed to trigger a run. */
  secret: string;
  run: () => Promise<ResyncReport>;
};

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export async function handleResyncRequest(req: Request, deps: ResyncEndpointDeps): Promise<Response> {
  const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...extra } });

  if (req.method !== "POST") return answer(405, { error: "Method not allowed. Use POST." }, { Allow: "POST" });
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  if (!deps.secret || !(await sameSecret(token, deps.secret))) return answer(401, { error: "Unauthorized" });

  try {
    const report = await deps.run();
    return answer(200, {
      pending: report.pending,
      synced: report.synced.length,
      failed: report.failed.length,
      gaveUp: report.gaveUp.length,
      more: report.more,
    });
  } catch {
    // The store is unreachable; the log has the details, the scheduler just retries next time.
    return answer(503, { error: "The waitlist store is unavailable" }, { "Retry-After": "60" });
  }
}

/** Constant-time comparison of SHA-256 digests, so the token's length and prefix do not leak. */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
