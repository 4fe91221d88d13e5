// The rating's change log (public.protocol_changes, kinds 'risk_factor' and 'risk_level'): which
// changes one protocol's rating went through between two states of its data. Pure.
//
// Who records what (docs/methodology.md, "Changes"):
// - a review (data:build's seed, data:push) records the researched factors and the overall level;
// - the daily refresh records the computed factors (track record, audits) and the overall level,
//   in the same transaction as the figures: refreshRatingChanges says what a refresh implies.
import { computedFactors, type ComputedInput, type ComputedRecord } from "./computed-factors.ts";
import {
  FACTOR_LABELS,
  overallRating,
  RATING_VERSION,
  RISK_FACTORS,
  type RiskFactor,
  type RiskStep,
} from "./risk-rating.ts";

/** How an absent factor and an absent overall level read in the log. */
export const UNKNOWN_VALUE = "Unknown";
export const NOT_RATED_VALUE = "Not rated";
/** The table's limit on a reason. */
export const REASON_MAX = 400;

/** One evidenced factor as the log compares it. */
export type FactorState = { level: RiskStep; computed: boolean; finding: string; sourceUrl: string };

/** A protocol's rating at one moment: its evidenced factors (absent: Unknown) and overall level. */
export type RatingState = { factors: Partial<Record<RiskFactor, FactorState>>; level: RiskStep | null };

/** One row for public.protocol_changes, without the protocol and the day. */
export type RatingChange = {
  kind: "risk_factor" | "risk_level";
  /** The factor; null for the overall level. */
  field: RiskFactor | null;
  oldValue: string;
  newValue: string;
  reason: string;
  sourceUrl: string | null;
};

export const NO_RATING: RatingState = { factors: {}, level: null };

function levelOf(state: FactorState | undefined): string {
  return state?.level ?? UNKNOWN_VALUE;
}

function clip(text: string): string {
  return text.length <= REASON_MAX ? text : `${text.slice(0, REASON_MAX - 1)}…`;
}

/** Why a factor changed: its new finding, or why it has none now. */
function factorReason(before: FactorState | undefined, after: FactorState | undefined): string {
  if (after) return after.finding;
  return before?.computed
    ? "The data the factor was computed from is missing, so it is Unknown (never counted as safer)."
    : "No acceptable source states it any more, so the factor is Unknown (never counted as safer).";
}

/**
 * The changes from `before` to `after` that `by` records:
 * - 'review': a factor whose level changed where either side is researched, unless the protocol
 *   had no evidenced factor before (a first assessment is not a change); and the overall level.
 * - 'refresh': a factor whose level changed where neither side is researched; and the overall level.
 * Levels are compared, not findings: a reworded finding or a new source is not a change of
 * assessment. Unknown and 'Not rated' are values like the levels.
 */
export function ratingChanges(before: RatingState, after: RatingState, by: "review" | "refresh"): RatingChange[] {
  const changes: RatingChange[] = [];
  const moved: string[] = [];
  const firstAssessment = Object.keys(before.factors).length === 0;
  for (const factor of RISK_FACTORS) {
    const old = before.factors[factor];
    const now = after.factors[factor];
    if (levelOf(old) === levelOf(now)) continue;
    moved.push(`${FACTOR_LABELS[factor]} ${levelOf(old)} -> ${levelOf(now)}`);
    const researched = old?.computed === false || now?.computed === false;
    if (by === "review" ? !researched || firstAssessment : researched) continue;
    changes.push({
      kind: "risk_factor",
      field: factor,
      oldValue: levelOf(old),
      newValue: levelOf(now),
      reason: clip(factorReason(old, now)),
      sourceUrl: now?.sourceUrl ?? null,
    });
  }
  if (before.level !== after.level) {
    const why = moved.length > 0 ? `: ${moved.join("; ")}.` : " to the same factors.";
    changes.push({
      kind: "risk_level",
      field: null,
      oldValue: before.level ?? NOT_RATED_VALUE,
      newValue: after.level ?? NOT_RATED_VALUE,
      reason: clip(`Rule ${RATING_VERSION} applied${why}`),
      sourceUrl: null,
    });
  }
  return changes;
}

/** A rating state from evidenced factors, with the overall level the rule gives them. */
export function ratingState(factors: ReadonlyArray<{ factor: RiskFactor } & FactorState>): RatingState {
  const byFactor: RatingState["factors"] = {};
  for (const { factor, ...state } of factors) byFactor[factor] = state;
  const level = overallRating(Object.fromEntries(factors.map((f) => [f.factor, f.level]))).level;
  return { factors: byFactor, level };
}

/** A researched factor as the refresh reads it from public.protocol_risk_factors (computed = false). */
export type ResearchedFactor = { factor: RiskFactor; level: RiskStep; finding: string; sourceUrl: string };

/** A computed factor as the table holds it (public.protocol_risk_factors, computed = true). */
export type StoredComputedFactor = { factor: RiskFactor; level: RiskStep; finding: string; sourceUrl: string };

/**
 * What a refresh implies for one protocol's rating: given its researched factors and the
 * computed inputs after the refresh (DefiLlama's audits flag and listing date, the TVL, its day and
 * our history), the computed factor rows to write (a researched row replaces its computed one; a
 * factor left out is Unknown), the new overall level, and the change rows to record in the same
 * transaction (computed factors and the overall level only: researched factors change by review).
 * `before` is the computed inputs before the refresh, or the computed rows the table holds now (what
 * the site shows, whatever the inputs were). `levelBefore`, when given, is the level the row holds
 * now (protocols.risk_level); else it is the rule's level for the state before.
 */
export function refreshRatingChanges(args: {
  researched: readonly ResearchedFactor[];
  before: ComputedInput | readonly StoredComputedFactor[];
  after: ComputedInput;
  levelBefore?: RiskStep | null;
}): { computed: ComputedRecord[]; level: RiskStep | null; changes: RatingChange[] } {
  const researched = args.researched.map((r) => ({ ...r, computed: false }));
  const taken = new Set(researched.map((r) => r.factor));
  const own = <T extends StoredComputedFactor>(rows: readonly T[]) => rows.filter((c) => !taken.has(c.factor));
  const state = (computed: readonly StoredComputedFactor[]) =>
    ratingState([...researched, ...computed.map((c) => ({ ...c, computed: true }))]);
  const after = own(computedFactors(args.after));
  const next = state(after);
  const previous = state(own(isComputedInput(args.before) ? computedFactors(args.before) : args.before));
  if (args.levelBefore !== undefined) previous.level = args.levelBefore;
  return { computed: after, level: next.level, changes: ratingChanges(previous, next, "refresh") };
}

function isComputedInput(value: ComputedInput | readonly StoredComputedFactor[]): value is ComputedInput {
  return !Array.isArray(value);
}
