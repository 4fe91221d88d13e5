import { RISK_LEVELS, type RiskLevel } from "@/config/site";
import { minimumUsdOf } from "../model/product-summary";
import { parseTvlMillions } from "../model/tvl";
import type { Protocol } from "../model/types";

export const SORT_KEYS = ["name", "tvl", "yield", "min", "risk"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** The order the spec loads the list in; omitted from the URL. */
export const DEFAULT_SORT: SortKey = "name";

export const SORT_LABELS: Record<SortKey, string> = {
  name: "Name (A-Z)",
  tvl: "TVL (high to low)",
  yield: "Yield (high to low)",
  min: "Minimum investment (low to high)",
  risk: "Risk (low to high)",
};

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === "string" && (SORT_KEYS as readonly string[]).includes(value);
}

// A rate is a number (or a range 'a-b') directly followed by '%'. A yield text may quote
// several rates ('~4.0% USD / ~2.0% EUR', '~3.7% USTRY; ~7-8% CETES'): we rank by the highest
// upper bound quoted, i.e. the best case the text advertises. 'N/A' or 'Variable' -> null.
const RATE = /(\d+(?:\.\d+)?)\s*(?:[-–]\s*(\d+(?:\.\d+)?)\s*)?%/g;

export function parseYieldUpperBound(text: unknown): number | null {
  if (typeof text !== "string") return null;
  let best: number | null = null;
  for (const match of text.matchAll(RATE)) {
    const upper = Number(match[2] ?? match[1]);
    if (Number.isFinite(upper) && (best === null || upper > best)) best = upper;
  }
  return best;
}

const SUFFIX: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9 };
// One figure: a leading amount, or 'None' (no minimum, i.e. 0), then at most notes in parentheses
// and words that qualify it: '$100K first deposit', '~$1 (orders from 1 MXN)' -> 1, 'None (secondary
// market)' -> 0. Currencies are not converted ('€100' ranks as 100): minimums are orders of
// magnitude apart, so the ranking holds. No figure -> null (sorted last, never guessed, never
// 'Best'): 'Varies', 'KYC required', 'Unknown', '1 share', and a text that states more than one
// minimum ('None secondary; primary for pros', '$5K (OUSG); USDY lower'): which one would rank?
const AMOUNT = /^~?\s*[$€£]\s*(\d[\d,]*(?:\.\d+)?)\s*([KMB])?(?![A-Za-z])/i;
const CURRENCY_AMOUNT = /[$€£]\s*\d/g;

/** Whether the text states more than one minimum: a second clause, or a second amount outside its notes. */
function statesSeveralMinimums(text: string): boolean {
  const outsideNotes = text.replace(/\([^()]*\)/g, " ");
  return /[;/]/.test(outsideNotes) || (outsideNotes.match(CURRENCY_AMOUNT) ?? []).length > 1;
}

export function parseMinInvestment(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  if (statesSeveralMinimums(trimmed)) return null;
  if (/^none\b/i.test(trimmed)) return 0;
  const match = AMOUNT.exec(trimmed);
  if (!match) return null;
  const amount = Number(match[1]!.replace(/,/g, "")) * (match[2] ? SUFFIX[match[2].toUpperCase()]! : 1);
  return Number.isFinite(amount) ? amount : null;
}

export function riskRank(level: RiskLevel | null): number | null {
  if (level === null) return null;
  const index = RISK_LEVELS.indexOf(level);
  return index === -1 ? null : index;
}

// Locale-aware and case-insensitive, like Supabase's en_US collation, so 'stUSDT' sits among
// the S's whatever collation the database that served the rows uses. Made on the first sort, not
// when the module loads: a page's first collator loads the browser's collation data, about 8 ms
// of the main thread in Chromium, which a protocol page, never sorting by name, need not pay.
let collator: Intl.Collator | undefined;

export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator("en", { sensitivity: "base" });
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

type Metric = { value: (protocol: Protocol) => number | null; direction: 1 | -1 };

/** How each sort ranks; also how the comparison decides the best value. */
export const METRICS: Record<Exclude<SortKey, "name">, Metric> = {
  tvl: { value: (p) => parseTvlMillions(p.tvl), direction: -1 },
  yield: { value: (p) => parseYieldUpperBound(p.yieldRange), direction: -1 },
  min: { value: (p) => minimumUsdOf(p) ?? parseMinInvestment(p.minInvestment), direction: 1 },
  risk: { value: (p) => riskRank(p.riskLevel), direction: 1 },
};

/** A sorted copy. Values that do not parse go last; ties and the unparsed keep name order. */
export function sortProtocols(protocols: readonly Protocol[], key: SortKey): Protocol[] {
  if (key === "name") return [...protocols].sort((a, b) => compareNames(a.name, b.name));
  const { value, direction } = METRICS[key];
  const keyed = protocols.map((protocol) => ({ protocol, value: value(protocol) }));
  keyed.sort((a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      return (a.value - b.value) * direction;
    }
    return compareNames(a.protocol.name, b.protocol.name);
  });
  return keyed.map((entry) => entry.protocol);
}
