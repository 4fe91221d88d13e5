// npm run data:check [-- --today YYYY-MM-DD]: validates data/protocols.csv; exit 1 on any problem.
import { readFileSync } from "node:fs";
import { parseCommonArgs, run } from "./cli.ts";
import { CSV_DISPLAY, CSV_PATH } from "./paths.ts";
import { checkCsv, formatProblem } from "./rules.ts";

run(() => {
  const { today } = parseCommonArgs(process.argv.slice(2));
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), { today });
  for (const problem of problems) console.log(formatProblem(problem));
  if (problems.length > 0) {
    console.log(`${CSV_DISPLAY}: ${problems.length} problem(s) as of ${today}.`);
    return 1;
  }
  console.log(`${CSV_DISPLAY}: ${rows.length} protocols, no problems as of ${today}.`);
  return 0;
});
