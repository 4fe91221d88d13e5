// One run of the scheduled waitlist-resync function (supabase/functions/waitlist-resync), in order:
//   1. legacy single-opt-in rows whose consent mail went out RECONSENT_DAYS ago without an answer
//      leave the list (waitlist_expire_reconsent: unconfirmed, their link expired);
//   2. legacy rows never asked get their one consent mail (lib/reconsent.ts, as
//      `npm run waitlist:resync -- --reconsent --send` does by hand);
//   3. the retries (lib/resync.ts): due and held confirmation mails, confirmed contacts to add, and
//      the contacts of rows that left the list (step 1, or a stopped mailbox) to remove.
// So no legacy row stays on the list for good without having said yes (issue 30, item 8): it is
// asked once, and RECONSENT_DAYS later it is off the list and out of the audience.
// Runtime-neutral, like handler.ts.
import { reconsentLegacy } from "./reconsent.ts";
import { RECONSENT_DAYS } from "./resend.ts";
import { resyncPending, type ResyncDeps, type ResyncReport } from "./resync.ts";
import type { ResyncableWaitlistStore } from "./types.ts";

export type ScheduledResyncDeps = Omit<ResyncDeps, "store"> & {
  store: ResyncDeps["store"] & Pick<ResyncableWaitlistStore, "expireReconsent" | "reconsentDue" | "claimReconsent">;
  /** Days a legacy row has to answer its consent mail (default RECONSENT_DAYS). */
  reconsentDays?: number;
};

export type ScheduledResyncReport = ResyncReport & {
  /** Legacy rows taken off the list this run (their audience removal is among the retries). */
  expired: number;
  /** Legacy rows sent their consent mail this run, and those whose mail failed. */
  asked: number;
  askFailed: number;
};

export async function runScheduledResync(deps: ScheduledResyncDeps): Promise<ScheduledResyncReport> {
  const expired = await deps.store.expireReconsent(deps.reconsentDays ?? RECONSENT_DAYS);
  if (expired > 0) deps.log.info("waitlist.reconsent_expired", { rows: expired });
  const asked = await reconsentLegacy(
    {
      store: deps.store,
      mailer: deps.mailer,
      log: deps.log,
      confirmUrl: deps.confirmUrl,
      limit: deps.limit,
      leaseSeconds: deps.leaseSeconds,
      timeoutMs: deps.timeoutMs,
    },
    { send: true },
  );
  const report = await resyncPending(deps);
  return { ...report, expired, asked: asked.asked.length, askFailed: asked.failed.length };
}
