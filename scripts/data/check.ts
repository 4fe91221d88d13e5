// npm run data:check [-- --today YYYY-MM-DD]: validates data/protocols.csv and data/tvl-history.csv;
// exit 1 on any problem.
import { readFileSync } from "node:fs";
import { parseCommonArgs, run } from "./cli.ts";
import { checkHistoryCsv } from "./history.ts";
import {
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_DISPLAY,
  HISTORY_PATH,
  RISK_EVIDENCE_DISPLAY,
  RISK_EVIDENCE_PATH,
} from "./paths.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "./risk-evidence.ts";
import { checkCsv, formatProblem } from "./rules.ts";

run(() => {
  const { today } = parseCommonArgs(process.argv.slice(2));
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), { today });
  for (const problem of problems) console.log(formatProblem(problem));
  const all = checkCsv(readFileSync(CSV_PATH, "utf8"), { today, freshness: false }).rows;
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), all);
  for (const problem of history.problems) console.log(`${HISTORY_DISPLAY} ${formatProblem(problem)}`);
  const evidence = checkRiskEvidenceCsv(readFileSync(RISK_EVIDENCE_PATH, "utf8"), evidenceProtocols(all), today);
  for (const problem of evidence.problems) console.log(`${RISK_EVIDENCE_DISPLAY} ${formatProblem(problem)}`);
  if (problems.length + history.problems.length + evidence.problems.length > 0) {
    console.log(
      `${CSV_DISPLAY}: ${problems.length} problem(s), ${HISTORY_DISPLAY}: ${history.problems.length} problem(s), ${RISK_EVIDENCE_DISPLAY}: ${evidence.problems.length} problem(s) as of ${today}.`,
    );
    return 1;
  }
  console.log(
    `${CSV_DISPLAY}: ${rows.length} protocols, ${HISTORY_DISPLAY}: ${history.rows.length} points, ${RISK_EVIDENCE_DISPLAY}: ${evidence.rows.length} findings, no problems as of ${today}.`,
  );
  return 0;
});
