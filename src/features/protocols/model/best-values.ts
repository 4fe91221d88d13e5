import { RISK_FACTORS, scoreOf, type Assessment, type RiskFactor } from "@/lib/risk-rating";
import { METRICS } from "../filters/sort";
import type { Protocol } from "./types";

export type BestMetric = keyof typeof METRICS;
/** For each comparable row, the slugs of the protocols holding the best value (all of them on a tie). */
export type BestValues = Partial<Record<BestMetric, string[]>>;
/** For each risk factor, the slugs of the protocols with its lowest-risk assessment (all of them on a tie). */
export type BestFactors = Partial<Record<RiskFactor, string[]>>;

type Ranked = { slug: string; value: number | null };

/**
 * The slugs holding the top value (direction -1: highest, 1: lowest), or null when nothing is
 * marked: fewer than two protocols, no known value, or every value the same (an unknown value
 * counts as different from a known one, so a known value beats an unknown). Unknown is never best.
 */
function bestOf(values: readonly Ranked[], direction: 1 | -1): string[] | null {
  if (values.length < 2) return null;
  const known = values.filter((entry): entry is { slug: string; value: number } => entry.value !== null);
  const distinct = new Set(values.map((entry) => entry.value));
  if (known.length === 0 || distinct.size < 2) return null;
  const top = direction === -1 ? Math.max(...known.map((e) => e.value)) : Math.min(...known.map((e) => e.value));
  return known.filter((entry) => entry.value === top).map((entry) => entry.slug);
}

/**
 * Best = highest TVL, highest yield (upper bound), lowest minimum, lowest risk. Only marked with
 * two or more protocols whose parsed values differ; an unparseable value is never best.
 */
export function bestValues(protocols: readonly Protocol[]): BestValues {
  const best: BestValues = {};
  for (const metric of Object.keys(METRICS) as BestMetric[]) {
    const { value, direction } = METRICS[metric];
    const top = bestOf(
      protocols.map((protocol) => ({ slug: protocol.slug, value: value(protocol) })),
      direction,
    );
    if (top) best[metric] = top;
  }
  return best;
}

/**
 * Per factor, the lowest-risk assessment among the compared protocols, by the same rule as the
 * other rows: 'Unknown' (or a protocol whose factors could not be loaded: `assessments` null) is
 * not ranked, and nothing is marked when every assessment is the same.
 */
export function bestFactorValues(
  compared: ReadonlyArray<{ slug: string; assessments: Partial<Record<RiskFactor, Assessment>> | null }>,
): BestFactors {
  const best: BestFactors = {};
  for (const factor of RISK_FACTORS) {
    const top = bestOf(
      compared.map(({ slug, assessments }) => {
        const assessment = assessments?.[factor] ?? "Unknown";
        return { slug, value: assessment === "Unknown" ? null : scoreOf(assessment) };
      }),
      1,
    );
    if (top) best[factor] = top;
  }
  return best;
}
