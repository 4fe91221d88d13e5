// DefiLlama's free API as the refresh reads it: fetching with a deadline, and validating the two
// response shapes we use. Runtime-neutral (Deno, Node, browsers): only fetch and timers.
import { networkReason, withDeadline } from "../../_shared/outbound.ts";
import { isCleanText, showText } from "./upstream-text.ts";

export const DEFILLAMA_API = "https://api.llama.fi";
export const DEFILLAMA_SITE = "https://defillama.com/protocol/";
/** The issue's deadline for one request to the source. */
export const SOURCE_TIMEOUT_MS = 10_000;

/**
 * A failure of one source (network, HTTP, shape, timeout). Its message says what failed, not what
 * followed: the caller adds that (nothing was written, or only the other source's figures were).
 */
export class SourceError extends Error {}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type HistoryPoint = { day: string; tvlUsd: number };

/** GET url as JSON; a network error, a non-2xx status or no complete answer within timeoutMs throws SourceError. */
export async function fetchJson(url: string, options: { fetch: FetchLike; timeoutMs?: number }): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? SOURCE_TIMEOUT_MS;
  const timedOut = () => new SourceError(`${url} did not answer within ${timeoutMs / 1000} s (timeout)`);
  return withDeadline(
    timeoutMs,
    async (signal) => {
      let response: Response;
      try {
        response = await options.fetch(url, { signal, headers: { Accept: "application/json" } });
      } catch (error) {
        if (signal.aborted) throw timedOut();
        throw new SourceError(`Could not reach ${url} (${networkReason(error)})`);
      }
      if (!response.ok) {
        throw new SourceError(
          `${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
        );
      }
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new SourceError(`${url} did not answer JSON (${describeText(text)})`);
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

/** The same slug rule as the database's constraint. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
/** A chain name as the database stores it: trimmed, at most 60 characters, no ';' or '|'. */
export const CHAIN_NAME_PATTERN = /^[^|;\s]([^|;\r\n\t]{0,58}[^|;\s])?$/;
/** The database's bound for a TVL in dollars. */
export const MAX_TVL_USD = 1e15;

/** One entry of GET /protocols, unvalidated: only the entries the directory uses are ever checked. */
export type RawEntry = Record<string, unknown>;

/** An entry of GET /protocols that passed the checks for the columns we store. */
export type LlamaEntry = {
  /** DefiLlama's stable id; null when the response has none (the site's lite list leaves it blank). */
  id: number | null;
  name: string;
  slug: string;
  category: string | null;
  /** null: DefiLlama lists the protocol without a figure. */
  tvl: number | null;
  /** In our naming (chainName), no repeats. */
  chains: string[];
  url: string | null;
  description: string | null;
  /** The day DefiLlama listed it (from listedAt, unix seconds). */
  listedAt: string | null;
  /** 0 none, 1 partly, 2 yes, 3 fork of audited code. */
  audits: number | null;
};

/**
 * Validates the envelope of GET /protocols only: a non-empty array with at least one object that
 * has a numeric tvl (a list where nothing has a figure is broken, not a day where every protocol
 * lost its TVL). The entries are checked one by one when the directory uses them (readEntry), so
 * one malformed entry elsewhere does not reject the list.
 */
export function parseProtocolList(body: unknown, label: string): RawEntry[] {
  const malformed = (why: string) =>
    new SourceError(`${label} is not a DefiLlama protocol list (an array of objects with name and tvl): ${why}`);
  if (!Array.isArray(body)) throw malformed(`got ${body === null ? "null" : typeof body} instead of an array`);
  if (body.length === 0) throw malformed("the array is empty");
  const entries = body.filter(isObject);
  if (!entries.some((entry) => typeof entry.tvl === "number" && Number.isFinite(entry.tvl)))
    throw malformed("no entry has a tvl");
  return entries;
}

/**
 * The slug an entry is known by: its own, or DefiLlama's rule applied to its name. None when that
 * text holds a control, format or surrogate character (upstream-text.ts): such an entry is known
 * by its id only, and readEntry says why it cannot be read.
 */
export function entrySlug(entry: RawEntry): string | null {
  if (typeof entry.slug === "string" && entry.slug.trim() !== "")
    return isCleanText(entry.slug) ? entry.slug.trim() : null;
  if (typeof entry.name === "string" && entry.name.trim() !== "")
    return isCleanText(entry.name) ? sluggify(entry.name.trim()) : null;
  return null;
}

/** DefiLlama's id as a number: a string or number of digits; anything else (a parent's "parent#x") is none. */
export function entryId(entry: RawEntry): number | null {
  const id = entry.id;
  const text = typeof id === "number" ? String(id) : typeof id === "string" ? id.trim() : "";
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= 2_147_483_647 ? value : null;
}

/** A value as a report shows it: NaN and undefined included, a string's refused characters as \uXXXX. */
export function showValue(value: unknown): string {
  if (typeof value === "string") return showText(value);
  return typeof value === "number" ? String(value) : (JSON.stringify(value) ?? "undefined");
}

/** The entry's text fields the refresh stores or prints; each must be clean text (upstream-text.ts). */
const TEXT_FIELDS = ["name", "slug", "category", "url", "description"] as const;

/**
 * Checks the fields we store from one entry the directory uses. A problem (a tvl that is not a
 * finite dollar amount under the database's bound, chains that are not names, no name) is
 * returned, not thrown: that protocol is held, the rest of the run goes on.
 */
export function readEntry(raw: RawEntry): { entry: LlamaEntry } | { problem: string } {
  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    // Line breaks and tabs are ordinary in a description (tracked.ts turns them into spaces);
    // every other control, format or surrogate character is refused.
    if (typeof value === "string" && !isCleanText(value.replace(/[\t\n\r]/g, " ")))
      return { problem: `${field} ${showText(value)} holds a control, format or surrogate character` };
  }
  const slug = entrySlug(raw);
  if (typeof raw.name !== "string" || raw.name.trim() === "" || slug === null) return { problem: "it has no name" };
  const tvl = raw.tvl;
  if (
    tvl !== undefined &&
    tvl !== null &&
    (typeof tvl !== "number" || !Number.isFinite(tvl) || tvl < 0 || tvl >= MAX_TVL_USD)
  ) {
    return { problem: `tvl ${showValue(tvl)} is not an amount of dollars (0 to below 1e15)` };
  }
  if (raw.chains !== undefined && raw.chains !== null && !Array.isArray(raw.chains))
    return { problem: `chains ${showValue(raw.chains)} is not a list` };
  const chains: string[] = [];
  for (const chain of (raw.chains as unknown[] | null | undefined) ?? []) {
    if (typeof chain !== "string" || !isCleanText(chain) || !CHAIN_NAME_PATTERN.test(chainName(chain.trim())))
      return { problem: `chain ${showValue(chain)} is not a chain name` };
    const name = chainName(chain.trim());
    if (!chains.includes(name)) chains.push(name);
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
  const listed = raw.listedAt;
  const listedAt =
    typeof listed === "number" && Number.isFinite(listed) && listed >= 1_420_070_400 && listed < 4_102_444_800
      ? new Date(listed * 1000).toISOString().slice(0, 10)
      : null;
  const audits = typeof raw.audits === "number" ? String(raw.audits) : typeof raw.audits === "string" ? raw.audits : "";
  return {
    entry: {
      id: entryId(raw),
      name: raw.name.trim(),
      slug,
      category: text(raw.category),
      tvl: typeof tvl === "number" ? tvl : null,
      chains,
      url: text(raw.url),
      description: text(raw.description),
      listedAt,
      audits: /^[0-3]$/.test(audits.trim()) ? Number(audits.trim()) : null,
    },
  };
}

/**
 * Validates GET /protocol/{slug}: an object whose `tvl` is an array of {date (unix seconds),
 * totalLiquidityUSD}. Returns one point per UTC day (the last one of the day), oldest first, and
 * how many points were skipped because their date or amount was not usable (one bad point never
 * rejects the others). A body that is not that shape throws SourceError.
 */
export function parseProtocolHistory(body: unknown, label: string): { points: HistoryPoint[]; skipped: number } {
  const malformed = (why: string) =>
    new SourceError(`${label} is not a DefiLlama protocol (an object with tvl: [{date, totalLiquidityUSD}]): ${why}`);
  if (!isObject(body)) throw malformed("not an object");
  if (!Array.isArray(body.tvl)) throw malformed("tvl is not an array");
  const byDay = new Map<string, { date: number; tvlUsd: number }>();
  let skipped = 0;
  for (const point of body.tvl) {
    const date = isObject(point) ? point.date : undefined;
    const usd = isObject(point) ? point.totalLiquidityUSD : undefined;
    if (
      typeof date !== "number" ||
      !Number.isFinite(date) ||
      date < 1_420_070_400 ||
      date > 4_102_444_800 ||
      typeof usd !== "number" ||
      !Number.isFinite(usd) ||
      usd < 0 ||
      usd >= MAX_TVL_USD
    ) {
      skipped++;
      continue;
    }
    const day = new Date(date * 1000).toISOString().slice(0, 10);
    const prior = byDay.get(day);
    if (!prior || prior.date <= date) byDay.set(day, { date, tvlUsd: Math.round(usd) });
  }
  return {
    points: [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, { tvlUsd }]) => ({ day, tvlUsd })),
    skipped,
  };
}

/**
 * One naming for chains: DefiLlama spells some chains in several ways (its site's
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
