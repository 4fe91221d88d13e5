// npm run data:build: regenerates supabase/seed.sql from data/protocols.csv and data/tvl-history.csv.
import { readFileSync, writeFileSync } from "node:fs";
import { parseCommonArgs, run } from "./cli.ts";
import { checkHistoryCsv } from "./history.ts";
import {
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_DISPLAY,
  HISTORY_PATH,
  RISK_EVIDENCE_DISPLAY,
  RISK_EVIDENCE_PATH,
  SEED_DISPLAY,
  SEED_PATH,
} from "./paths.ts";
import { checkCsv, formatProblem } from "./rules.ts";
import { buildRiskSeedSql, checkRiskEvidenceCsv, evidenceProtocols, riskEntries } from "./risk-evidence.ts";
import { buildSeedSql } from "./seed-sql.ts";

run(() => {
  const { today } = parseCommonArgs(process.argv.slice(2));
  // Freshness is a review rule (data:check), not a database constraint: an old snapshot still builds.
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), { today, freshness: false });
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows);
  const evidence = checkRiskEvidenceCsv(readFileSync(RISK_EVIDENCE_PATH, "utf8"), evidenceProtocols(rows), today);
  if (problems.length + history.problems.length + evidence.problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    for (const problem of history.problems) console.error(`${HISTORY_DISPLAY} ${formatProblem(problem)}`);
    for (const problem of evidence.problems) console.error(`${RISK_EVIDENCE_DISPLAY} ${formatProblem(problem)}`);
    console.error(
      `${CSV_DISPLAY} / ${HISTORY_DISPLAY} / ${RISK_EVIDENCE_DISPLAY}: ${problems.length + history.problems.length + evidence.problems.length} problem(s); ${SEED_DISPLAY} was not written.`,
    );
    return 1;
  }
  const sql = buildSeedSql(rows, history.rows) + buildRiskSeedSql(riskEntries(rows, history.rows, evidence.rows));
  let previous = "";
  try {
    previous = readFileSync(SEED_PATH, "utf8");
  } catch {
    // No seed yet: this build creates it.
  }
  const what = `${rows.length} protocols, ${history.rows.length} TVL history points`;
  if (previous === sql) {
    console.log(`${SEED_DISPLAY} is up to date (${what}).`);
  } else {
    writeFileSync(SEED_PATH, sql);
    console.log(
      `Wrote ${SEED_DISPLAY} (${what}) from ${CSV_DISPLAY} and ${HISTORY_DISPLAY}. Review it with: git diff ${SEED_DISPLAY}`,
    );
  }
  return 0;
});
