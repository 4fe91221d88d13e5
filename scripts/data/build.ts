// npm run data:build: regenerates supabase/seed.sql from data/protocols.csv, data/tvl-history.csv,
// data/yield-history.csv, data/risk-evidence.csv, data/launch-dates.csv and data/products.json;
// records the rating's changes since the seed it replaces in data/review-changes.csv, whose every
// row the seed carries (rating-changes-build.ts), a reviewed product's changed terms, and the change log the histories hold
// (change-log.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { checkAssetClassCsv } from "./rules/asset-classes.ts";
import { buildChangesSeedSql, committedChanges } from "./change-log.ts";
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
  SEED_DISPLAY,
  SEED_PATH,
  YIELD_HISTORY_DISPLAY,
  YIELD_HISTORY_PATH,
} from "./paths.ts";
import { todayUtc } from "./rules/cells.ts";
import { formatProblem } from "./rules/problem.ts";
import { checkCsv } from "./rules/protocols.ts";
import { riskEntries } from "./risk-factors.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "./rules/risk-evidence.ts";
import { buildLaunchDatesSeedSql, buildRiskSeedSql, buildSeedSql } from "./seed-sql.ts";
import { checkLaunchDatesCsv } from "./rules/launch-dates.ts";
import { ratingChangesSql } from "./rating-changes-build.ts";
import { buildProductsPart } from "./products-build.ts";

run(() => {
  const { today } = parseCommonArgs(process.argv.slice(2));
  const mapping = checkAssetClassCsv(readFileSync(ASSET_CLASSES_PATH, "utf8"), today);
  // Freshness is a review rule (data:check), not a database constraint: an old snapshot still builds.
  const { rows, problems } = checkCsv(readFileSync(CSV_PATH, "utf8"), {
    today,
    freshness: false,
    assetClassMap: mapping.map,
  });
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows);
  const yieldHistory = checkYieldHistoryCsv(readFileSync(YIELD_HISTORY_PATH, "utf8"), rows);
  // Evidence dates are checked against the real clock: --today reviews a snapshot's figures, not
  // when the evidence was read.
  const evidence = checkRiskEvidenceCsv(readFileSync(RISK_EVIDENCE_PATH, "utf8"), evidenceProtocols(rows), todayUtc());
  const launches = checkLaunchDatesCsv(
    readFileSync(LAUNCH_DATES_PATH, "utf8"),
    new Set(rows.map((r) => r.name)),
    todayUtc(),
  );
  const others = [
    { display: HISTORY_DISPLAY, problems: history.problems },
    { display: YIELD_HISTORY_DISPLAY, problems: yieldHistory.problems },
    { display: ASSET_CLASSES_DISPLAY, problems: mapping.problems },
    { display: RISK_EVIDENCE_DISPLAY, problems: evidence.problems },
    { display: LAUNCH_DATES_DISPLAY, problems: launches.problems },
  ];
  let previous = "";
  try {
    previous = readFileSync(SEED_PATH, "utf8");
  } catch {
    // No seed yet: this build creates it.
  }
  // The products' sources are read now: their dates are held to the real clock.
  const products = buildProductsPart(rows, previous, todayUtc());
  const count = problems.length + products.problems.length + others.reduce((n, o) => n + o.problems.length, 0);
  if (count > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    for (const other of others)
      for (const problem of other.problems) console.error(`${other.display} ${formatProblem(problem)}`);
    for (const problem of products.problems) console.error(problem);
    console.error(
      `${[CSV_DISPLAY, ...others.map((o) => o.display), PRODUCTS_DISPLAY].join(" / ")}: ${count} problem(s); ${SEED_DISPLAY} was not written.`,
    );
    return 1;
  }
  const entries = riskEntries(rows, history.rows, evidence.rows, launches.rows);
  const changes = ratingChangesSql(previous, rows, entries, today);
  if (changes.problems.length > 0) {
    for (const problem of changes.problems) console.error(problem);
    console.error(`${changes.problems.length} problem(s); ${SEED_DISPLAY} was not written.`);
    return 1;
  }
  const sql =
    buildSeedSql(rows, history.rows, yieldHistory.rows) +
    buildRiskSeedSql(entries) +
    buildLaunchDatesSeedSql(launches.rows) +
    changes.sql +
    products.sql +
    buildChangesSeedSql(committedChanges(rows, history.rows, yieldHistory.rows));
  const what = `${rows.length} protocols, ${history.rows.length} TVL history points, ${yieldHistory.rows.length} yield history points, ${products.products} products, ${products.changes} term changes`;
  if (previous === sql) {
    console.log(`${SEED_DISPLAY} is up to date (${what}).`);
  } else {
    writeFileSync(SEED_PATH, sql);
    console.log(
      `Wrote ${SEED_DISPLAY} (${what}) from ${CSV_DISPLAY}, ${HISTORY_DISPLAY}, ${YIELD_HISTORY_DISPLAY}, ${RISK_EVIDENCE_DISPLAY}, ${LAUNCH_DATES_DISPLAY} and ${PRODUCTS_DISPLAY}. Review it with: git diff ${SEED_DISPLAY}`,
    );
  }
  return 0;
});
