// npm run data:build: regenerates supabase/seed.sql from data/protocols.csv.
import { readFileSync, writeFileSync } from "node:fs";
import { parseCommonArgs, run } from "./cli.ts";
import { CSV_DISPLAY, CSV_PATH, SEED_DISPLAY, SEED_PATH } from "./paths.ts";
import { checkCsv, formatProblem } from "./rules.ts";
import { buildSeedSql } from "./seed-sql.ts";

run(() => {
  const { today } = parseCommonArgs(process.argv.slice(2));
  // Freshness is a review rule (data:check), not a database constraint: an old snapshot still builds.
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), { today, freshness: false });
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(`${CSV_DISPLAY}: ${problems.length} problem(s); ${SEED_DISPLAY} was not written.`);
    return 1;
  }
  const sql = buildSeedSql(rows);
  let previous = "";
  try {
    previous = readFileSync(SEED_PATH, "utf8");
  } catch {
    // No seed yet: this build creates it.
  }
  if (previous === sql) {
    console.log(`${SEED_DISPLAY} is up to date (${rows.length} protocols).`);
  } else {
    writeFileSync(SEED_PATH, sql);
    console.log(`Wrote ${SEED_DISPLAY} (${rows.length} protocols) from ${CSV_DISPLAY}. Review it with: git diff ${SEED_DISPLAY}`);
  }
  return 0;
});
