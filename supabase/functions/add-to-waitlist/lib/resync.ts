// Retries what the provider missed, under double opt-in:
//   - "mail": a confirmation mail that was due but did not go out (provider down, slow, failing),
//     or one a limit held (its mailbox was mailed in the last day) whose turn has come. The run
//     claims the row with a fresh token (only the old token's hash is known, and that token was
//     never delivered) and sends the mail; the claim re-checks the limits in Postgres.
//   - "contact": a confirmed address that is not in the audience yet.
//   - "remove": an address that left the list (its mailbox stopped, or a legacy row that never
//     answered its consent mail) but is still in the audience.
// Runtime-neutral like handler.ts: `npm run waitlist:resync` runs it from Node, and the scheduled
// waitlist-resync Edge Function runs it as is.
//
// Safe to run twice or concurrently: a mail is claimed in Postgres under a lease, so only one run
// (or the signup's own deferred send) mails an address; the contact call is an upsert; a synced or
// sent row is never picked again; each row is handled once per run.
import { maskEmail } from "./email.ts";
import { addConfirmedContact, removeListedContact, sendConfirmationMail, type SyncOutcome } from "./sync.ts";
import { hashToken, newToken, TOKEN_TTL_SECONDS } from "./token.ts";
import {
  DEFAULT_LEASE_SECONDS,
  DEFAULT_LIMITS,
  type Logger,
  type PendingSignup,
  type ResyncableWaitlistStore,
  type WaitlistMailer,
} from "./types.ts";

/** The SQL function clamps its limit to 1..1000; one run handles at most one such batch. */
export const MAX_RESYNC_BATCH = 1000;
export const DEFAULT_RESYNC_BATCH = 100;
/** After this many failed attempts a row is left for a human (last_error says why). */
export const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_CONCURRENCY = 4;

export type ResyncDeps = {
  store: Pick<ResyncableWaitlistStore, "pending" | "recordSync" | "recordMail" | "recordRemoval" | "claimMail">;
  mailer: WaitlistMailer;
  log: Logger;
  /** The /confirm page the mails link to. */
  confirmUrl: string;
  /** Rows to fetch this run (1..1000). */
  limit?: number;
  maxAttempts?: number;
  leaseSeconds?: number;
  /** The cap on confirmation mails per recipient domain an hour, as at signup (null: none). */
  domainMailsPerHour?: number | null;
  /** Provider calls in flight at once: gentle on the provider's rate limit. */
  concurrency?: number;
  timeoutMs?: number;
};

export type ResyncReport = {
  /** Rows with work to do fetched this run. */
  pending: number;
  /** Done this run: the mail went out, or the contact was added or removed. */
  synced: string[];
  failed: Array<{ email: string; error: string | null }>;
  /** Rows over maxAttempts, not retried. */
  gaveUp: string[];
  /** The batch was full: more rows may remain for the next run. */
  more: boolean;
};

export async function resyncPending(deps: ResyncDeps): Promise<ResyncReport> {
  const limit = clamp(deps.limit ?? DEFAULT_RESYNC_BATCH, 1, MAX_RESYNC_BATCH);
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const leaseSeconds = deps.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const domainMailLimit =
    deps.domainMailsPerHour === undefined ? DEFAULT_LIMITS.perDomainMailsPerHour : deps.domainMailsPerHour;
  const rows = dedupe(await deps.store.pending(limit, leaseSeconds, domainMailLimit));
  const report: ResyncReport = { pending: rows.length, synced: [], failed: [], gaveUp: [], more: rows.length >= limit };

  const todo: PendingSignup[] = [];
  for (const row of rows) {
    if (row.attempts >= maxAttempts) report.gaveUp.push(row.email);
    else todo.push(row);
  }
  deps.log.info("waitlist.resync_started", {
    pending: rows.length,
    retrying: todo.length,
    gave_up: report.gaveUp.length,
  });

  // The store records each outcome; remember the error text for the report as well.
  const errors = new Map<string, string | null>();
  const unrecorded = new Map<string, string>();
  const remember = async (email: string, error: string | null, record: () => Promise<void>) => {
    errors.set(email, error);
    try {
      await record();
    } catch (caught) {
      unrecorded.set(email, caught instanceof Error ? caught.message : String(caught));
      throw caught;
    }
  };
  const store = {
    recordSync: (email: string, error: string | null) =>
      remember(email, error, () => deps.store.recordSync(email, error)),
    recordMail: (email: string, tokenHash: string, error: string | null) =>
      remember(email, error, () => deps.store.recordMail(email, tokenHash, error)),
    recordRemoval: (email: string, error: string | null) =>
      remember(email, error, () => deps.store.recordRemoval(email, error)),
  };
  const sync = { store, mailer: deps.mailer, log: deps.log, timeoutMs: deps.timeoutMs };

  await eachLimited(todo, clamp(deps.concurrency ?? DEFAULT_CONCURRENCY, 1, 16), async (row) => {
    let outcome: SyncOutcome;
    if (row.action === "contact") {
      outcome = await addConfirmedContact(row.email, sync);
    } else if (row.action === "remove") {
      outcome = await removeListedContact(row.email, sync);
    } else {
      const token = newToken();
      const tokenHash = await hashToken(token);
      let claimed: boolean;
      try {
        claimed = await deps.store.claimMail(row.email, tokenHash, TOKEN_TTL_SECONDS, leaseSeconds, domainMailLimit);
      } catch (caught) {
        report.failed.push({
          email: row.email,
          error: `claiming the mail failed: ${caught instanceof Error ? caught.message : String(caught)}`,
        });
        return;
      }
      // Another run, or the signup itself, is sending it right now, or a limit still holds it.
      if (!claimed) return;
      outcome = await sendConfirmationMail(row.email, token, tokenHash, deps.confirmUrl, sync);
    }
    const recordError = unrecorded.get(row.email);
    // Done at the provider but not recorded: the next run retries it (idempotently).
    if (outcome === "synced" && recordError === undefined) report.synced.push(row.email);
    else
      report.failed.push({
        email: row.email,
        error: errors.get(row.email) ?? `recording the outcome failed: ${recordError}`,
      });
  });

  for (const email of report.gaveUp) {
    deps.log.warn("waitlist.resync_gave_up", { email: maskEmail(email), max_attempts: maxAttempts });
  }
  deps.log.info("waitlist.resync_finished", {
    synced: report.synced.length,
    failed: report.failed.length,
    gave_up: report.gaveUp.length,
    more: report.more,
  });
  return report;
}

function dedupe(rows: PendingSignup[]): PendingSignup[] {
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.email) ? false : (seen.add(row.email), true)));
}

async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
