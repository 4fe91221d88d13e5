// DefiLlama's free API as the refresh reads it: fetching with a deadline, and validating the two
// response shapes we use. Runtime-neutral (Deno, Node, browsers): only fetch and timers.
import { networkReason, withDeadline } from "../../_shared/outbound.ts";

export const DEFILLAMA_API = "https://api.llama.fi";
export const DEFILLAMA_SITE = "https://defillama.com/protocol/";
/** The issue's deadline for one request to the source. */
export const SOURCE_TIMEOUT_MS = 10_000;

/** A failure of the source (network, HTTP, shape, timeout). Nothing has been written when it is thrown. */
export class SourceError extends Error {}

export type LlamaEntry = { name: string; slug: string; tvl: number | null; chains: string[] };
export type HistoryPoint = { day: string; tvlUsd: number };

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** GET url as JSON; a network error, a non-2xx status or no complete answer within timeoutMs throws SourceError. */
export async function fetchJson(url: string, options: { fetch: FetchLike; timeoutMs?: number }): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? SOURCE_TIMEOUT_MS;
  const timedOut = () =>
    new SourceError(`${url} did not answer within ${timeoutMs / 1000} s (timeout); nothing was written.`);
  return withDeadline(
    timeoutMs,
    async (signal) => {
      let response: Response;
      try {
        response = await options.fetch(url, { signal, headers: { Accept: "application/json" } });
      } catch (error) {
        if (signal.aborted) throw timedOut();
        throw new SourceError(`Could not reach ${url} (${networkReason(error)}); nothing was written.`);
      }
      if (!response.ok) {
        throw new SourceError(
          `${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}; nothing was written.`,
        );
      }
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new SourceError(`${url} did not answer JSON (${describeText(text)}); nothing was written.`);
      }
    },
    timedOut,
  );
}

function describeText(text: string): string {
  const start = text.trim().slice(0, 40);
  return start === "" ? "empty body" : `starts with ${JSON.stringify(start)}`;
}

/** DefiLlama's own slug rule (defillama-server sluggify): lower case, spaces to '-', no apostrophes. */
export function sluggify(name: string): string {
  return name.toLowerCase().replace(/ /g, "-").replace(/'/g, "");
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Validates GET /protocols: a non-empty array of objects, each with a non-empty string `name`
 * and a `tvl` that is a finite, non-negative number or absent/null (DefiLlama omits it for
 * protocols it has no figure for). Anything else is a malformed response: SourceError, naming
 * the first bad entry.
 */
export function parseProtocolList(body: unknown, label: string): LlamaEntry[] {
  const malformed = (why: string) =>
    new SourceError(
      `${label} is not a DefiLlama protocol list (an array of objects with name and tvl): ${why}; nothing was written.`,
    );
  if (!Array.isArray(body)) throw malformed(`got ${body === null ? "null" : typeof body} instead of an array`);
  if (body.length === 0) throw malformed("the array is empty");
  const entries: LlamaEntry[] = [];
  body.forEach((item, index) => {
    const where = `entry ${index + 1}`;
    if (!isObject(item)) throw malformed(`${where} is not an object`);
    if (typeof item.name !== "string" || item.name.trim() === "") throw malformed(`${where} has no name`);
    const tvl = item.tvl;
    if (tvl !== undefined && tvl !== null && (typeof tvl !== "number" || !Number.isFinite(tvl) || tvl < 0)) {
      throw malformed(
        `${where} (${JSON.stringify(item.name)}) has tvl ${JSON.stringify(tvl)}, expected a non-negative number`,
      );
    }
    const slug = typeof item.slug === "string" && item.slug.trim() !== "" ? item.slug.trim() : sluggify(item.name);
    const chains = Array.isArray(item.chains) ? item.chains.filter((c): c is string => typeof c === "string") : [];
    entries.push({ name: item.name, slug, tvl: typeof tvl === "number" ? tvl : null, chains });
  });
  if (entries.every((entry) => entry.tvl === null)) throw malformed("no entry has a tvl");
  return entries;
}

/**
 * Validates GET /protocol/{slug}: an object whose `tvl` is an array of {date (unix seconds),
 * totalLiquidityUSD}. Returns one point per UTC day (the last one of the day), oldest first.
 */
export function parseProtocolHistory(body: unknown, label: string): HistoryPoint[] {
  const malformed = (why: string) =>
    new SourceError(
      `${label} is not a DefiLlama protocol (an object with tvl: [{date, totalLiquidityUSD}]): ${why}; nothing was written.`,
    );
  if (!isObject(body)) throw malformed("not an object");
  if (!Array.isArray(body.tvl)) throw malformed("tvl is not an array");
  const byDay = new Map<string, { date: number; tvlUsd: number }>();
  body.tvl.forEach((point, index) => {
    if (!isObject(point)) throw malformed(`point ${index + 1} is not an object`);
    const { date, totalLiquidityUSD: usd } = point;
    if (typeof date !== "number" || !Number.isFinite(date) || date < 1_420_070_400 || date > 4_102_444_800) {
      throw malformed(`point ${index + 1} has date ${JSON.stringify(date)}, expected unix seconds`);
    }
    if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0) {
      throw malformed(
        `point ${index + 1} has totalLiquidityUSD ${JSON.stringify(usd)}, expected a non-negative number`,
      );
    }
    const day = new Date(date * 1000).toISOString().slice(0, 10);
    const prior = byDay.get(day);
    if (!prior || prior.date <= date) byDay.set(day, { date, tvlUsd: Math.round(usd) });
  });
  return [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, { tvlUsd }]) => ({ day, tvlUsd }));
}

/**
 * One naming for chains (issue #19): DefiLlama spells some chains in several ways (its site's
 * list says 'OP Mainnet', 'BSC' and 'XRPL' where GET /protocols says 'Optimism', 'Binance' and
 * 'Ripple'). Each alias maps to the one name we store: the spec's eleven as written in
 * src/config/domain.ts BLOCKCHAINS (a test keeps them in step), and for other chains their
 * common name. A chain not listed here is stored under DefiLlama's own name.
 */
export const CHAIN_ALIASES: Readonly<Record<string, string>> = {
  "OP Mainnet": "Optimism",
  Gnosis: "Gnosis Chain",
  xDai: "Gnosis Chain",
  BSC: "BNB Chain",
  Binance: "BNB Chain",
  Op_Bnb: "opBNB",
  Ripple: "XRPL",
  Avax: "Avalanche",
};

/** The name we store for a chain DefiLlama names. */
export function chainName(chain: string): string {
  return CHAIN_ALIASES[chain] ?? chain;
}

/**
 * DefiLlama's chain names -> ours (src/config/domain.ts BLOCKCHAINS; a test keeps the two in
 * step). A chain missing here is outside our list: reported, never stored.
 */
export const CHAIN_NAMES: Readonly<Record<string, string>> = {
  Ethereum: "Ethereum",
  Solana: "Solana",
  Polygon: "Polygon",
  Base: "Base",
  Algorand: "Algorand",
  Stellar: "Stellar",
  "OP Mainnet": "Optimism",
  Optimism: "Optimism",
  Tron: "Tron",
  Gnosis: "Gnosis Chain",
  xDai: "Gnosis Chain",
  Polymesh: "Polymesh",
  Celo: "Celo",
};

/** Splits DefiLlama's chains into ours (mapped, in DefiLlama's order, no repeats) and the rest. */
export function mapChains(chains: readonly string[]): { ours: string[]; outside: string[] } {
  const ours: string[] = [];
  const outside: string[] = [];
  for (const chain of chains) {
    const mapped = CHAIN_NAMES[chain];
    if (mapped === undefined) {
      if (!outside.includes(chain)) outside.push(chain);
    } else if (!ours.includes(mapped)) ours.push(mapped);
  }
  return { ours, outside };
}

/**
 * US dollars -> the spec's TVL text: '$X.XB' at or above one billion, else '$XM' in whole
 * millions. Below $10M whole millions would erase the figure ($7.8M as '$8M', $75K as '$0M'),
 * so smaller figures keep one decimal (two below $1M, and '$0.01M' is the floor for any
 * non-zero amount). Every result matches the database's pattern ^\$[0-9]+(\.[0-9]+)?[MB]$.
 */
export function formatTvl(usd: number): string {
  const safe = Number.isFinite(usd) && usd > 0 ? usd : 0;
  const millions = safe / 1e6;
  if (Math.round(millions) >= 1000) return `$${(millions / 1000).toFixed(1)}B`;
  if (millions >= 9.95) return `$${Math.round(millions)}M`;
  if (millions >= 0.995) return `$${millions.toFixed(1)}M`;
  if (safe === 0) return "$0M";
  return `$${Math.max(millions, 0.01).toFixed(2)}M`;
}
