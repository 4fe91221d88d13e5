import { METRICS } from "./sort";
import type { Protocol } from "./types";

export type BestMetric = keyof typeof METRICS;
/** For each comparable row, the slugs of the protocols holding the best value (all of them on a tie). */
export type BestValues = Partial<Record<BestMetric, string[]>>;

/**
 * Best = highest TVL, highest yield (upper bound), lowest minimum, lowest risk. Only marked with
 * two or more protocols whose parsed values differ; an unparseable value is never best.
 */
export function bestValues(protocols: readonly Protocol[]): BestValues {
  const best: BestValues = {};
  if (protocols.length < 2) return best;
  for (const metric of Object.keys(METRICS) as BestMetric[]) {
    const { value, direction } = METRICS[metric];
    const values = protocols.map((protocol) => ({ slug: protocol.slug, value: value(protocol) }));
    const known = values.filter((entry): entry is { slug: string; value: number } => entry.value !== null);
    const distinct = new Set(values.map((entry) => entry.value));
    if (known.length === 0 || distinct.size < 2) continue;
    const top = direction === -1 ? Math.max(...known.map((e) => e.value)) : Math.min(...known.map((e) => e.value));
    best[metric] = known.filter((entry) => entry.value === top).map((entry) => entry.slug);
  }
  return best;
}
