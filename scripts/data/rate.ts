// npm run data:rate: writes each protocol's risk level, as the rating rule computes it from its
// evidenced factors (docs/methodology.md), into data/protocols.csv's risk_level column (empty:
// 'Not rated'). Prints every change, and every reviewed protocol still short of evidence.
// data:check fails while the CSV and the rule disagree; run data:build afterwards.
import { readFileSync, writeFileSync } from "node:fs";
import { run } from "./cli.ts";
import { parseCsv, serializeCsv } from "./csv.ts";
import { checkHistoryCsv } from "./rules/history.ts";
import { CSV_DISPLAY, CSV_PATH, HISTORY_PATH, LAUNCH_DATES_PATH, RISK_EVIDENCE_PATH } from "./paths.ts";
import { checkLaunchDatesCsv } from "./rules/launch-dates.ts";
import { checkRiskLevels, riskEntries } from "./risk-factors.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "./rules/risk-evidence.ts";
import { todayUtc } from "./rules/cells.ts";
import { formatProblem } from "./rules/problem.ts";
import { checkCsv } from "./rules/protocols.ts";

run(() => {
  const text = readFileSync(CSV_PATH, "utf8");
  const { rows } = checkCsv(text, { today: todayUtc(), freshness: false });
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows).rows;
  const evidence = checkRiskEvidenceCsv(readFileSync(RISK_EVIDENCE_PATH, "utf8"), evidenceProtocols(rows), todayUtc());
  const launches = checkLaunchDatesCsv(
    readFileSync(LAUNCH_DATES_PATH, "utf8"),
    new Set(rows.map((r) => r.name)),
    todayUtc(),
  );
  if (evidence.problems.length + launches.problems.length > 0) {
    for (const problem of evidence.problems) console.error(`data/risk-evidence.csv ${formatProblem(problem)}`);
    for (const problem of launches.problems) console.error(`data/launch-dates.csv ${formatProblem(problem)}`);
    return 1;
  }
  const { levels } = checkRiskLevels(rows, riskEntries(rows, history, evidence.rows, launches.rows));
  const records = parseCsv(text);
  const header = records[0]!.cells;
  const nameAt = header.indexOf("name");
  const riskAt = header.indexOf("risk_level");
  let changed = 0;
  const out = records.map((record, index) => {
    if (index === 0) return record.cells;
    const cells = [...record.cells];
    const level = levels.get(cells[nameAt]!);
    if (level === undefined) return cells;
    const next = level ?? "";
    if (cells[riskAt] !== next) {
      console.log(`${cells[nameAt]}: ${cells[riskAt] || "Not rated"} -> ${next || "Not rated"}`);
      cells[riskAt] = next;
      changed++;
    }
    return cells;
  });
  for (const row of rows) {
    if (row.review_status === "reviewed" && levels.get(row.name) === null)
      console.log(`not rated: ${row.name} (a reviewed protocol with fewer than five evidenced factors)`);
  }
  if (changed > 0) writeFileSync(CSV_PATH, serializeCsv(out));
  console.log(
    `${CSV_DISPLAY}: ${changed} risk level(s) changed; ${[...levels.values()].filter((l) => l === null).length} not rated.`,
  );
  return 0;
});
