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
};

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

/** The optional pool filter of a row (yield_pools): pool ids or symbols separated by ';'. */
export function parsePoolFilter(text: string | null): string[] {
  if (text === null) return [];
  return text
    .split(";")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function matchesFilter(pool: RawPool, filter: readonly string[]): boolean {
  if (filter.length === 0) return true;
  const id = typeof pool.pool === "string" ? pool.pool : null;
  const symbol = typeof pool.symbol === "string" ? pool.symbol.toLowerCase() : null;
  return filter.some((item) => item === id || item.toLowerCase() === symbol);
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
 * A protocol's yield from its pools (already those whose project is its slug): the lowest to
 * highest `apy` over the pools that pass the row's filter, hold at least $1M and are not flagged
 * as outliers. A pool that would count but has a malformed id, tvlUsd or apy (missing, not a
 * number, negative, beyond the database's bound) makes the pick 'bad': the row's yield is held.
 */
export function pickYield(slug: string, pools: readonly RawPool[], filter: readonly string[]): YieldPick {
  const used: { id: string; apy: number }[] = [];
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
    used.push({ id, apy: roundApy(apy) });
  }
  if (used.length === 0) return { kind: "none" };
  const min = Math.min(...used.map((p) => p.apy));
  const max = Math.max(...used.map((p) => p.apy));
  const ids = used.map((p) => p.id).sort();
  return {
    kind: "figure",
    figure: {
      range: formatYieldRange(min, max),
      min,
      max,
      sourceUrl: ids.length === 1 ? poolPageUrl(ids[0]!) : projectYieldsUrl(slug),
      pools: ids,
    },
  };
}
