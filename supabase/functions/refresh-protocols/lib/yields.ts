// DefiLlama's yields (GET https://yields.llama.fi/pools) as the refresh reads them: the response
// shape, which pools are a protocol's, the range and its text, and the page that states it.
// Runtime-neutral (Deno, Node): no I/O here.
import { showValue, SourceError } from "./defillama.ts";
import { isCleanText } from "./upstream-text.ts";

export const YIELDS_API = "https://yields.llama.fi/pools";
const YIELDS_SITE = "https://defillama.com/yields";
/** Pools smaller than this are left out of the range. */
export const MIN_POOL_TVL_USD = 1_000_000;
/** The database's bound for an APY (percent): 0 <= apy < 1000. */
export const MAX_APY = 1000;
/** A move of more than this many percentage points at either end of the range is held. */
export const YIELD_HOLD_POINTS = 3;

/** One pool of the response, unvalidated: only the pools of a protocol we list are ever checked. */
export type RawPool = Record<string, unknown>;

export type YieldFigure = {
  /** The range's text, formatted like the curated yield_range ('3.3-3.6%', '5.0%'). */
  range: string;
  min: number;
  max: number;
  /** The pool page when one pool makes the range, else the protocol's yields page. */
  sourceUrl: string;
  /** The pools the range is taken over (their ids). */
  pools: string[];
  /** Pools left out as data gaps (isDataGap), with the APY each paid a week before. */
  gaps: DataGap[];
};

/** A pool at 0% left out of the range: its id and the APY DefiLlama's 7-day change implies it paid a week before. */
export type DataGap = { pool: string; apyWeekBefore: number };

/**
 * A protocol's yield for one run: a figure, no usable pool (the row keeps what it has), or a
 * pool we would use whose values are malformed (the row's yield is held, with the reason).
 */
export type YieldPick = { kind: "figure"; figure: YieldFigure } | { kind: "none" } | { kind: "bad"; reason: string };

export function poolPageUrl(poolId: string): string {
  return `${YIELDS_SITE}/pool/${encodeURIComponent(poolId)}`;
}

export function projectYieldsUrl(slug: string): string {
  return `${YIELDS_SITE}?project=${encodeURIComponent(slug)}`;
}

/** True for the two pages a DefiLlama yield may cite (data:check's rule). */
export function isDefillamaYieldsUrl(url: string, slug: string): boolean {
  return url === projectYieldsUrl(slug) || /^https:\/\/defillama\.com\/yields\/pool\/[A-Za-z0-9._~-]+$/.test(url);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Validates the response's envelope only: `{ status?: 'success', data: [...] }`. The pools are
 * checked one by one when a protocol we list uses them, so one malformed pool elsewhere does not
 * reject the list.
 */
export function parseYieldsResponse(body: unknown, label: string): RawPool[] {
  const malformed = (why: string) =>
    new SourceError(`${label} is not a DefiLlama yields response ({status, data: [...]}): ${why}`);
  if (!isObject(body))
    throw malformed(`got ${Array.isArray(body) ? "an array" : body === null ? "null" : typeof body}`);
  if (body.status !== undefined && body.status !== "success")
    throw malformed(`status is ${JSON.stringify(body.status)}`);
  if (!Array.isArray(body.data)) throw malformed("data is not an array");
  if (body.data.length === 0) throw malformed("data is empty");
  return body.data.filter(isObject);
}

/** Groups the pools by project (their protocol's DefiLlama slug); pools without one are skipped. */
export function poolsByProject(pools: readonly RawPool[]): Map<string, RawPool[]> {
  const byProject = new Map<string, RawPool[]>();
  for (const pool of pools) {
    if (typeof pool.project !== "string") continue;
    const list = byProject.get(pool.project);
    if (list) list.push(pool);
    else byProject.set(pool.project, [pool]);
  }
  return byProject;
}

/**
 * The optional pool filter of a row (yield_pools): pool ids or symbols separated by ';'. A product's
 * pool_symbols use the same items, each a pool id, a symbol, or 'SYMBOL|poolMeta' for the pools of
 * that symbol with that poolMeta (both without regard to case).
 */
export function parsePoolFilter(text: string | null): string[] {
  if (text === null) return [];
  return text
    .split(";")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

const WITH_META = /^([^|]+)\|(.+)$/;

/** Whether one filter item (a pool id, a symbol, or 'SYMBOL|poolMeta') names this pool. */
export function poolMatches(pool: RawPool, item: string): boolean {
  const id = typeof pool.pool === "string" ? pool.pool : null;
  const symbol = typeof pool.symbol === "string" ? pool.symbol.toLowerCase() : null;
  if (item === id || item.toLowerCase() === symbol) return true;
  const withMeta = WITH_META.exec(item);
  if (withMeta === null || symbol === null || typeof pool.poolMeta !== "string") return false;
  return withMeta[1]!.toLowerCase() === symbol && withMeta[2]!.trim().toLowerCase() === pool.poolMeta.toLowerCase();
}

function matchesFilter(pool: RawPool, filter: readonly string[]): boolean {
  return filter.length === 0 || filter.some((item) => poolMatches(pool, item));
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** Percent with two decimals: what is stored (the text shows one). */
export function roundApy(apy: number): number {
  return Math.round(apy * 100) / 100;
}

/** The range as the directory writes yields: '3.8-4.2%', or '5.0%' when both ends round alike. */
export function formatYieldRange(min: number, max: number): string {
  const low = min.toFixed(1);
  const high = max.toFixed(1);
  return low === high ? `${low}%` : `${low}-${high}%`;
}

/**
 * A data gap: a pool at 0% while another counted pool of the same protocol pays, that paid within
 * the week (DefiLlama's own 7-day change, `apyPct7D`, is negative, so a week before it paid
 * -apyPct7D). Such a pool is left out of the range, and the figure names it. A pool at 0% for a
 * week or more (no 7-day change) counts again: the rule mends a sudden gap, never hides a real 0%.
 */
export function isDataGap(pool: { apy: number; apyPct7D: unknown }, othersPay: boolean): boolean {
  return pool.apy === 0 && othersPay && finite(pool.apyPct7D) && pool.apyPct7D < 0;
}

/** What the notes say of the gaps left out: 'Left out of the range as data gaps: pool X at 0% (5.78% a week before).' */
export function dataGapNote(gaps: readonly DataGap[]): string | null {
  if (gaps.length === 0) return null;
  const pools = gaps.map((gap) => `pool ${gap.pool} at 0% (${gap.apyWeekBefore}% a week before)`).join("; ");
  return `Left out of the range as data gaps (at 0% while other pools pay, after paying within the week): ${pools}.`;
}

/**
 * A protocol's yield from its pools (already those whose project is its slug): the lowest to
 * highest `apy` over the pools that pass the row's filter, hold at least $1M and are not flagged
 * as outliers, data gaps left out (isDataGap). A pool that would count but has a malformed id,
 * tvlUsd or apy (missing, not a number, negative, beyond the database's bound) makes the pick
 * 'bad': the row's yield is held.
 */
export function pickYield(slug: string, pools: readonly RawPool[], filter: readonly string[]): YieldPick {
  const used: { id: string; apy: number; apyPct7D: unknown }[] = [];
  for (const pool of pools.filter((p) => matchesFilter(p, filter))) {
    const id = typeof pool.pool === "string" && pool.pool.trim() !== "" ? pool.pool : null;
    const label = id === null ? "(a pool without an id)" : isCleanText(id) ? id : showValue(id);
    if (!finite(pool.tvlUsd) || pool.tvlUsd < 0) {
      return { kind: "bad", reason: `pool ${label} has tvlUsd ${showValue(pool.tvlUsd)}` };
    }
    if (pool.tvlUsd < MIN_POOL_TVL_USD || pool.outlier === true) continue;
    if (id === null) return { kind: "bad", reason: "a pool of at least $1M has no id" };
    // Its id goes into the pool page's URL and the database: a control, format or surrogate
    // character there would break both (upstream-text.ts).
    if (!isCleanText(id))
      return {
        kind: "bad",
        reason: `pool ${label} has an id that is not text (a control, format or surrogate character)`,
      };
    const apy = pool.apy;
    if (!finite(apy) || apy < 0 || roundApy(apy) >= MAX_APY) {
      return { kind: "bad", reason: `pool ${id} has apy ${showValue(apy)}` };
    }
    used.push({ id, apy: roundApy(apy), apyPct7D: pool.apyPct7D });
  }
  if (used.length === 0) return { kind: "none" };
  const othersPay = used.some((p) => p.apy > 0);
  const gaps: DataGap[] = used
    .filter((p) => isDataGap(p, othersPay))
    .map((p) => ({ pool: p.id, apyWeekBefore: roundApy(-(p.apyPct7D as number)) }))
    .sort((a, b) => (a.pool < b.pool ? -1 : a.pool > b.pool ? 1 : 0));
  const counted = used.filter((p) => !gaps.some((gap) => gap.pool === p.id));
  const min = Math.min(...counted.map((p) => p.apy));
  const max = Math.max(...counted.map((p) => p.apy));
  const ids = counted.map((p) => p.id).sort();
  return {
    kind: "figure",
    figure: {
      range: formatYieldRange(min, max),
      min,
      max,
      sourceUrl: ids.length === 1 ? poolPageUrl(ids[0]!) : projectYieldsUrl(slug),
      pools: ids,
      gaps,
    },
  };
}
