// The history files the seed carries: data/tvl-history.csv (one TVL figure per protocol and day)
// and data/yield-history.csv (one yield range per protocol and day). Written by
// `npm run data:refresh -- --write-csv` (DefiLlama points) and by hand for curated figures;
// data:build turns them into the seed's protocol_tvl_history and protocol_yield_history inserts.
import { compareBytes, parseCsv, serializeCsv, CsvSyntaxError } from "../csv.ts";
import { parseIsoDate } from "./cells.ts";
import type { Problem } from "./problem.ts";
import { TVL_SOURCES, YIELD_SOURCES, type ProtocolRow } from "./protocol-row.ts";
import { MAX_APY } from "../../../supabase/functions/refresh-protocols/lib/yields.ts";

export const HISTORY_COLUMNS = ["name", "day", "tvl_usd", "source"] as const;
export type HistoryRow = { name: string; day: string; tvl_usd: number; source: "defillama" | "curated" };

export const YIELD_HISTORY_COLUMNS = ["name", "day", "apy_min", "apy_max", "source"] as const;
export type YieldHistoryRow = {
  name: string;
  day: string;
  apy_min: number;
  apy_max: number;
  source: "defillama" | "curated";
};

type Checked<T> = { rows: T[]; problems: Problem[] };

/**
 * The rules both files share: the exact header, a protocol name from the CSV, a real day, a
 * source from the list, one point per protocol and day. `values` checks and reads the figures.
 */
function checkPoints<T extends { name: string; day: string }>(
  text: string,
  protocols: readonly ProtocolRow[],
  columns: readonly string[],
  values: (cells: string[], add: (column: string, message: string) => void) => T | null,
): Checked<T> {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { rows: [], problems: [{ line: error.line, column: "csv", message: error.message }] };
    throw error;
  }
  const problems: Problem[] = [];
  const header = records[0];
  if (!header || header.cells.join(",") !== columns.join(",")) {
    return { rows: [], problems: [{ line: 1, column: "header", message: `must be exactly ${columns.join(",")}` }] };
  }
  const names = new Set(protocols.map((p) => p.name));
  const seen = new Map<string, number>();
  const rows: T[] = [];
  for (const record of records.slice(1)) {
    const { line, cells } = record;
    const add = (column: string, message: string) => problems.push({ line, column, message });
    if (cells.length !== columns.length) {
      add("row", `has ${cells.length} cells, expected ${columns.length} (${columns.join(",")})`);
      continue;
    }
    const [name, day] = cells as [string, string];
    const before = problems.length;
    if (!names.has(name)) add("name", `'${name}' is not a protocol in data/protocols.csv`);
    if (parseIsoDate(day) === null) add("day", `'${day}' is not a real date in YYYY-MM-DD form`);
    const row = values(cells, add);
    const key = `${name}\n${day}`;
    const first = seen.get(key);
    if (first !== undefined) add("day", `${name} already has a figure for ${day} on line ${first}`);
    else seen.set(key, line);
    if (problems.length === before && row !== null) rows.push(row);
  }
  return { rows, problems };
}

function checkSource(source: string, add: (column: string, message: string) => void): boolean {
  if ((TVL_SOURCES as readonly string[]).includes(source)) return true;
  add("source", `'${source}' is not one of ${TVL_SOURCES.join(", ")}`);
  return false;
}

/** Validates data/tvl-history.csv against the protocols it refers to. Line numbers match the file. */
export function checkHistoryCsv(text: string, protocols: readonly ProtocolRow[]): Checked<HistoryRow> {
  return checkPoints(text, protocols, HISTORY_COLUMNS, (cells, add) => {
    const [name, day, usd, source] = cells as [string, string, string, string];
    const usdOk = /^[0-9]+(\.[0-9]+)?$/.test(usd);
    if (!usdOk) add("tvl_usd", `'${usd}' is not an amount in US dollars`);
    const sourceOk = checkSource(source, add);
    return usdOk && sourceOk ? { name, day, tvl_usd: Number(usd), source: source as HistoryRow["source"] } : null;
  });
}

/** Validates data/yield-history.csv: APYs in percent, the lower end first. */
export function checkYieldHistoryCsv(text: string, protocols: readonly ProtocolRow[]): Checked<YieldHistoryRow> {
  return checkPoints(text, protocols, YIELD_HISTORY_COLUMNS, (cells, add) => {
    const [name, day, minText, maxText, source] = cells as [string, string, string, string, string];
    const apy = (column: "apy_min" | "apy_max", value: string): number | null => {
      if (/^[0-9]+(\.[0-9]+)?$/.test(value) && Number(value) < MAX_APY) return Number(value);
      add(column, `'${value}' is not an APY in percent (a number from 0 to below ${MAX_APY})`);
      return null;
    };
    const min = apy("apy_min", minText);
    const max = apy("apy_max", maxText);
    if (min !== null && max !== null && min > max) add("apy_min", `${min} is above apy_max ${max}`);
    const sourceOk = (YIELD_SOURCES as readonly string[]).includes(source);
    if (!sourceOk) add("source", `'${source}' is not one of ${YIELD_SOURCES.join(", ")}`);
    return min !== null && max !== null && min <= max && sourceOk
      ? { name, day, apy_min: min, apy_max: max, source: source as YieldHistoryRow["source"] }
      : null;
  });
}

/** Adds or replaces points (same protocol and day); sorted by name, then day. */
function mergePoints<T extends { name: string; day: string }>(rows: readonly T[], points: readonly T[]): T[] {
  const merged = new Map(rows.map((r) => [`${r.name}\n${r.day}`, r]));
  for (const point of points) merged.set(`${point.name}\n${point.day}`, point);
  return [...merged.values()].sort((a, b) => compareBytes(a.name, b.name) || compareBytes(a.day, b.day));
}

/** data/tvl-history.csv with the points added or replaced. */
export function mergeHistoryCsv(rows: readonly HistoryRow[], points: readonly HistoryRow[]): string {
  return serializeCsv([
    [...HISTORY_COLUMNS],
    ...mergePoints(rows, points).map((r) => [r.name, r.day, String(r.tvl_usd), r.source]),
  ]);
}

/** data/yield-history.csv with the points added or replaced. */
export function mergeYieldHistoryCsv(rows: readonly YieldHistoryRow[], points: readonly YieldHistoryRow[]): string {
  return serializeCsv([
    [...YIELD_HISTORY_COLUMNS],
    ...mergePoints(rows, points).map((r) => [r.name, r.day, String(r.apy_min), String(r.apy_max), r.source]),
  ]);
}
