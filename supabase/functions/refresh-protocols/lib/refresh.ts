// The daily refresh, shared by `npm run data:refresh` (Node) and the refresh-protocols Edge
// Function (Deno): read DefiLlama's protocol list and its yields, plan every protocol's change,
// hold what a person should look at, and write the rest in one call
// (public.apply_protocol_refresh, one transaction). Runtime-neutral: the source and the store are
// injected.
//
// What it does (docs/data.md, "The daily refresh"):
// - matches entries by DefiLlama's id first, then by slug, and follows renames;
// - refreshes the TVL and chains of every covered row, and one history point a day;
// - refreshes yields from the pools whose project is the row's slug (yields.ts);
// - lists every RWA protocol above the threshold the directory lacks (tracked.ts), and adds the
//   ones a person accepted;
// - marks rows DefiLlama dropped, or tracked rows that fell below the threshold, never deleting;
// - holds a figure that moved too far (against the last figure and the 7-day median), a first
//   figure, and any value that is malformed, one protocol at a time.
//
// - refuses control, format and surrogate characters in every string from upstream before it
//   reaches SQL or a URL, and plans each protocol on its own: one bad value holds that protocol,
//   named in the report, and the rest is written (upstream-text.ts, plan-state.ts guardProtocol,
//   screen.ts);
// - recomputes the computed risk factors and the overall level of every protocol whose figure it
//   writes, and logs their changes, in the same transaction (plan-ratings.ts).
//
// The parts: plan.ts (what to write, hold and list), guardrail.ts (when a figure is held),
// backfill.ts (--backfill), plan-change-log.ts (the change log the writes make, by
// change-rules.ts), plan-ratings.ts (the computed risk factors and level the figures imply),
// report.ts (the report's lines), source.ts (reading a source), screen.ts (the last check before
// SQL) and types.ts (the rows, writes, source, store and report).
import { parseProtocolList, SourceError } from "./defillama.ts";
import { loadBackfill } from "./backfill.ts";
import { DEFAULT_CHANGE_THRESHOLDS } from "./change-rules.ts";
import { planChangeLog } from "./plan-change-log.ts";
import { planRefresh } from "./plan.ts";
import { planRatings } from "./plan-ratings.ts";
import { planProductYields } from "./product-yields.ts";
import { formatReport } from "./report.ts";
import { screenPayload, takeOutProtocols } from "./screen.ts";
import { showText } from "./upstream-text.ts";
import { readSource } from "./source.ts";
import { DEFAULT_TRACK_THRESHOLD_USD } from "./tracked.ts";
import type { AppliedCounts, RefreshOptions, RefreshReport } from "./types.ts";
import { parseYieldsResponse, type RawPool } from "./yields.ts";
import { isIsoDay } from "../../_shared/iso-day.ts";

export class RefreshUsageError extends Error {}

const NO_WRITES: AppliedCounts = {
  updated: 0,
  inserted: 0,
  renamed: 0,
  tvl: 0,
  yields: 0,
  dropped: 0,
  history: 0,
  yield_history: 0,
  changes: 0,
};

/**
 * One refresh run. The two sources fail independently: a failed protocol list writes no TVL,
 * identity, tracked or dropped change, a failed yields source writes no yield, and the other
 * source's changes are still written. When every source read fails, SourceError is thrown and
 * nothing is written. The database is written by one call at the end (one transaction).
 */
export async function refreshProtocols(options: RefreshOptions): Promise<RefreshReport> {
  const log = options.log ?? (() => {});
  const { day, source, store } = options;
  if (!isIsoDay(day)) throw new RefreshUsageError(`The run's date must be a real YYYY-MM-DD day, got '${day}'.`);
  const accept = new Set([...(options.accept ?? []), ...(options.acceptListed ?? [])]);
  const threshold = options.trackThreshold ?? DEFAULT_TRACK_THRESHOLD_USD;
  if (!Number.isFinite(threshold) || threshold < 0)
    throw new RefreshUsageError(`The tracking threshold must be a non-negative amount of dollars, got ${threshold}.`);

  const failures: RefreshReport["failures"] = [];
  const list = await readSource(
    () => source.list(),
    (body) => parseProtocolList(body, source.label),
  );
  if ("error" in list) failures.push({ source: "protocols", message: list.error });
  let pools: RawPool[] | null = null;
  if (source.yields) {
    const yields = source.yields;
    const read = await readSource(
      () => yields.read(),
      (body) => parseYieldsResponse(body, yields.label),
    );
    if ("error" in read) failures.push({ source: "yields", message: read.error });
    else pools = read.value;
  }
  const entries = "value" in list ? list.value : null;
  if (entries === null && pools === null) {
    throw new SourceError(failures.map((f) => f.message).join("; and "));
  }

  const rows = await store.currentRows();
  const baselines = new Map((await store.baselines(day)).map((b) => [b.defillama_slug, b]));
  const windows = new Map((await store.changeWindows(day)).map((w) => [w.defillama_slug, w]));
  const plan = planRefresh({
    rows,
    entries,
    pools,
    baselines,
    day,
    accept,
    threshold,
    assetClasses: options.assetClasses,
  });
  if (entries !== null) {
    const unknown = [...new Set(options.accept ?? [])].filter((slug) => !plan.known.has(slug));
    if (unknown.length > 0) {
      throw new RefreshUsageError(
        `--accept ${unknown.join(", ")}: no protocol has that defillama_slug and DefiLlama's list has no such slug. Nothing was written.`,
      );
    }
  }

  // Nothing with a control, format or surrogate character reaches SQL (upstream-text.ts).
  screenPayload(plan, (slug, line) => plan.held.push({ slug, line }));

  const backfill: RefreshReport["backfill"] =
    options.backfill && entries !== null ? await loadBackfill(plan, rows, source, day) : [];

  // The ratings the written figures imply, and the change log the writes make, in the same call (a
  // held figure is not written, so it changes no rating and records nothing).
  const thresholds = options.changeThresholds ?? DEFAULT_CHANGE_THRESHOLDS;
  const inputs = plan.payload.tvl.length > 0 && store.ratingInputs ? await store.ratingInputs() : [];
  const rated = planRatings({ plan, rows, day, inputs });
  plan.payload.ratings = rated.ratings;
  takeOutProtocols(plan, rated.failed.keys());
  for (const [slug, message] of rated.failed)
    plan.held.push({
      slug,
      line: `held for review: ${slug}: rating it failed (${showText(message).slice(1, -1)}); nothing about it was written`,
    });
  plan.payload.log = [...planChangeLog({ plan, rows, day, windows, thresholds }), ...rated.log];

  const payload = plan.payload;
  // Each product's yield from its pools, and the data gaps each range leaves out (issue 28).
  const products =
    pools !== null && store.productPools !== undefined
      ? planProductYields(payload.yields, rows, pools, await store.productPools())
      : undefined;
  const anything = Object.values(payload).some((section) => section.length > 0);
  let written = NO_WRITES;
  if (!options.dryRun && anything) written = await store.apply(day, payload, products);

  const report: RefreshReport = {
    day,
    source: source.label,
    yieldsSource: source.yields?.label ?? null,
    dryRun: options.dryRun === true,
    changes: plan.changes,
    yields: plan.yields,
    held: plan.held,
    notCovered: plan.notCovered,
    renames: plan.renames,
    tracked: plan.tracked,
    dropped: plan.dropped,
    withoutPools: plan.withoutPools,
    failures,
    written,
    backfill,
    counts: {
      updated: plan.changes.filter((c) => c.status === "updated" || c.status === "accepted").length,
      unchanged: plan.changes.filter((c) => c.status === "unchanged" || c.status === "kept-newer").length,
      held: plan.changes.filter((c) => c.status === "held").length,
      notCovered: plan.notCovered.length,
      newTracked: plan.tracked.filter((t) => t.status === "listed").length,
      added: plan.tracked.filter((t) => t.status === "added").length,
      renamed: plan.renames.length,
      dropped: plan.dropped.length,
      yieldsUpdated: plan.yields.filter((y) => y.status === "updated" || y.status === "accepted").length,
      yieldsUnchanged: plan.yields.filter((y) => y.status === "unchanged" || y.status === "kept-newer").length,
      yieldsHeld: plan.yields.filter((y) => y.status === "held").length,
    },
    payload,
  };
  for (const line of formatReport(report, [...new Set(options.accept ?? [])], plan.released, options.acceptListed))
    log(line);
  return report;
}
