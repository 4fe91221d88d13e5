// A DefiLlama yield in data/protocols.csv, dated a day whose pools are saved
// (data/defillama/open-defi-data/yields-<day>.csv), must be the range the refresh's rule takes
// from them: the same pools, the same data gaps left out (docs/data.md, "Yields"). So a hand edit
// or a replay with an older rule cannot leave a range the pools do not give.
import { parseCsv } from "../csv.ts";
import { savedYieldPick, type PoolsForDay } from "../products-db.ts";
import type { Problem } from "./problem.ts";
import type { ProtocolRow } from "./protocol-row.ts";

export function checkYieldsAgainstSavedPools(
  csvText: string,
  rows: readonly ProtocolRow[],
  poolsFor: PoolsForDay,
): Problem[] {
  const lines = new Map(parseCsv(csvText).map((record) => [record.cells[0], record.line]));
  const problems: Problem[] = [];
  for (const row of rows) {
    const pick = savedYieldPick(row, poolsFor);
    if (pick === null) continue;
    const line = lines.get(row.name) ?? 0;
    if (row.yield_range !== pick.range || row.yield_apy_min !== pick.min || row.yield_apy_max !== pick.max)
      problems.push({
        line,
        column: "yield_range",
        message: `is ${row.yield_range} (${row.yield_apy_min}-${row.yield_apy_max}) but ${pick.label} gives ${pick.range} (${pick.min}-${pick.max})${pick.note ? `: ${pick.note}` : ""}`,
      });
  }
  return problems;
}
