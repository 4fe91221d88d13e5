// The build's default for site.dataAsOf: the month of the newest tvl_as_of in data/protocols.csv,
// which is what the committed seed serves. The prerendered shell shows it before data arrives, so
// a fresh clone's first paint names the same month as the loaded page: the same function names it.
import { readFileSync } from "node:fs";
import { parseCsv } from "../scripts/data/csv.ts";
import { CSV_PATH } from "../scripts/data/paths.ts";
import { dataAsOfMonth } from "../src/lib/tvl-provenance.ts";

export function newestTvlMonth(csvText: string): string | null {
  const [header, ...rows] = parseCsv(csvText);
  const column = header?.cells.indexOf("tvl_as_of") ?? -1;
  if (column < 0) return null;
  const days = rows.map((row) => row.cells[column] ?? "").filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day));
  return dataAsOfMonth(days.map((tvlAsOf) => ({ tvlAsOf })));
}

export function defaultDataAsOf(): string | null {
  try {
    return newestTvlMonth(readFileSync(CSV_PATH, "utf8"));
  } catch {
    return null;
  }
}
