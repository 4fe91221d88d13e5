// npm run data:check [-- --today YYYY-MM-DD]: validates data/protocols.csv, data/tvl-history.csv,
// data/yield-history.csv, data/asset-classes.csv, data/launch-dates.csv, data/risk-evidence.csv (with the source
// tiers, the coverage and the terms its findings state: check-evidence.ts), data/review-changes.csv and
// data/products.json; prints the evidence's and the products' coverage figures; exit 1 on any problem.
import { readFileSync } from "node:fs";
import { checkEvidenceRules } from "./check-evidence.ts";
import { checkAssetClassCsv } from "./rules/asset-classes.ts";
import { parseCommonArgs, run } from "./cli.ts";
import { checkHistoryCsv, checkYieldHistoryCsv } from "./rules/history.ts";
import {
  ASSET_CLASSES_DISPLAY,
  ASSET_CLASSES_PATH,
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_DISPLAY,
  HISTORY_PATH,
  LAUNCH_DATES_DISPLAY,
  LAUNCH_DATES_PATH,
  PRODUCTS_DISPLAY,
  RISK_EVIDENCE_DISPLAY,
  RISK_EVIDENCE_PATH,
  YIELD_HISTORY_DISPLAY,
  YIELD_HISTORY_PATH,
} from "./paths.ts";
import { checkRiskLevels, riskEntries } from "./risk-factors.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "./rules/risk-evidence.ts";
import { checkLaunchDatesCsv } from "./rules/launch-dates.ts";
import { todayUtc } from "./rules/cells.ts";
import { formatProblem } from "./rules/problem.ts";
import { checkCsv } from "./rules/protocols.ts";
import { checkProductsAndCoverage } from "./products-check.ts";
import { poolsReader } from "./products-build.ts";
import { checkYieldsAgainstSavedPools } from "./rules/protocols-saved-yields.ts";

run(() => {
  const { today } = parseCommonArgs(process.argv.slice(2));
  const mapping = checkAssetClassCsv(readFileSync(ASSET_CLASSES_PATH, "utf8"), today);
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), { today, assetClassMap: mapping.map });
  for (const problem of problems) console.log(formatProblem(problem));
  const all = checkCsv(readFileSync(CSV_PATH, "utf8"), { today, freshness: false }).rows;
  const evidenceText = readFileSync(RISK_EVIDENCE_PATH, "utf8");
  const evidence = checkRiskEvidenceCsv(evidenceText, evidenceProtocols(all), todayUtc());
  const launches = checkLaunchDatesCsv(
    readFileSync(LAUNCH_DATES_PATH, "utf8"),
    new Set(all.map((r) => r.name)),
    todayUtc(),
  );
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), all);
  const entries = riskEntries(all, history.rows, evidence.rows, launches.rows);
  const files = [
    { display: HISTORY_DISPLAY, what: "points", ...history },
    {
      display: YIELD_HISTORY_DISPLAY,
      what: "points",
      ...checkYieldHistoryCsv(readFileSync(YIELD_HISTORY_PATH, "utf8"), all),
    },
    { display: ASSET_CLASSES_DISPLAY, what: "entries", rows: mapping.entries, problems: mapping.problems },
    { display: RISK_EVIDENCE_DISPLAY, what: "findings", ...evidence },
    { display: LAUNCH_DATES_DISPLAY, what: "launch dates", ...launches },
  ];
  // Each row's risk_level must be what the rule computes from its evidence (npm run data:rate).
  const ratings = checkRiskLevels(all, entries);
  problems.push(...ratings.problems);
  for (const problem of ratings.problems) console.log(formatProblem(problem));
  // Each DefiLlama yield is what the saved pools of its day give (the data-gap rule included).
  const yields = checkYieldsAgainstSavedPools(readFileSync(CSV_PATH, "utf8"), all, poolsReader());
  problems.push(...yields);
  for (const problem of yields) console.log(formatProblem(problem));
  for (const file of files)
    for (const problem of file.problems) console.log(`${file.display} ${formatProblem(problem)}`);
  const sources = checkEvidenceRules({
    rows: all,
    entries,
    evidence: evidence.rows,
    protocolsText: readFileSync(CSV_PATH, "utf8"),
    evidenceText,
    today: todayUtc(),
  });
  for (const line of sources.problems) console.log(line);
  console.log(`Evidence coverage: ${sources.figures.join("; ")}.`);
  // Sources are read now: their dates are held to the real clock, whatever --today reviews.
  const products = checkProductsAndCoverage(all, todayUtc());
  for (const line of products.lines) console.log(line);
  const fileProblems = files.reduce((n, f) => n + f.problems.length, 0);
  if (problems.length + fileProblems + sources.problems.length + products.problems > 0) {
    const counts = [
      ...files.map((f) => `${f.display}: ${f.problems.length} problem(s)`),
      `${PRODUCTS_DISPLAY}: ${products.problems} problem(s)`,
    ].join(", ");
    console.log(
      `${CSV_DISPLAY}: ${problems.length} problem(s), ${counts}, sources, coverage and terms: ${sources.problems.length} problem(s) as of ${today}.`,
    );
    return 1;
  }
  const counts = [
    ...files.map((f) => `${f.display}: ${f.rows.length} ${f.what}`),
    `${PRODUCTS_DISPLAY}: ${products.count} products`,
  ].join(", ");
  console.log(`${CSV_DISPLAY}: ${rows.length} protocols, ${counts}, no problems as of ${today}.`);
  return 0;
});
