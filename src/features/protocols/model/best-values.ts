import { RISK_FACTORS, scoreOf, type Assessment, type RiskFactor } from "@/lib/risk-rating";
import { parseMinInvestment, parseYieldUpperBound, riskRank, type SortKey } from "../filters/sort";
import { parseTvlMillions } from "./tvl";
import type { Protocol } from "./types";

export type BestMetric = Exclude<SortKey, "name">;
/** For each comparable row, the slugs of the protocols holding the best value (all of them on a tie). */
export type BestValues = Partial<Record<BestMetric, string[]>>;
/** For each risk factor, the slugs of the protocols with its lowest-risk assessment (all of them on a tie). */
export type BestFactors = Partial<Record<RiskFactor, string[]>>;
/** Why a row has no 'Best' mark (its tooltip), per metric and per factor. */
export type BestReasons = Partial<Record<BestMetric | RiskFactor, string>>;

/**
 * One compared value: a number and the kind of number it is (two values of different kinds are
 * never ranked against each other), or the text that states no single figure.
 */
type Figure = { name: string; slug: string } & ({ value: number; kind: string } | { value: null; stated: string });

type Outcome = { best: string[] } | { reason: string } | null;

const quote = (text: string) => `'${text.trim() || "blank"}'`;
const ONE_FIGURE = "not every value is one figure";
const list = (names: readonly string[]) =>
  names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;

/**
 * The 'Best' rule: a row is marked only when every compared value is a number of the same kind.
 * Then the top one (direction -1: highest, 1: lowest) is marked, every holder on a tie, unless all
 * are equal. Otherwise nothing is marked and the reason says why. Fewer than two: null (no row to rank).
 */
function rank(figures: readonly Figure[], direction: 1 | -1, unstatedLead: string): Outcome {
  if (figures.length < 2) return null;
  const unstated = figures.flatMap((figure) => (figure.value === null ? [`${figure.name}: ${figure.stated}`] : []));
  if (unstated.length > 0) return { reason: `Not ranked: ${unstatedLead} (${unstated.join("; ")}).` };
  const known = figures as ReadonlyArray<Figure & { value: number; kind: string }>;
  const kinds = [...new Set(known.map((figure) => figure.kind))];
  if (kinds.length > 1)
    return {
      reason: `Not ranked: the figures are not of one kind (${kinds
        .map((kind) => `${kind}: ${list(known.filter((f) => f.kind === kind).map((f) => f.name))}`)
        .join("; ")}).`,
    };
  if (new Set(known.map((figure) => figure.value)).size < 2) return { reason: "Not ranked: every value is the same." };
  const values = known.map((figure) => figure.value);
  const top = direction === -1 ? Math.max(...values) : Math.min(...values);
  return { best: known.filter((figure) => figure.value === top).map((figure) => figure.slug) };
}

/** A target or an advertised rate is not a rate paid: the two are never ranked together. */
const PROMISED = /\b(target|targets|targeted|advertised|projected|expected|up to)\b/i;
const CURRENCY = /^~?\s*([$€£])/;

/** How each ranked row reads a protocol's value, and of what kind it is. */
const FIGURES: Record<BestMetric, { direction: 1 | -1; unstated: string; figure: (p: Protocol) => Figure }> = {
  tvl: {
    direction: -1,
    unstated: ONE_FIGURE,
    figure: (p) => {
      const value = parseTvlMillions(p.tvl);
      const kind = p.tvlSource === "defillama" ? "DefiLlama's TVL" : "the issuer's or our own figure";
      return value === null ? { ...who(p), value, stated: quote(p.tvl) } : { ...who(p), value, kind };
    },
  },
  yield: {
    direction: -1,
    unstated: ONE_FIGURE,
    figure: (p) => {
      const value = parseYieldUpperBound(p.yieldRange);
      // A text quoting several products' rates is not one figure either ('~4.0% USD / ~2.0% EUR').
      const several = /[;/]/.test(p.yieldRange.replace(/\([^()]*\)/g, ""));
      if (value === null || several) return { ...who(p), value: null, stated: quote(p.yieldRange) };
      return { ...who(p), value, kind: PROMISED.test(p.yieldRange) ? "a target or advertised rate" : "a rate paid" };
    },
  },
  min: {
    direction: 1,
    unstated: ONE_FIGURE,
    figure: (p) => {
      const value = parseMinInvestment(p.minInvestment);
      if (value === null) return { ...who(p), value, stated: quote(p.minInvestment) };
      // No minimum is 0 in any currency; an amount is in the currency it is written in.
      const currency = value === 0 ? null : (CURRENCY.exec(p.minInvestment)?.[1] ?? null);
      return { ...who(p), value, kind: currency === null ? "any" : `in ${currency}` };
    },
  },
  risk: {
    direction: 1,
    unstated: "not every protocol is rated",
    figure: (p) => {
      const value = riskRank(p.riskLevel);
      return value === null ? { ...who(p), value, stated: "Not rated" } : { ...who(p), value, kind: "level" };
    },
  },
};

const who = (p: Protocol) => ({ name: p.name, slug: p.slug });

/** 'No minimum' ranks against any currency: it takes the others' kind. */
function withAnyAsOthers(figures: Figure[]): Figure[] {
  const kinds = new Set(figures.flatMap((f) => (f.value !== null && f.kind !== "any" ? [f.kind] : [])));
  const only = kinds.size === 1 ? [...kinds][0]! : "in $";
  return figures.map((f) => (f.value !== null && f.kind === "any" ? { ...f, kind: only } : f));
}

/** Best = highest TVL, highest yield (upper bound), lowest minimum, lowest risk; and why a row has none. */
export function rankMetrics(protocols: readonly Protocol[]): { best: BestValues; reasons: BestReasons } {
  const best: BestValues = {};
  const reasons: BestReasons = {};
  for (const metric of Object.keys(FIGURES) as BestMetric[]) {
    const { figure, direction, unstated } = FIGURES[metric];
    const figures = protocols.map(figure);
    const outcome = rank(metric === "min" ? withAnyAsOthers(figures) : figures, direction, unstated);
    if (outcome && "best" in outcome) best[metric] = outcome.best;
    else if (outcome) reasons[metric] = outcome.reason;
  }
  return { best, reasons };
}

/** The 'Best' marks alone (rankMetrics has the reasons too). */
export function bestValues(protocols: readonly Protocol[]): BestValues {
  return rankMetrics(protocols).best;
}

type Compared = {
  slug: string;
  name?: string;
  /** null: the factors could not be loaded. */
  assessments: Partial<Record<RiskFactor, Assessment>> | null;
};

/**
 * Per factor, the lowest-risk assessment among the compared protocols, by the same rule as the
 * other rows: marked only when every protocol's assessment is known ('Unknown', or factors that
 * could not be loaded, leave the row unmarked, and say so), nothing when all are the same.
 */
export function rankFactors(compared: readonly Compared[]): { best: BestFactors; reasons: BestReasons } {
  const best: BestFactors = {};
  const reasons: BestReasons = {};
  for (const factor of RISK_FACTORS) {
    const outcome = rank(
      compared.map(({ slug, name = slug, assessments }) => {
        const assessment = assessments?.[factor] ?? "Unknown";
        return assessment === "Unknown"
          ? { slug, name, value: null, stated: assessments === null ? "not loaded" : "Unknown" }
          : { slug, name, value: scoreOf(assessment), kind: "level" };
      }),
      1,
      "not every protocol's evidence on this factor is known",
    );
    if (outcome && "best" in outcome) best[factor] = outcome.best;
    else if (outcome) reasons[factor] = outcome.reason;
  }
  return { best, reasons };
}

/** The factor rows' 'Best' marks alone (rankFactors has the reasons too). */
export function bestFactorValues(compared: readonly Compared[]): BestFactors {
  return rankFactors(compared).best;
}
