// Retries the provider sync for signups that are stored but not yet synced (provider down, slow or
// failing when they joined). Runtime-neutral like handler.ts: `npm run waitlist:resync` runs it
// from Node, and a scheduled Edge Function can run it as is.
//
// Safe to run twice or concurrently: it only ever picks rows with synced_at null (a synced row is
// never sent again), handles each row once per run, and both provider calls are idempotent
// (contact upsert; the confirmation carries an Idempotency-Key derived from the address), so two
// overlapping runs that pick the same row still produce one contact and one e-mail.
import { maskEmail } from "./email.ts";
import { syncSignup, type SyncOutcome } from "./sync.ts";
import type { Logger, PendingSignup, ResyncableWaitlistStore, WaitlistMailer } from "./types.ts";

/** The SQL function clamps its limit to 1..1000; one run handles at most one such batch. */
export const MAX_RESYNC_BATCH = 1000;
export const DEFAULT_RESYNC_BATCH = 100;
/** After this many failed attempts a row is left for a human (last_error says why). */
export const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_CONCURRENCY = 4;

export type ResyncDeps = {
  store: Pick<ResyncableWaitlistStore, "pending" | "recordSync">;
  mailer: WaitlistMailer;
  log: Logger;
  /** Rows to fetch this run (1..1000). */
  limit?: number;
  maxAttempts?: number;
  /** Provider calls in flight at once: gentle on the provider's rate limit. */
  concurrency?: number;
  timeoutMs?: number;
};

export type ResyncReport = {
  /** Unsynced rows fetched this run. */
  pending: number;
  synced: string[];
  failed: Array<{ email: string; error: string | null }>;
  /** Rows over maxAttempts, not retried. */
  gaveUp: string[];
  /** The batch was full: more unsynced rows may remain for the next run. */
  more: boolean;
};

export async function resyncPending(deps: ResyncDeps): Promise<ResyncReport> {
  const limit = clamp(deps.limit ?? DEFAULT_RESYNC_BATCH, 1, MAX_RESYNC_BATCH);
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const rows = dedupe(await deps.store.pending(limit));
  const report: ResyncReport = { pending: rows.length, synced: [], failed: [], gaveUp: [], more: rows.length >= limit };

  const todo: PendingSignup[] = [];
  for (const row of rows) {
    if (row.attempts >= maxAttempts) report.gaveUp.push(row.email);
    else todo.push(row);
  }
  deps.log.info("waitlist.resync_started", { pending: rows.length, retrying: todo.length, gave_up: report.gaveUp.length });

  // The store records each outcome; remember the error text for the report as well.
  const errors = new Map<string, string | null>();
  const unrecorded = new Map<string, string>();
  const store = {
    recordSync: async (email: string, error: string | null) => {
      errors.set(email, error);
      try {
        await deps.store.recordSync(email, error);
      } catch (caught) {
        unrecorded.set(email, caught instanceof Error ? caught.message : String(caught));
        throw caught;
      }
    },
  };

  await eachLimited(todo, clamp(deps.concurrency ?? DEFAULT_CONCURRENCY, 1, 16), async (row) => {
    const outcome: SyncOutcome = await syncSignup(row.email, {
      store,
      mailer: deps.mailer,
      log: deps.log,
      timeoutMs: deps.timeoutMs,
    });
    const recordError = unrecorded.get(row.email);
    // Synced at the provider but not stamped: the next run retries it (idempotently).
    if (outcome === "synced" && recordError === undefined) report.synced.push(row.email);
    else report.failed.push({ email: row.email, error: errors.get(row.email) ?? `recording the sync failed: ${recordError}` });
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
