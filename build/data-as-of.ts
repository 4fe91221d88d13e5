// The build's default for site.dataAsOf: the month of the newest tvl_as_of in data/protocols.csv,
// which is what the committed seed serves. The prerendered shell shows it before data arrives, so
// a fresh clone's first paint names the same month as the loaded page.
import { readFileSync } from "node:fs";
import { parseCsv } from "../scripts/data/csv.ts";

const MONTH = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export function newestTvlMonth(csvText: string): string | null {
  const [header, ...rows] = parseCsv(csvText);
  const column = header?.cells.indexOf("tvl_as_of") ?? -1;
  if (column < 0) return null;
  let newest: string | null = null;
  for (const row of rows) {
    const day = row.cells[column] ?? "";
    if (/^\d{4}-\d{2}-\d{2}$/.test(day) && (newest === null || day > newest)) newest = day;
  }
  return newest === null ? null : MONTH.format(new Date(`${newest}T00:00:00Z`));
}

export function defaultDataAsOf(csvPath: string): string | null {
  try {
    return newestTvlMonth(readFileSync(csvPath, "utf8"));
  } catch {
    return null;
  }
}
