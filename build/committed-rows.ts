import { readFileSync } from "node:fs";
import { CSV_DISPLAY, CSV_PATH } from "../scripts/data/paths.ts";
import { checkCsv, formatProblem, todayUtc, type ProtocolRow } from "../scripts/data/rules.ts";
import { compareBytes } from "../scripts/data/seed-sql.ts";

/**
 * The committed data (data/protocols.csv) as the API would serve it, checked by the same rules as
 * data:build (freshness aside). In the API's order (by name), which decides which of two equal
 * slugs gets the '-2'; the ids are stand-ins. The prerendered pages, the sitemap and the open data
 * all read it, so they list the same protocols.
 */
export function committedRows(): Array<ProtocolRow & { id: string }> {
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), { today: todayUtc(), freshness: false });
  if (problems.length > 0) {
    throw new Error(
      `${CSV_DISPLAY} has ${problems.length} problem(s) (npm run data:check):\n${problems.map(formatProblem).join("\n")}`,
    );
  }
  return rows.map((row) => ({ ...row, id: row.name })).sort((a, b) => compareBytes(a.name, b.name));
}
