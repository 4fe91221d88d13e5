// data/review-changes.csv: the changes a review made to the rating, one row a change, as
// public.protocol_changes holds them (kinds 'risk_factor' and 'risk_level', recorded_by 'review').
// npm run data:build adds the changes between the seed it replaces and the new data (same day, same
// factor: one row, old -> newest), and writes every row into supabase/seed.sql. The file is the
// log's memory: the seed is rebuilt from scratch each time.
import { isRiskFactor, isRiskStep } from "../../../src/lib/risk-rating.ts";
import { NOT_RATED_VALUE, REASON_MAX, UNKNOWN_VALUE, type RatingChange } from "../../../src/lib/risk-changes.ts";
import { compareBytes, CsvSyntaxError, parseCsv, serializeCsv } from "../csv.ts";
import { AS_OF_MIN, parseIsoDate } from "./cells.ts";
import type { Problem } from "./problem.ts";
import { sqlString } from "../seed-sql.ts";

export const REVIEW_CHANGE_COLUMNS = [
  "day",
  "protocol",
  "kind",
  "field",
  "old_value",
  "new_value",
  "reason",
  "source_url",
] as const;

export type ReviewChange = {
  day: string;
  protocol: string;
  kind: RatingChange["kind"];
  /** The factor; empty for the overall level. */
  field: string;
  old_value: string;
  new_value: string;
  reason: string;
  /** Empty when the new value has no source (Unknown, the overall level). */
  source_url: string;
};

const key = (c: Pick<ReviewChange, "day" | "protocol" | "kind" | "field">) =>
  [c.day, c.protocol, c.kind, c.field].join("\n");

function validValue(kind: string, value: string): boolean {
  return isRiskStep(value) || value === (kind === "risk_level" ? NOT_RATED_VALUE : UNKNOWN_VALUE);
}

/**
 * Validates the log. A change to a protocol since removed stays in the log (the seed leaves it
 * out). Line numbers match the file; the header is line 1.
 */
export function checkReviewChangesCsv(text: string, today: string): { rows: ReviewChange[]; problems: Problem[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { rows: [], problems: [{ line: error.line, column: "csv", message: error.message }] };
    throw error;
  }
  if (records[0]?.cells.join(",") !== REVIEW_CHANGE_COLUMNS.join(",")) {
    const message = `must be exactly ${REVIEW_CHANGE_COLUMNS.join(",")}`;
    return { rows: [], problems: [{ line: 1, column: "header", message }] };
  }
  const rows: ReviewChange[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of records.slice(1)) {
    const add = (column: string, message: string) => problems.push({ line, column, message });
    if (cells.length !== REVIEW_CHANGE_COLUMNS.length) {
      add("row", `has ${cells.length} cells, expected ${REVIEW_CHANGE_COLUMNS.length}`);
      continue;
    }
    const row = Object.fromEntries(REVIEW_CHANGE_COLUMNS.map((c, i) => [c, cells[i]!])) as ReviewChange;
    const before = problems.length;
    if (parseIsoDate(row.day) === null) add("day", `'${row.day}' is not a real date in YYYY-MM-DD form`);
    else if (row.day < AS_OF_MIN || row.day > today) add("day", `'${row.day}' is not between ${AS_OF_MIN} and today`);
    if (row.kind === "risk_factor") {
      if (!isRiskFactor(row.field)) add("field", `'${row.field}' is not a risk factor`);
    } else if (row.kind === "risk_level") {
      if (row.field !== "") add("field", "must be empty for the overall level");
    } else add("kind", `'${row.kind}' is not risk_factor or risk_level`);
    for (const column of ["old_value", "new_value"] as const)
      if (!validValue(row.kind, row[column])) add(column, `'${row[column]}' is not a level of a ${row.kind}`);
    if (row.old_value === row.new_value) add("new_value", "equals old_value: that is no change");
    if (row.reason === "" || row.reason.length > REASON_MAX) add("reason", `must be 1 to ${REASON_MAX} characters`);
    if (row.source_url !== "" && !/^https?:\/\/[^\s/]+\/\S+$/.test(row.source_url))
      add("source_url", `'${row.source_url}' is not a page's web address`);
    const first = seen.get(key(row));
    if (first !== undefined) add("row", `repeats the change on line ${first} (one row per day, protocol and field)`);
    else seen.set(key(row), line);
    if (problems.length === before) rows.push(row);
  }
  return { rows, problems };
}

/** The log sorted by day, protocol, kind and field. */
export function serializeReviewChanges(rows: readonly ReviewChange[]): string {
  const sorted = [...rows].sort((a, b) => compareBytes(key(a), key(b)));
  return serializeCsv([[...REVIEW_CHANGE_COLUMNS], ...sorted.map((r) => REVIEW_CHANGE_COLUMNS.map((c) => r[c]))]);
}

/**
 * The log with a build's changes added on `day`. A change to a field already changed that day
 * keeps the day's first old value and takes the newest value (and its reason); a field that came
 * back to where the day started drops out.
 */
export function mergeReviewChanges(
  log: readonly ReviewChange[],
  changes: ReadonlyArray<{ protocol: string; change: RatingChange }>,
  day: string,
): ReviewChange[] {
  const merged = new Map(log.map((row) => [key(row), { ...row }]));
  for (const { protocol, change } of changes) {
    const row: ReviewChange = {
      day,
      protocol,
      kind: change.kind,
      field: change.field ?? "",
      old_value: change.oldValue,
      new_value: change.newValue,
      reason: change.reason,
      source_url: change.sourceUrl ?? "",
    };
    const earlier = merged.get(key(row));
    if (earlier) row.old_value = earlier.old_value;
    if (row.old_value === row.new_value) merged.delete(key(row));
    else merged.set(key(row), row);
  }
  return [...merged.values()];
}

/** The seed's protocol_changes statement for the log's rows (recorded by review). */
export function buildReviewChangesSeedSql(rows: readonly ReviewChange[], protocolNames: ReadonlySet<string>): string {
  const kept = rows.filter((r) => protocolNames.has(r.protocol));
  if (kept.length === 0) return "";
  const text = (value: string) => (value === "" ? "null" : sqlString(value));
  const lines = [...kept].sort((a, b) => compareBytes(key(a), key(b)));
  return [
    `-- ${kept.length} rating changes recorded by review (data/review-changes.csv).`,
    "insert into public.protocol_changes (day, protocol_id, kind, field, old_value, new_value, reason, source_url, recorded_by)",
    "select c.day, p.id, c.kind, c.field, c.old_value, c.new_value, c.reason, c.source_url, 'review'",
    "from (values",
    lines
      .map(
        (r) =>
          `  (date ${sqlString(r.day)}, ${sqlString(r.protocol)}, ${sqlString(r.kind)}, ${text(r.field)}, ${sqlString(r.old_value)}, ${sqlString(r.new_value)}, ${sqlString(r.reason)}, ${text(r.source_url)})`,
      )
      .join(",\n"),
    ") as c(day, name, kind, field, old_value, new_value, reason, source_url)",
    "join public.protocols p on p.name = c.name;",
    "",
  ].join("\n");
}
