import { readFileSync } from "node:fs";
import { committedChanges } from "../scripts/data/change-log.ts";
import { checkHistoryCsv, checkYieldHistoryCsv } from "../scripts/data/rules/history.ts";
import {
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_PATH,
  LAUNCH_DATES_DISPLAY,
  LAUNCH_DATES_PATH,
  RISK_EVIDENCE_DISPLAY,
  RISK_EVIDENCE_PATH,
  YIELD_HISTORY_PATH,
} from "../scripts/data/paths.ts";
import { riskEntries, type FactorRecord } from "../scripts/data/risk-factors.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "../scripts/data/rules/risk-evidence.ts";
import { checkLaunchDatesCsv } from "../scripts/data/rules/launch-dates.ts";
import { todayUtc } from "../scripts/data/rules/cells.ts";
import { formatProblem } from "../scripts/data/rules/problem.ts";
import type { ProtocolRow } from "../scripts/data/rules/protocol-row.ts";
import { checkCsv } from "../scripts/data/rules/protocols.ts";
import { compareBytes } from "../scripts/data/csv.ts";

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
 * The change log the committed history holds (what data:build writes into the seed), as the API
 * serves protocol_changes: newest first, naming the rows by their stand-in ids (the names).
 */
export function committedChangeRows(rows: ReturnType<typeof committedRows>): Array<Record<string, unknown>> {
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows).rows;
  const yields = checkYieldHistoryCsv(readFileSync(YIELD_HISTORY_PATH, "utf8"), rows).rows;
  return committedChanges(rows, history, yields).map((change, index, all) => ({
    id: all.length - index,
    day: change.day,
    protocol_id: change.name,
    product_symbol: null,
    kind: change.kind,
    field: change.field,
    old_value: change.old_value,
    new_value: change.new_value,
    reason: change.reason,
    source_url: change.source_url,
    recorded_by: "refresh",
    created_at: `${change.day}T00:00:00Z`,
  }));
}
