// The HTTP face of the resync for a scheduled Edge Function (supabase/functions/waitlist-resync):
// POST with WAITLIST_RESYNC_SECRET as bearer token (what a pg_cron + pg_net schedule sends), get
// the counts back. A secret of its own, so the service-role key never sits in cron.job.
// Runtime-neutral like handler.ts. Addresses never appear in the answer.
import type { ResyncReport } from "./resync.ts";
import type { Logger } from "./types.ts";

/** A secret shorter than this is refused: `openssl rand -hex 32` gives 64 characters. */
export const MIN_SECRET_LENGTH = 32;

export type ResyncEndpointDeps = {
  /** WAITLIST_RESYNC_SECRET: the only bearer token allowed to trigger a run. */
  secret: string | undefined;
  run: () => Promise<ResyncReport>;
  log: Logger;
};

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export async function handleResyncRequest(req: Request, deps: ResyncEndpointDeps): Promise<Response> {
  const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...extra } });

  if (req.method !== "POST") return answer(405, { error: "Method not allowed. Use POST." }, { Allow: "POST" });
  const secret = deps.secret?.trim() ?? "";
  if (secret.length < MIN_SECRET_LENGTH) {
    deps.log.error("waitlist.resync_misconfigured", {
      detail: `WAITLIST_RESYNC_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters`,
    });
    return answer(503, { error: "The resync is not configured" }, { "Retry-After": "300" });
  }
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  if (!(await sameSecret(token, secret))) return answer(401, { error: "Unauthorized" });

  try {
    const report = await deps.run();
    return answer(200, {
      pending: report.pending,
      synced: report.synced.length,
      failed: report.failed.length,
      gaveUp: report.gaveUp.length,
      more: report.more,
    });
  } catch (error) {
    // The store is unreachable: the details go to the log, the scheduler just retries next time.
    deps.log.error("waitlist.resync_store_unavailable", { error: error instanceof Error ? error.message : String(error) });
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
