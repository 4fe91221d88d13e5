// The change log in words: one row of public.protocol_changes as a title a person reads ("Centrifuge
// TVL fell 25% to $1.2B") and a summary with old -> new and the source. The Atom feed, the /changes
// page, each protocol page's recent changes and the prerendered /changes all say it the same way,
// so the wording lives once, here (an Edge Function can only import under supabase/functions).
//
// The values a row carries (documented on the columns by migration 20261127160000_refresh_change_log.sql):
//   tvl, listed, dropped  whole US dollars ("1200000000"); `field` '1d' or '7d' for a TVL move
//   yield                 the range as the directory writes it ("3.8-4.2%", "5.0%")
//   renamed               the old and new name
//   risk_level            Low, Medium, High, Very High (null: not rated)
//   risk_factor           the factor's assessment; `field` names the factor
//   terms                 the term's text; `field` names the term
import { formatTvl } from "../refresh-protocols/lib/defillama.ts";

export const CHANGE_KINDS = [
  "listed",
  "dropped",
  "renamed",
  "tvl",
  "yield",
  "risk_level",
  "risk_factor",
  "terms",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export function isChangeKind(value: unknown): value is ChangeKind {
  return (CHANGE_KINDS as readonly unknown[]).includes(value);
}

/** The kinds as the /changes filter and the feed's categories name them. */
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  listed: "New listing",
  dropped: "No longer tracked",
  renamed: "Renamed",
  tvl: "TVL",
  yield: "Yield",
  risk_level: "Risk level",
  risk_factor: "Risk factor",
  terms: "Terms",
};

/** The risk factors by the names the method gives them (src/lib/risk-rating.ts's FACTOR_LABELS; a test keeps them equal). */
export const FACTOR_NAMES: Readonly<Record<string, string>> = {
  asset: "Underlying asset",
  legal: "Legal structure and claim",
  custody: "Custody and transparency",
  redemption: "Redemption liquidity",
  contract: "Smart contract and platform",
  track_record: "Track record and scale",
  regulation: "Regulation",
};

const TERM_NAMES: Readonly<Record<string, string>> = {
  min_investment: "minimum investment",
  investor_access: "investor access",
  redemption: "redemption",
  fees: "fees",
};

const RISK_ORDER = ["Low", "Medium", "High", "Very High"];

/** One row of public.protocol_changes as the REST API returns it. */
export type ChangeRow = {
  id: number;
  day: string;
  protocol_id: string;
  product_symbol: string | null;
  kind: ChangeKind;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  reason: string | null;
  source_url: string | null;
  recorded_by: "refresh" | "review";
  created_at: string;
};

/** The columns a reader selects (GET /rest/v1/protocol_changes?select=...). */
export const CHANGE_COLUMNS =
  "id,day,protocol_id,product_symbol,kind,field,old_value,new_value,reason,source_url,recorded_by,created_at";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

/** A served row the feed and the pages can show; anything else (a lost column, a wrong type) is null, and skipped. */
export function parseChangeRow(row: unknown): ChangeRow | null {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return null;
  const r = row as Record<string, unknown>;
  const ok =
    typeof r.id === "number" &&
    typeof r.day === "string" &&
    DAY.test(r.day) &&
    typeof r.protocol_id === "string" &&
    isChangeKind(r.kind) &&
    textOrNull(r.product_symbol) &&
    textOrNull(r.field) &&
    textOrNull(r.old_value) &&
    textOrNull(r.new_value) &&
    textOrNull(r.reason) &&
    textOrNull(r.source_url) &&
    (r.recorded_by === "refresh" || r.recorded_by === "review") &&
    typeof r.created_at === "string" &&
    !Number.isNaN(Date.parse(r.created_at));
  return ok ? (r as ChangeRow) : null;
}

/** The fields the words need. */
export type ChangeFacts = Pick<
  ChangeRow,
  "kind" | "field" | "product_symbol" | "old_value" | "new_value" | "reason" | "source_url"
>;

const NONE = "none";

/** Whole dollars as the directory shows a TVL ('$1.2B', '$350M'); text that is not a number stays as it is. */
function money(value: string | null): string | null {
  if (value === null) return null;
  const usd = Number(value);
  return value.trim() !== "" && Number.isFinite(usd) ? formatTvl(usd) : value;
}

/** The value as a reader sees it. */
export function changeValue(kind: ChangeKind, value: string | null): string {
  const shown = kind === "tvl" || kind === "listed" || kind === "dropped" ? money(value) : value;
  return shown === null || shown.trim() === "" ? NONE : shown;
}

/** 25 -> '25%', 4.44 -> '4.4%': whole percents from 10 up, one decimal below. */
function percent(ratio: number): string {
  const value = Math.abs(ratio) * 100;
  return `${value >= 9.95 ? Math.round(value) : Number(value.toFixed(1))}%`;
}

/** The ends of a yield range: '3.8-4.2%' -> [3.8, 4.2], '5.0%' -> [5, 5]; null when it is not one. */
export function yieldEnds(value: string | null): [number, number] | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*(?:[-–]\s*(\d+(?:\.\d+)?))?\s*%\s*$/.exec(value ?? "");
  if (!match) return null;
  const low = Number(match[1]);
  return [low, match[2] === undefined ? low : Number(match[2])];
}

/** The larger move of the two ends, in percentage points (signed); null when either value is not a range. */
export function yieldMovePoints(oldValue: string | null, newValue: string | null): number | null {
  const before = yieldEnds(oldValue);
  const after = yieldEnds(newValue);
  if (!before || !after) return null;
  const low = after[0] - before[0];
  const high = after[1] - before[1];
  return Math.abs(high) >= Math.abs(low) ? high : low;
}

function riskDirection(oldValue: string | null, newValue: string | null): string {
  const before = RISK_ORDER.indexOf(oldValue ?? "");
  const after = RISK_ORDER.indexOf(newValue ?? "");
  if (before < 0 || after < 0 || before === after) return "changed";
  return after > before ? "rose" : "fell";
}

function tvlTitle(name: string, change: ChangeFacts): string {
  const before = Number(change.old_value);
  const after = Number(change.new_value);
  const window = change.field === "7d" ? " over 7 days" : "";
  const to = changeValue("tvl", change.new_value);
  if (!Number.isFinite(before) || !Number.isFinite(after) || before <= 0 || change.old_value === null) {
    return `${name} TVL is now ${to}`;
  }
  const ratio = (after - before) / before;
  if (ratio === 0) return `${name} TVL held at ${to}${window}`;
  return `${name} TVL ${ratio > 0 ? "rose" : "fell"} ${percent(ratio)}${window} to ${to}`;
}

function yieldTitle(name: string, change: ChangeFacts): string {
  const to = changeValue("yield", change.new_value);
  const points = yieldMovePoints(change.old_value, change.new_value);
  if (points === null || points === 0) return `${name} yield is now ${to}`;
  const size = Math.abs(points).toFixed(1);
  return `${name} yield ${points > 0 ? "rose" : "fell"} ${size} ${size === "1.0" ? "point" : "points"} to ${to}`;
}

/** A title a person reads, e.g. 'Centrifuge TVL fell 25% to $1.2B', 'Goldfinch yield rose 1.5 points to 10.5%'. */
export function changeTitle(name: string, change: ChangeFacts): string {
  const product = change.product_symbol ? ` ${change.product_symbol}` : "";
  const from = changeValue(change.kind, change.old_value);
  const to = changeValue(change.kind, change.new_value);
  switch (change.kind) {
    case "listed": {
      const listed = change.field === "relisted" ? `${name} is listed again` : `${name} listed`;
      return change.new_value === null ? listed : `${listed} with TVL ${to}`;
    }
    case "dropped":
      return change.field === "below_threshold"
        ? `${name} fell below the tracking threshold`
        : `${name} is no longer tracked by DefiLlama`;
    case "renamed":
      return change.field === "defillama_slug" ? `${name}: DefiLlama's entry is now ${to}` : `${from} is now ${to}`;
    case "tvl":
      return tvlTitle(name, change);
    case "yield":
      return yieldTitle(name, change);
    case "risk_level":
      if (change.new_value === null) return `${name} is no longer rated (was ${from})`;
      if (change.old_value === null) return `${name} rated ${to} risk`;
      return `${name} risk level ${riskDirection(change.old_value, change.new_value)} from ${from} to ${to}`;
    case "risk_factor": {
      const factor = FACTOR_NAMES[change.field ?? ""] ?? change.field ?? "A risk factor";
      return `${name}: ${factor} ${riskDirection(change.old_value, change.new_value)} from ${from} to ${to}`;
    }
    case "terms": {
      const term = TERM_NAMES[change.field ?? ""] ?? change.field ?? "terms";
      return `${name}${product} ${term} changed from ${from} to ${to}`;
    }
  }
}

/** What changed within the kind, for the summary: 'TVL over 1 day', 'Terms (minimum investment)'. */
function scope(change: ChangeFacts): string {
  const label = CHANGE_KIND_LABELS[change.kind];
  const product = change.product_symbol ? `, ${change.product_symbol}` : "";
  if (change.kind === "tvl") return `${label} over ${change.field === "7d" ? "7 days" : "1 day"}`;
  if (change.kind === "risk_factor") return `${label} (${FACTOR_NAMES[change.field ?? ""] ?? change.field}${product})`;
  if (change.kind === "terms") return `${label} (${TERM_NAMES[change.field ?? ""] ?? change.field}${product})`;
  return `${label}${product ? ` (${change.product_symbol})` : ""}`;
}

/** 'TVL over 1 day: $1.6B → $1.2B. Source: https://defillama.com/protocol/centrifuge' */
export function changeSummary(change: ChangeFacts): string {
  const values = `${changeValue(change.kind, change.old_value)} → ${changeValue(change.kind, change.new_value)}`;
  const reason = change.reason ? ` ${change.reason.trim().replace(/([^.!?])$/, "$1.")}` : "";
  const source = change.source_url ? ` Source: ${change.source_url}` : " Source: RWA Atlas review.";
  return `${scope(change)}: ${values}.${reason}${source}`;
}
