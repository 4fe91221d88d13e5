// What the planning steps (plan.ts: covered rows, tracked candidates, yields) share: the run's
// input, the plan they fill in, and the slugs and ids already taken. Runtime-neutral: no I/O.
import type { RawEntry } from "./defillama.ts";
import type { Baseline, CurrentRow, RefreshReport } from "./types.ts";
import { showText } from "./upstream-text.ts";
import type { RawPool } from "./yields.ts";

export const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export type PlanInput = {
  rows: readonly CurrentRow[];
  /** null when the protocol list failed (or was not read). */
  entries: readonly RawEntry[] | null;
  /** null when the yields failed or were not read. */
  pools: readonly RawPool[] | null;
  baselines: ReadonlyMap<string, Baseline>;
  day: string;
  accept: ReadonlySet<string>;
  threshold: number;
  assetClasses?: ReadonlyMap<string, readonly string[]>;
};

export type Plan = Omit<
  RefreshReport,
  "day" | "source" | "yieldsSource" | "dryRun" | "failures" | "written" | "backfill" | "counts"
> & {
  /**
   * Every slug --accept may name: the rows' (before and after renames) and every slug in
   * DefiLlama's list (a protocol accepted on the day it first passes the threshold may be named
   * in the same --accept list on earlier days). Anything else is a typo.
   */
  known: Set<string>;
  released: Set<string>;
  /** Each covered row's slug after this run's renames. */
  slugOf: Map<string, string>;
};

/** The bookkeeping one run's steps pass on to the next. */
export type PlanState = {
  /** Slugs a row has (or takes this run): a rename or a new tracked row may not take them. */
  usedSlugs: Set<string>;
  /** DefiLlama ids a row has (or takes this run). */
  usedIds: Set<number>;
  /** Rows marked dropped by this run: they read no yield. */
  droppedNow: Set<string>;
  /** Tracked rows accepted this run: their first yield needs no second --accept. */
  acceptedInserts: Set<string>;
  /** Holds a figure or value for review, with its report line. */
  hold: (slug: string, line: string) => void;
};

/**
 * Whether the row holds something dated after the run's day: a figure, or the day DefiLlama stopped
 * listing it. A saved list replayed after a newer one then changes nothing about the row (its
 * figure, identity or mark), so no later knowledge is undone by an earlier day.
 */
export function knownAfter(row: CurrentRow, day: string): boolean {
  return (
    (row.tvl_as_of !== null && row.tvl_as_of > day) ||
    (row.defillama_dropped_on !== null && row.defillama_dropped_on > day)
  );
}

/**
 * Runs one protocol's part of the plan. An error in it (a value no check foresaw) must not stop
 * the run (issue 30, item 3): what that part had added to the plan is taken back, the protocol is
 * held and named in the report, and the other protocols are planned and written as usual.
 */
export function guardProtocol(plan: Plan, state: PlanState, slug: string, what: string, work: () => void): void {
  const lists: unknown[][] = [
    plan.changes,
    plan.yields,
    plan.held,
    plan.notCovered,
    plan.renames,
    plan.tracked,
    plan.dropped,
    plan.withoutPools,
    ...Object.values(plan.payload),
  ];
  const lengths = lists.map((list) => list.length);
  try {
    work();
  } catch (error) {
    lists.forEach((list, i) => (list.length = lengths[i]!));
    const message = showText(error instanceof Error ? error.message : String(error)).slice(1, -1);
    state.hold(slug, `held for review: ${slug}: ${what} failed (${message}); nothing about it was written`);
  }
}
