import { readFileSync } from "node:fs";
import { committedChanges } from "../scripts/data/change-log.ts";
import { checkHistoryCsv, checkYieldHistoryCsv } from "../scripts/data/rules/history.ts";
import {
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_PATH,
  LAUNCH_DATES_DISPLAY,
  LAUNCH_DATES_PATH,
  REVIEW_CHANGES_DISPLAY,
  REVIEW_CHANGES_PATH,
  RISK_EVIDENCE_DISPLAY,
  RISK_EVIDENCE_PATH,
  SEED_PATH,
  YIELD_HISTORY_PATH,
} from "../scripts/data/paths.ts";
import { parseSeedTermChanges } from "../scripts/data/products-seed.ts";
import { checkReviewChangesCsv, seededReviewChanges } from "../scripts/data/rules/review-changes.ts";
import { riskEntries, type FactorRecord } from "../scripts/data/risk-factors.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "../scripts/data/rules/risk-evidence.ts";
import { checkLaunchDatesCsv } from "../scripts/data/rules/launch-dates.ts";
import { todayUtc } from "../scripts/data/rules/cells.ts";
import { formatProblem } from "../scripts/data/rules/problem.ts";
import type { ProtocolRow } from "../scripts/data/rules/protocol-row.ts";
import { checkCsv } from "../scripts/data/rules/protocols.ts";
import { compareBytes } from "../scripts/data/csv.ts";
import { PRODUCTS_DISPLAY } from "../scripts/data/paths.ts";
import { poolsReader } from "../scripts/data/products-build.ts";
import { productDbRows, type ProductDbRow } from "../scripts/data/products-db.ts";
import { loadProducts } from "../scripts/data/products-load.ts";
import { formatProductProblem } from "../scripts/data/rules/products.ts";

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

/**
 * Every product of data/products.json as the seed writes it (its DefiLlama pool yield from the
 * saved pools of its protocol's yield day), checked by data:check's field rules; its coverage is
 * data:check's to report, not the build's.
 */
export function committedProducts(rows: ReturnType<typeof committedRows>): ProductDbRow[] {
  const { products, problems } = loadProducts(rows, todayUtc());
  if (problems.length > 0) {
    throw new Error(
      `${PRODUCTS_DISPLAY} has ${problems.length} problem(s) (npm run data:check):\n${problems.map(formatProductProblem).join("\n")}`,
    );
  }
  return productDbRows(products, rows, poolsReader());
}

/** Every protocol's evidenced risk factors (researched and computed), by protocol name. */
export function committedRiskFactors(rows: ReturnType<typeof committedRows>): Map<string, FactorRecord[]> {
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows).rows;
  const evidence = checkRiskEvidenceCsv(readFileSync(RISK_EVIDENCE_PATH, "utf8"), evidenceProtocols(rows), todayUtc());
  const launches = checkLaunchDatesCsv(
    readFileSync(LAUNCH_DATES_PATH, "utf8"),
    new Set(rows.map((r) => r.name)),
    todayUtc(),
  );
  for (const [display, problems] of [
    [RISK_EVIDENCE_DISPLAY, evidence.problems],
    [LAUNCH_DATES_DISPLAY, launches.problems],
  ] as const) {
    if (problems.length > 0) {
      throw new Error(
        `${display} has ${problems.length} problem(s) (npm run data:check):\n${problems.map(formatProblem).join("\n")}`,
      );
    }
  }
  return new Map(riskEntries(rows, history, evidence.rows, launches.rows).map((entry) => [entry.name, entry.records]));
}

/**
 * The change log the seed carries, as the API serves protocol_changes, with the ids the seed's
 * inserts give it (data:build's order: the review's rating changes, data/review-changes.csv; the
 * products' term changes, carried by the seed itself; then the committed history's replayed moves,
 * each in its statement's order), newest first (day, then id, descending), naming the rows by their
 * stand-in ids (the names).
 */
export function committedChangeRows(rows: ReturnType<typeof committedRows>): Array<Record<string, unknown>> {
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows).rows;
  const yields = checkYieldHistoryCsv(readFileSync(YIELD_HISTORY_PATH, "utf8"), rows).rows;
  const review = checkReviewChangesCsv(readFileSync(REVIEW_CHANGES_PATH, "utf8"), todayUtc());
  if (review.problems.length > 0) {
    throw new Error(
      `${REVIEW_CHANGES_DISPLAY} has ${review.problems.length} problem(s) (npm run data:check):\n${review.problems.map(formatProblem).join("\n")}`,
    );
  }
  const names = new Set(rows.map((r) => r.name));
  const reviewed = seededReviewChanges(review.rows, names).map((change) => ({
    name: change.protocol,
    day: change.day,
    product_symbol: null as string | null,
    kind: change.kind as string,
    field: change.field === "" ? null : change.field,
    old_value: change.old_value,
    new_value: change.new_value,
    reason: change.reason,
    source_url: change.source_url === "" ? null : change.source_url,
    recorded_by: "review",
  }));
  const terms = parseSeedTermChanges(readFileSync(SEED_PATH, "utf8"))
    .filter((change) => names.has(change.name))
    .map((change) => ({ ...change, recorded_by: "review" }));
  const replayed = [...committedChanges(rows, history, yields)]
    .reverse()
    .map((change) => ({ ...change, product_symbol: null, recorded_by: "refresh" }));
  return [...reviewed, ...terms, ...replayed]
    .map((change, index) => ({
      id: index + 1,
      day: change.day,
      protocol_id: change.name,
      product_symbol: change.product_symbol,
      kind: change.kind,
      field: change.field,
      old_value: change.old_value,
      new_value: change.new_value,
      reason: change.reason,
      source_url: change.source_url,
      recorded_by: change.recorded_by,
      created_at: `${change.day}T00:00:00Z`,
    }))
    .sort((a, b) => compareBytes(b.day, a.day) || b.id - a.id);
}
