// Each protocol's rating (its factors and overall level) as one side of a change: read back from a
// seed data:build wrote, or from the data as it is now. data:build compares the two to extend the
// change log (review-changes.ts); data:push compares the live tables with the data the same way.
import {
  NO_RATING,
  ratingChanges,
  ratingState,
  type RatingChange,
  type RatingState,
} from "../../src/lib/risk-changes.ts";
import { isRiskFactor, isRiskStep, type RiskFactor, type RiskStep } from "../../src/lib/risk-rating.ts";
import type { FactorRecord } from "./risk-factors.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import { parseSeedSql } from "./seed-sql.ts";

/**
 * The states of every protocol from its evidenced factors. Its level is the one its row stores
 * (risk_level, which data:check holds equal to the rule's): the log records what the directory
 * shows. A protocol without a row takes the rule's.
 */
export function ratingStates(
  entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>,
  rows: ReadonlyArray<Pick<ProtocolRow, "name" | "risk_level">> = [],
): Map<string, RatingState> {
  const stored = new Map(rows.map((row) => [row.name, (row.risk_level as RiskStep | null) ?? null]));
  return new Map(
    entries.map(({ name, records }) => {
      const state = ratingState(
        records.map((r) => ({
          factor: r.factor,
          level: r.level,
          computed: r.computed,
          finding: r.finding,
          sourceUrl: r.source_url,
        })),
      );
      return [name, stored.has(name) ? { ...state, level: stored.get(name)! } : state];
    }),
  );
}

/** Reads `'text'` (with '' inside), `date 'text'`, true, false and null, separated by commas. */
function parseTuple(line: string): Array<string | boolean | null> {
  const values: Array<string | boolean | null> = [];
  let i = line.indexOf("(") + 1;
  const end = line.lastIndexOf(")");
  while (i < end) {
    while (line[i] === " " || line[i] === ",") i++;
    if (line.startsWith("date ", i)) i += 5;
    if (line[i] === "'") {
      let value = "";
      i++;
      while (i < line.length) {
        if (line[i] === "'" && line[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (line[i] === "'") {
          i++;
          break;
        } else value += line[i++];
      }
      values.push(value);
    } else {
      const word = /^(true|false|null)/.exec(line.slice(i))?.[0];
      if (!word) throw new Error(`seed.sql: cannot read the risk factor row ${line}`);
      values.push(word === "null" ? null : word === "true");
      i += word.length;
    }
  }
  return values;
}

/**
 * The ratings a seed written by data:build holds: the overall level from each protocol's row, the
 * factors from its protocol_risk_factors statement (any of its column lists; each row a line).
 */
export function ratingStatesFromSeed(sql: string): Map<string, RatingState> {
  const states = new Map<string, RatingState>();
  for (const row of parseSeedSql(sql)) states.set(row.name, { factors: {}, level: row.risk_level as RiskStep | null });
  const start = sql.indexOf("insert into public.protocol_risk_factors (");
  if (start === -1) return states;
  const lines = sql.slice(start).split("\n");
  const close = lines.findIndex((line) => line.startsWith(") as f("));
  const columns = lines[close]!.slice(") as f(".length, lines[close]!.lastIndexOf(")")).split(", ");
  const at = (name: string) => columns.indexOf(name);
  for (const line of lines.slice(lines.indexOf("from (values") + 1, close)) {
    const values = parseTuple(line);
    const [name, factor, level, finding, sourceUrl, computed] = [
      "name",
      "factor",
      "level",
      "finding",
      "source_url",
      "computed",
    ].map((column) => values[at(column)]);
    const state = states.get(String(name));
    if (!state || !isRiskFactor(String(factor)) || !isRiskStep(String(level))) continue;
    state.factors[String(factor) as RiskFactor] = {
      level: String(level) as RiskStep,
      computed: computed === true,
      finding: String(finding),
      sourceUrl: String(sourceUrl),
    };
  }
  return states;
}

/**
 * The changes a review makes: for every protocol of the new data, from its old state (none for a
 * new protocol) to the new one. The old overall level is the one the old data stored.
 */
export function reviewChanges(
  before: ReadonlyMap<string, RatingState>,
  after: ReadonlyMap<string, RatingState>,
): Array<{ protocol: string; change: RatingChange }> {
  return [...after].flatMap(([protocol, state]) =>
    ratingChanges(before.get(protocol) ?? NO_RATING, state, "review").map((change) => ({ protocol, change })),
  );
}
