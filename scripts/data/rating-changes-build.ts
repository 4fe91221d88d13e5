// data:build's part of the rating's change log: the changes between the seed being replaced and
// the new data go into data/review-changes.csv (dated the build's day), and every row of that log
// into the seed's protocol_changes statement.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { REVIEW_CHANGES_DISPLAY, REVIEW_CHANGES_PATH } from "./paths.ts";
import { ratingStates, ratingStatesFromSeed, reviewChanges } from "./rating-states.ts";
import {
  buildReviewChangesSeedSql,
  checkReviewChangesCsv,
  mergeReviewChanges,
  serializeReviewChanges,
} from "./rules/review-changes.ts";
import type { FactorRecord } from "./risk-factors.ts";
import { todayUtc } from "./rules/cells.ts";
import { formatProblem } from "./rules/problem.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";

/**
 * Extends the log with what changed since `previousSeed` (none when there is no seed yet: a first
 * build has nothing to compare with), writes it when it changed, and returns the seed's statement.
 */
export function ratingChangesSql(
  previousSeed: string,
  rows: readonly ProtocolRow[],
  entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>,
  day: string,
): { sql: string; problems: string[] } {
  const names = new Set(rows.map((r) => r.name));
  const text = existsSync(REVIEW_CHANGES_PATH) ? readFileSync(REVIEW_CHANGES_PATH, "utf8") : "";
  const log = text === "" ? { rows: [], problems: [] } : checkReviewChangesCsv(text, [day, todayUtc()].sort().at(-1)!);
  if (log.problems.length > 0)
    return { sql: "", problems: log.problems.map((p) => `${REVIEW_CHANGES_DISPLAY} ${formatProblem(p)}`) };
  const fresh =
    previousSeed === "" ? [] : reviewChanges(ratingStatesFromSeed(previousSeed), ratingStates(entries, rows));
  const merged = mergeReviewChanges(log.rows, fresh, day);
  const next = serializeReviewChanges(merged);
  if (next !== (text === "" ? serializeReviewChanges([]) : text)) {
    writeFileSync(REVIEW_CHANGES_PATH, next);
    console.log(`${REVIEW_CHANGES_DISPLAY}: ${fresh.length} rating change(s) recorded on ${day}.`);
  }
  return { sql: buildReviewChangesSeedSql(merged, names), problems: [] };
}
