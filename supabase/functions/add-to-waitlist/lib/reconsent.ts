// Asks the legacy single-opt-in rows for consent (20261125010200_waitlist_reconsent.sql): the rows
// the hardening migration counted as confirmed because the provider had synced them under the old
// flow, without a link ever being followed. Run by `npm run waitlist:resync -- --reconsent`, a dry
// run that only lists them (masked) unless `--send` is given too.
//
// Each row gets one mail (kind "reconsent") with a fresh single-use link; following it confirms the
// row properly (single_opt_in false). Rows stay on the list meanwhile. Safe to run twice or at once:
// a row is claimed in Postgres under the lease, so only one run mails it, and an answered or asked
// row is not picked again (one whose mail did not go out is, after the lease).
import { sendConfirmationMail } from "./sync.ts";
import { hashToken, newToken, TOKEN_TTL_SECONDS } from "./token.ts";
import {
  DEFAULT_LEASE_SECONDS,
  type Logger,
  type ReconsentCandidate,
  type ResyncableWaitlistStore,
  type WaitlistMailer,
} from "./types.ts";

export type ReconsentDeps = {
  store: Pick<ResyncableWaitlistStore, "reconsentDue" | "claimReconsent" | "recordMail" | "recordSync">;
  mailer: WaitlistMailer;
  log: Logger;
  confirmUrl: string;
  /** Rows to take this run (1..1000). */
  limit?: number;
  leaseSeconds?: number;
  timeoutMs?: number;
};

export type ReconsentReport = {
  /** The rows due (the dry run's list). */
  due: ReconsentCandidate[];
  /** Mailed this run. */
  asked: string[];
  failed: Array<{ email: string; error: string }>;
  /** The batch was full: more rows may remain. */
  more: boolean;
};

/** Lists the legacy rows still to ask; mails them only when `send` is true. */
export async function reconsentLegacy(deps: ReconsentDeps, { send }: { send: boolean }): Promise<ReconsentReport> {
  const limit = Math.min(1000, Math.max(1, Math.trunc(deps.limit ?? 100)));
  const leaseSeconds = deps.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const due = await deps.store.reconsentDue(limit, leaseSeconds);
  const report: ReconsentReport = { due, asked: [], failed: [], more: due.length >= limit };
  deps.log.info("waitlist.reconsent_started", { due: due.length, send });
  if (!send) return report;

  for (const row of due) {
    const token = newToken();
    const tokenHash = await hashToken(token);
    let claimed: boolean;
    try {
      claimed = await deps.store.claimReconsent(row.email, tokenHash, TOKEN_TTL_SECONDS, leaseSeconds);
    } catch (error) {
      report.failed.push({ email: row.email, error: `claiming failed: ${(error as Error).message}` });
      continue;
    }
    if (!claimed) continue; // answered meanwhile, or another run has it
    let mailError: string | null = null;
    const outcome = await sendConfirmationMail(
      row.email,
      token,
      tokenHash,
      deps.confirmUrl,
      {
        store: {
          recordSync: (email, error) => deps.store.recordSync(email, error),
          recordMail: (email, hash, error) => ((mailError = error), deps.store.recordMail(email, hash, error)),
        },
        mailer: deps.mailer,
        log: deps.log,
        timeoutMs: deps.timeoutMs,
      },
      "reconsent",
    );
    if (outcome === "synced") report.asked.push(row.email);
    else report.failed.push({ email: row.email, error: mailError ?? "not sent" });
  }
  deps.log.info("waitlist.reconsent_finished", { asked: report.asked.length, failed: report.failed.length });
  return report;
}
