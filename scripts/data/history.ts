// data/tvl-history.csv: the TVL history the seed carries (one figure per protocol and day).
// Written by `npm run data:refresh -- --write-csv` (DefiLlama points) and by hand for curated
// figures; data:build turns it into the seed's protocol_tvl_history insert.
import { compareBytes, parseCsv, serializeCsv, CsvSyntaxError } from "./csv.ts";
import { formatProblem, parseIsoDate, TVL_SOURCES, type Problem, type ProtocolRow } from "./rules.ts";

export const HISTORY_COLUMNS = ["name", "day", "tvl_usd", "source"] as const;
export type HistoryRow = { name: string; day: string; tvl_usd: number; source: "defillama" | "curated" };

/** Validates the history file against the protocols it refers to. Line numbers match the file. */
export function checkHistoryCsv(
  text: string,
  protocols: readonly ProtocolRow[],
): { rows: HistoryRow[]; problems: Problem[] } {
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
  if (!header || header.cells.join(",") !== HISTORY_COLUMNS.join(",")) {
    return {
      rows: [],
      problems: [{ line: 1, column: "header", message: `must be exactly ${HISTORY_COLUMNS.join(",")}` }],
    };
  }
  const names = new Set(protocols.map((p) => p.name));
  const seen = new Map<string, number>();
  const rows: HistoryRow[] = [];
  for (const record of records.slice(1)) {
    const { line, cells } = record;
    const add = (column: string, message: string) => problems.push({ line, column, message });
    if (cells.length !== HISTORY_COLUMNS.length) {
      add("row", `has ${cells.length} cells, expected ${HISTORY_COLUMNS.length} (${HISTORY_COLUMNS.join(",")})`);
      continue;
    }
    const [name, day, usd, source] = cells as [string, string, string, string];
    const before = problems.length;
    if (!names.has(name)) add("name", `'${name}' is not a protocol in data/protocols.csv`);
    if (parseIsoDate(day) === null) add("day", `'${day}' is not a real date in YYYY-MM-DD form`);
    if (!/^[0-9]+(\.[0-9]+)?$/.test(usd)) add("tvl_usd", `'${usd}' is not an amount in US dollars`);
    if (!(TVL_SOURCES as readonly string[]).includes(source))
      add("source", `'${source}' is not one of ${TVL_SOURCES.join(", ")}`);
    const key = `${name}\n${day}`;
    const first = seen.get(key);
    if (first !== undefined) add("day", `${name} already has a figure for ${day} on line ${first}`);
    else seen.set(key, line);
    if (problems.length === before)
      rows.push({ name, day, tvl_usd: Number(usd), source: source as HistoryRow["source"] });
  }
  return { rows, problems };
}

/** Adds or replaces points (same protocol and day) and writes the file sorted by name, then day. */
export function mergeHistoryCsv(rows: readonly HistoryRow[], points: readonly HistoryRow[]): string {
  const merged = new Map(rows.map((r) => [`${r.name}\n${r.day}`, r]));
  for (const point of points) merged.set(`${point.name}\n${point.day}`, point);
  const sorted = [...merged.values()].sort((a, b) => compareBytes(a.name, b.name) || compareBytes(a.day, b.day));
  return serializeCsv([[...HISTORY_COLUMNS], ...sorted.map((r) => [r.name, r.day, String(r.tvl_usd), r.source])]);
}

export { formatProblem };
