// The run's entries for the public change log (public.protocol_changes), from what the plan will
// write: they travel in the same call as the figures (payload.log, applied by
// public.apply_protocol_refresh_logged in one transaction), so a held figure, which the plan does
// not write, records nothing either. Runtime-neutral: no I/O.
import { DEFILLAMA_SITE } from "./defillama.ts";
import { tvlMove, yieldMove, type ChangeThresholds, type TvlPoint } from "./change-rules.ts";
import type { Plan } from "./plan-state.ts";
import type { ChangeLogEntry, ChangeWindow, CurrentRow } from "./types.ts";

const WRITTEN = new Set(["updated", "accepted"]);

export type ChangeLogInput = {
  plan: Plan;
  rows: readonly CurrentRow[];
  day: string;
  /** Per row's slug before the run: its TVL points of the 7 days before and its last recorded TVL move. */
  windows: ReadonlyMap<string, ChangeWindow>;
  thresholds: ChangeThresholds;
};

const page = (slug: string) => `${DEFILLAMA_SITE}${slug}`;
const dollars = (usd: number | null) => (usd === null ? null : String(Math.round(usd)));

export function planChangeLog({ plan, rows, day, windows, thresholds }: ChangeLogInput): ChangeLogEntry[] {
  const log: ChangeLogEntry[] = [];
  const byName = new Map(rows.map((row) => [row.name, row]));
  const payload = plan.payload;

  // DefiLlama renamed a covered protocol's entry: its TVL and page follow the new slug. Only a rename
  // the run writes: one the last check before SQL took out (screen.ts) names a slug no row will have,
  // and would abort the whole call.
  const renamed = new Set(payload.identities.map((identity) => identity.new_slug));
  for (const rename of plan.renames) {
    if (!renamed.has(rename.to)) continue;
    log.push({
      defillama_slug: rename.to,
      kind: "renamed",
      field: "defillama_slug",
      old_value: rename.from,
      new_value: rename.to,
      reason: "DefiLlama renamed its entry; the TVL and its page follow.",
      source_url: page(rename.to),
    });
  }

  // New tracked rows a person accepted, with the figure they are listed with.
  for (const insert of payload.inserts) {
    const tvl = payload.tvl.find((t) => t.defillama_slug === insert.defillama_slug);
    log.push({
      defillama_slug: insert.defillama_slug,
      kind: "listed",
      field: null,
      old_value: null,
      new_value: dollars(tvl?.tvl_usd ?? null),
      reason: "DefiLlama lists it in an RWA category above the tracking threshold.",
      source_url: page(insert.defillama_slug),
    });
  }

  // Dropped (by DefiLlama, or a tracked row below the threshold), and back in the list.
  for (const mark of payload.dropped) {
    const dropped = plan.dropped.find((d) => d.slug === mark.defillama_slug);
    const row = rows.find((r) => (plan.slugOf.get(r.name) ?? r.defillama_slug) === mark.defillama_slug);
    if (mark.dropped_on !== null) {
      log.push({
        defillama_slug: mark.defillama_slug,
        kind: "dropped",
        field: dropped?.reason.startsWith("below") ? "below_threshold" : null,
        old_value: dollars(row?.tvl_usd ?? null),
        new_value: null,
        reason: dropped ? `${dropped.reason[0]!.toUpperCase()}${dropped.reason.slice(1)}.` : null,
        source_url: page(mark.defillama_slug),
      });
    } else {
      const tvl = payload.tvl.find((t) => t.defillama_slug === mark.defillama_slug);
      log.push({
        defillama_slug: mark.defillama_slug,
        kind: "listed",
        field: "relisted",
        old_value: null,
        new_value: dollars(tvl?.tvl_usd ?? null),
        reason: "DefiLlama lists it again.",
        source_url: page(mark.defillama_slug),
      });
    }
  }

  // TVL moves past the thresholds, for the figures this run writes.
  for (const change of plan.changes) {
    if (!WRITTEN.has(change.status) || change.newUsd === null) continue;
    const row = byName.get(change.name);
    const window = row?.defillama_slug ? windows.get(row.defillama_slug) : undefined;
    const points: TvlPoint[] = [...(window?.points ?? [])];
    // The published figure counts as its day's point when the history lacks it.
    if (row?.tvl_usd != null && row.tvl_as_of !== null && !points.some((p) => p.day === row.tvl_as_of)) {
      points.push({ day: row.tvl_as_of, usd: row.tvl_usd });
    }
    const move = tvlMove(day, change.newUsd, points, window?.last_tvl_change ?? null, thresholds);
    if (move) log.push({ defillama_slug: change.slug, kind: "tvl", ...move, source_url: page(change.slug) });
  }

  // Yield moves past the threshold, against the published range.
  for (const change of plan.yields) {
    if (!WRITTEN.has(change.status)) continue;
    const row = byName.get(change.name);
    const written = payload.yields.find((y) => y.defillama_slug === change.slug);
    if (!row || !written || row.yield_apy_min === null || row.yield_apy_max === null) continue;
    const move = yieldMove(
      { min: row.yield_apy_min, max: row.yield_apy_max },
      { min: written.apy_min, max: written.apy_max },
      thresholds,
    );
    if (move) {
      log.push({ defillama_slug: change.slug, kind: "yield", field: null, ...move, source_url: written.source_url });
    }
  }
  return log;
}
