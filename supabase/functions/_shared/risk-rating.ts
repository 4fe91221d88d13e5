/**
 * The risk rating rule, version 1.1 (docs/methodology.md states it in words; the /methodology page
 * renders the same constants). Pure: no I/O, no dates read from the clock.
 *
 * Seven factors, each assessed on the spec's four steps or 'Unknown'. The overall level:
 * 1. fewer than MIN_EVIDENCED known factors: not rated (null);
 * 2. each factor scores 1 (Low) to 4 (Very High); 'Unknown' scores 4, so it is never safer than
 *    any known assessment;
 * 3. the overall score is the mean of the seven scores, rounded half up;
 * 4. weakest link: the overall level is never more than two steps safer than the worst factor.
 */
import { compareIsoDays, isIsoDay } from "./iso-day.ts";
import { formatEnUs } from "./en-us-number.ts";

export const RATING_VERSION = "1.1";

/** Below this many evidenced (known) factors a protocol is 'Not rated'. */
export const MIN_EVIDENCED = 5;

/** How many steps safer than its worst factor the overall level may be. */
export const WEAKEST_LINK_SPAN = 2;

export const RISK_STEPS = ["Low", "Medium", "High", "Very High"] as const;
export type RiskStep = (typeof RISK_STEPS)[number];
export type Assessment = RiskStep | "Unknown";

export const RISK_FACTORS = [
  "asset",
  "legal",
  "custody",
  "redemption",
  "contract",
  "track_record",
  "regulation",
] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];

/** The factor names a reader sees, in the order the method lists them. */
export const FACTOR_LABELS: Record<RiskFactor, string> = {
  asset: "Underlying asset",
  legal: "Legal structure and claim",
  custody: "Custody and transparency",
  redemption: "Redemption liquidity",
  contract: "Smart contract and platform",
  track_record: "Track record and scale",
  regulation: "Regulation",
};

export function isRiskFactor(value: string): value is RiskFactor {
  return (RISK_FACTORS as readonly string[]).includes(value);
}

export function isRiskStep(value: string): value is RiskStep {
  return (RISK_STEPS as readonly string[]).includes(value);
}

/** 1 (Low) to 4 (Very High); 'Unknown' is 4. */
export function scoreOf(assessment: Assessment): number {
  return assessment === "Unknown" ? 4 : RISK_STEPS.indexOf(assessment) + 1;
}

function stepOf(score: number): RiskStep {
  const clamped = Math.min(4, Math.max(1, score));
  return RISK_STEPS[clamped - 1] as RiskStep;
}

export type Assessments = Partial<Record<RiskFactor, Assessment>>;

export interface OverallRating {
  /** null: 'Not rated' (fewer than MIN_EVIDENCED known factors). */
  level: RiskStep | null;
  /** Known (evidenced) factors. */
  evidenced: number;
  /** The mean of the seven scores, before rounding. */
  mean: number;
  /** True when the weakest-link floor, not the mean, set the level. */
  weakestLinkApplied: boolean;
}

/** The overall level from the factors' assessments (a missing factor is 'Unknown'). */
export function overallRating(assessments: Assessments): OverallRating {
  const scores = RISK_FACTORS.map((factor) => scoreOf(assessments[factor] ?? "Unknown"));
  const evidenced = RISK_FACTORS.filter((factor) => (assessments[factor] ?? "Unknown") !== "Unknown").length;
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  if (evidenced < MIN_EVIDENCED) {
    return { level: null, evidenced, mean, weakestLinkApplied: false };
  }
  // Half up: 1.5 is Medium, 2.5 High, 3.5 Very High. The epsilon absorbs float error in sevenths.
  const byMean = Math.floor(mean + 0.5 + 1e-9);
  const floor = Math.max(...scores) - WEAKEST_LINK_SPAN;
  return {
    level: stepOf(Math.max(byMean, floor)),
    evidenced,
    mean,
    weakestLinkApplied: floor > byMean,
  };
}

/* ---------------------------------------------------------------- computed factors */

export interface ComputedFactor {
  level: Assessment;
  finding: string;
}

/**
 * Smart contract and platform, from DefiLlama's `audits` field: "2" (audited) is Medium; "1" (partly
 * unaudited) and "3" (a fork of audited code, not itself audited) are High. "0" says only that
 * DefiLlama records no audit: missing data, not a finding, so it is Unknown like a missing flag
 * (since rule 1.1; a researched finding from the audit reports replaces it). Low needs researched
 * evidence (several public audits, no incident), which DefiLlama's flag cannot show.
 */
export function contractFactor(audits: number | null): ComputedFactor {
  switch (audits) {
    case 2:
      return { level: "Medium", finding: "DefiLlama records audits of the protocol's contracts." };
    case 1:
      return { level: "High", finding: "DefiLlama records the protocol as only partly audited." };
    case 3:
      return {
        level: "High",
        finding: "DefiLlama records the contracts as a fork of audited code, not audited themselves.",
      };
    case 0:
      return { level: "Unknown", finding: "DefiLlama records no audit, which says nothing about the contracts." };
    default:
      return { level: "Unknown", finding: "DefiLlama has no audit record for this protocol." };
  }
}

export interface HistoryPoint {
  day: string;
  tvlUsd: number;
}

/** The largest fall from a running peak, as a fraction (0.5 = 50%); 0 with fewer than two points. */
export function maxDrawdown(points: readonly HistoryPoint[]): number {
  let peak = 0;
  let worst = 0;
  for (const point of [...points].sort((a, b) => compareIsoDays(a.day, b.day))) {
    if (!(point.tvlUsd >= 0)) continue;
    if (point.tvlUsd > peak) peak = point.tvlUsd;
    else if (peak > 0) worst = Math.max(worst, (peak - point.tvlUsd) / peak);
  }
  return worst;
}

function wholeYearsBetween(from: string, to: string): number {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  let years = b.getUTCFullYear() - a.getUTCFullYear();
  const beforeAnniversary =
    b.getUTCMonth() < a.getUTCMonth() || (b.getUTCMonth() === a.getUTCMonth() && b.getUTCDate() < a.getUTCDate());
  if (beforeAnniversary) years -= 1;
  return years;
}

function money(usd: number): string {
  if (usd >= 1e9) return `$${(usd / 1e9).toFixed(1)}B`;
  if (usd >= 1e6) return `$${(usd / 1e6).toFixed(1)}M`;
  return `$${formatEnUs(Math.round(usd))}`;
}

export interface TrackRecordInput {
  /** When DefiLlama first listed the protocol, YYYY-MM-DD; null if unknown. */
  since: string | null;
  /** The date the figures refer to, YYYY-MM-DD. */
  asOf: string;
  /** The latest TVL in dollars; null if unknown. */
  tvlUsd: number | null;
  /** Our own dated TVL history. */
  history: readonly HistoryPoint[];
}

/**
 * Track record and scale. Age: three years or more scores 1, one to three 2, under a year 3.
 * Size: $1B or more scores 1, $100M 2, $10M 3, below 4. The factor is the worse of the two, one
 * step worse (capped at Very High) when our history shows a fall of 50% or more from a peak.
 * Unknown without a size, and (since rule 1.1) without a date to count the age from: an unknown
 * age is missing data, not a young protocol.
 */
export function trackRecordFactor(input: TrackRecordInput): ComputedFactor {
  const { since, asOf, tvlUsd, history } = input;
  if (tvlUsd === null || !Number.isFinite(tvlUsd) || tvlUsd < 0) {
    return { level: "Unknown", finding: "No dated TVL figure is on record." };
  }
  if (since === null) {
    return { level: "Unknown", finding: "No launch date and no DefiLlama listing date are on record." };
  }
  // A day that is not a calendar date counts no age: without this guard it scored as the oldest.
  if (!isIsoDay(since)) {
    return { level: "Unknown", finding: `The launch date on record ('${since.slice(0, 20)}') is not a date.` };
  }
  if (!isIsoDay(asOf)) {
    return { level: "Unknown", finding: "No dated TVL figure is on record." };
  }
  const years = wholeYearsBetween(since, asOf);
  const ageScore = years < 1 ? 3 : years < 3 ? 2 : 1;
  const sizeScore = tvlUsd >= 1e9 ? 1 : tvlUsd >= 1e8 ? 2 : tvlUsd >= 1e7 ? 3 : 4;
  const drawdown = maxDrawdown(history);
  const score = Math.min(4, Math.max(ageScore, sizeScore) + (drawdown >= 0.5 ? 1 : 0));
  const age =
    years >= 1 ? `live since ${since} (${years} year${years === 1 ? "" : "s"})` : `live since ${since} (under a year)`;
  const fall =
    drawdown >= 0.5
      ? `; our history shows a ${Math.round(drawdown * 100)}% fall from a peak`
      : history.length >= 2
        ? `; largest fall in our history ${Math.round(drawdown * 100)}%`
        : "";
  return {
    level: stepOf(score),
    finding: `TVL ${money(tvlUsd)} on ${asOf}, ${age}${fall}.`,
  };
}
