// npm run data:diff: what data/protocols.csv changes against the committed supabase/seed.sql.
import { readFileSync } from "node:fs";
import { parseCommonArgs, run } from "./cli.ts";
import { diffRows, formatDiff } from "./diff-rows.ts";
import { CSV_DISPLAY, CSV_PATH, SEED_DISPLAY, SEED_PATH } from "./paths.ts";
import { formatProblem } from "./rules/problem.ts";
import { checkCsv } from "./rules/protocols.ts";
import { parseSeedSql } from "./seed-sql.ts";

run(() => {
  const { today } = parseCommonArgs(process.argv.slice(2));
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), { today, freshness: false });
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(`${CSV_DISPLAY} has problems that hide rows from the diff; fix them first (npm run data:check).`);
    return 1;
  }
  const seedRows = parseSeedSql(readFileSync(SEED_PATH, "utf8"));
  console.log(formatDiff(diffRows(seedRows, rows), { before: SEED_DISPLAY, after: CSV_DISPLAY }));
  return 0;
});
