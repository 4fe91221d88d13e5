// The HTTP face of the resync for a scheduled Edge Function (supabase/functions/waitlist-resync):
// POST with WAITLIST_RESYNC_SECRET as bearer token (what a pg_cron + pg_net schedule sends), get
// the counts back. A secret of its own, so the service-role key never sits in cron.job.
// Runtime-neutral like handler.ts. Addresses never appear in the answer.
import type { Logger } from "../../_shared/log.ts";
import { answerJson as answer, hasBearerSecret, MIN_SECRET_LENGTH, refuseNonPost } from "../../_shared/scheduled.ts";
import type { ResyncReport } from "./resync.ts";

/** A run's report: the retries, and (the scheduled run, lib/scheduled-resync.ts) the legacy rows' steps. */
export type ResyncRunReport = ResyncReport & { expired?: number; asked?: number; askFailed?: number };

export type ResyncEndpointDeps = {
  /** WAITLIST_RESYNC_SECRET: the only bearer token allowed to trigger a run. */
  secret: string | undefined;
  run: () => Promise<ResyncRunReport>;
  log: Logger;
};

export async function handleResyncRequest(req: Request, deps: ResyncEndpointDeps): Promise<Response> {
  const notPost = refuseNonPost(req);
  if (notPost) return notPost;
  const secret = deps.secret?.trim() ?? "";
  if (secret.length < MIN_SECRET_LENGTH) {
    deps.log.error("waitlist.resync_misconfigured", {
      detail: `WAITLIST_RESYNC_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters`,
    });
    return answer(503, { error: "The resync is not configured" }, { "Retry-After": "300" });
  }
  if (!(await hasBearerSecret(req, secret))) return answer(401, { error: "Unauthorized" });

  try {
    const report = await deps.run();
    return answer(200, {
      pending: report.pending,
      synced: report.synced.length,
      failed: report.failed.length,
      gaveUp: report.gaveUp.length,
      more: report.more,
      ...(report.expired === undefined ? {} : { expired: report.expired }),
      ...(report.asked === undefined ? {} : { asked: report.asked, askFailed: report.askFailed ?? 0 }),
    });
  } catch (error) {
    // The store is unreachable: the details go to the log, the scheduler just retries next time.
    deps.log.error("waitlist.resync_store_unavailable", {
      error: error instanceof Error ? error.message : String(error),
    });
    return answer(503, { error: "The waitlist store is unavailable" }, { "Retry-After": "60" });
  }
}
