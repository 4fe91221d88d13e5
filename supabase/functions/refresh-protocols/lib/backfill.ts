// --backfill: each covered row's daily history from DefiLlama (GET /protocol/{slug}), before the
// run's day, added to the run's one write. Runtime-neutral: the source is injected.
import { parseProtocolHistory, SourceError, type HistoryPoint } from "./defillama.ts";
import { byName, type Plan } from "./plan-state.ts";
import type { CurrentRow, RefreshReport, RefreshSource } from "./types.ts";

/**
 * Reads the history of every row the plan covers (in name order) and adds its points before `day`
 * to the plan's payload; a saved copy that does not exist or does not parse is a report line.
 */
export async function loadBackfill(
  plan: Plan,
  rows: readonly CurrentRow[],
  source: RefreshSource,
  day: string,
): Promise<RefreshReport["backfill"]> {
  const backfill: RefreshReport["backfill"] = [];
  for (const row of [...rows].sort(byName)) {
    const slug = plan.slugOf.get(row.name);
    if (slug === undefined) continue;
    const body = await source.history(slug);
    if (body === null) {
      backfill.push({ slug, points: 0, skipped: 0, problem: null });
      continue;
    }
    let parsed: { points: HistoryPoint[]; skipped: number };
    try {
      parsed = parseProtocolHistory(body, source.historyLabel(slug));
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      backfill.push({ slug, points: 0, skipped: 0, problem: error.message });
      continue;
    }
    // The run's own day comes from the list (the figure the guardrail checked), not the history.
    const kept = parsed.points.filter((p) => p.day < day);
    backfill.push({ slug, points: kept.length, skipped: parsed.skipped, problem: null });
    for (const point of kept)
      plan.payload.history.push({ defillama_slug: slug, day: point.day, tvl_usd: point.tvlUsd });
  }
  return backfill;
}
