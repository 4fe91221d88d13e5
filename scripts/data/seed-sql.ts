import { compareBytes } from "./csv.ts";
import type { FactorRecord } from "./risk-factors.ts";
import type { HistoryRow, YieldHistoryRow } from "./rules/history.ts";
import type { LaunchDate } from "./rules/launch-dates.ts";
import { COLUMNS, protocolRowFrom, type ProtocolRow } from "./rules/protocol-row.ts";
import { skipStatement } from "./products-seed.ts";

const SEED_HEADER = [
  "-- GENERATED FILE: do not edit by hand.",
  "-- Built from data/protocols.csv by `npm run data:build` (see docs/data.md).",
  "-- Every row carries its provenance: source_url, as_of (the date the figures refer to) and notes.",
  "-- The TVL history comes from data/tvl-history.csv and the yield history from data/yield-history.csv",
  '-- (see docs/data.md, "TVL history" and "Yields").',
  "-- The rows repeat by design: one INSERT per protocol naming every column, one value a line,",
  "-- so a change to the data shows in a diff as the lines of the protocol and columns it touched.",
];

/** Standard SQL string literal (standard_conforming_strings is on everywhere we run). */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function sqlValue(value: string | string[] | number | null): string {
  if (value === null) return "null";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return `array[${value.map(sqlString).join(", ")}]::text[]`;
  return sqlString(value);
}

/** Renders supabase/seed.sql: one INSERT per protocol, sorted by name, byte-for-byte reproducible. */
export function buildSeedSql(
  rows: readonly ProtocolRow[],
  history: readonly HistoryRow[] = [],
  yieldHistory: readonly YieldHistoryRow[] = [],
): string {
  const sorted = [...rows].sort((a, b) => compareBytes(a.name, b.name));
  const statements = sorted.map((row) => {
    const values = COLUMNS.map((column) => `  ${sqlValue(row[column])}`).join(",\n");
    return `insert into public.protocols (${COLUMNS.join(", ")}) values (\n${values}\n);`;
  });
  const parts = [...SEED_HEADER, `-- ${sorted.length} protocols.`, "", statements.join("\n\n"), ""];
  if (history.length > 0) {
    const points = [...history]
      .sort((a, b) => compareBytes(a.name, b.name) || compareBytes(a.day, b.day))
      .map((h) => `  (${sqlString(h.name)}, date ${sqlString(h.day)}, ${h.tvl_usd}, ${sqlString(h.source)})`);
    parts.push(
      `-- ${history.length} TVL history points.`,
      "insert into public.protocol_tvl_history (protocol_id, day, tvl_usd, source)",
      "select p.id, h.day, h.tvl_usd, h.source",
      "from (values",
      points.join(",\n"),
      ") as h(name, day, tvl_usd, source)",
      "join public.protocols p on p.name = h.name;",
      "",
    );
  }
  if (yieldHistory.length > 0) {
    const points = [...yieldHistory]
      .sort((a, b) => compareBytes(a.name, b.name) || compareBytes(a.day, b.day))
      .map(
        (h) => `  (${sqlString(h.name)}, date ${sqlString(h.day)}, ${h.apy_min}, ${h.apy_max}, ${sqlString(h.source)})`,
      );
    parts.push(
      `-- ${yieldHistory.length} yield history points.`,
      "insert into public.protocol_yield_history (protocol_id, day, apy_min, apy_max, source)",
      "select p.id, h.day, h.apy_min, h.apy_max, h.source",
      "from (values",
      points.join(",\n"),
      ") as h(name, day, apy_min, apy_max, source)",
      "join public.protocols p on p.name = h.name;",
      "",
    );
  }
  return parts.join("\n");
}

/**
 * The seed's protocol_risk_factors statement: every evidenced factor of every protocol, sorted by
 * protocol name then the method's factor order, one row a line (readable in a diff).
 */
export function buildRiskSeedSql(entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>): string {
  const lines = [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap(({ name, records }) =>
      records.map(
        (r) =>
          `  (${[name, r.factor, r.level, r.finding, r.source_url, r.source_kind, r.source_tier, r.document_date].map(sqlString).join(", ")}, date ${sqlString(r.read_on)}, ${r.computed})`,
      ),
    );
  if (lines.length === 0) return "";
  return [
    `-- ${lines.length} risk factor assessments (data/risk-evidence.csv and the computed factors; docs/methodology.md).`,
    "insert into public.protocol_risk_factors (protocol_id, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)",
    "select p.id, f.factor, f.level, f.finding, f.source_url, f.source_kind, f.source_tier, f.document_date, f.read_on, f.computed",
    "from (values",
    lines.join(",\n"),
    ") as f(name, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)",
    "join public.protocols p on p.name = f.name;",
    "",
  ].join("\n");
}

/** The seed's protocol_launch_dates statement (data/launch-dates.csv), sorted by protocol name. */
export function buildLaunchDatesSeedSql(launches: readonly LaunchDate[]): string {
  if (launches.length === 0) return "";
  const lines = [...launches]
    .sort((a, b) => compareBytes(a.protocol, b.protocol))
    .map(
      (l) =>
        `  (${[l.protocol, l.launch_date, l.source_url, l.source_kind, l.source_tier, l.document_date].map(sqlString).join(", ")}, date ${sqlString(l.read_on)})`,
    );
  return [
    `-- ${lines.length} launch dates (data/launch-dates.csv; the track record counts its age from them).`,
    "insert into public.protocol_launch_dates (protocol_id, launch_date, source_url, source_kind, source_tier, document_date, read_on)",
    "select p.id, l.launch_date, l.source_url, l.source_kind, l.source_tier, l.document_date, l.read_on",
    "from (values",
    lines.join(",\n"),
    ") as l(name, launch_date, source_url, source_kind, source_tier, document_date, read_on)",
    "join public.protocols p on p.name = l.name;",
    "",
  ].join("\n");
}

type Token = string | string[] | number | null;

/**
 * Reads back the rows of a seed written by buildSeedSql (data:diff compares against it).
 * It understands exactly that dialect: comments, INSERTs with an explicit column list, string
 * literals, array[...]::text[] and null. Anything else is an error, not a guess.
 */
export function parseSeedSql(sql: string): ProtocolRow[] {
  const rows: ProtocolRow[] = [];
  let i = 0;
  const fail = (message: string): never => {
    const line = sql.slice(0, i).split("\n").length;
    throw new Error(`seed.sql line ${line}: ${message}`);
  };
  const skipSpace = () => {
    for (;;) {
      while (i < sql.length && /\s/.test(sql[i]!)) i++;
      if (sql.startsWith("--", i)) {
        const end = sql.indexOf("\n", i);
        i = end === -1 ? sql.length : end + 1;
      } else return;
    }
  };
  const expect = (text: string) => {
    skipSpace();
    if (sql.slice(i, i + text.length).toLowerCase() !== text) fail(`expected '${text}'`);
    i += text.length;
  };
  const readString = (): string => {
    skipSpace();
    if (sql[i] !== "'") fail("expected a string literal");
    let value = "";
    i++;
    for (;;) {
      if (i >= sql.length) fail("unterminated string literal");
      if (sql[i] === "'") {
        if (sql[i + 1] === "'") {
          value += "'";
          i += 2;
          continue;
        }
        i++;
        return value;
      }
      value += sql[i];
      i++;
    }
  };
  const readValue = (): Token => {
    skipSpace();
    if (sql.startsWith("null", i)) {
      i += 4;
      return null;
    }
    const number = /^[0-9]+(\.[0-9]+)?/.exec(sql.slice(i, i + 40));
    if (number) {
      i += number[0].length;
      return number[0];
    }
    if (sql.startsWith("array[", i)) {
      i += 6;
      const items: string[] = [];
      skipSpace();
      while (sql[i] !== "]") {
        items.push(readString());
        skipSpace();
        if (sql[i] === ",") i++;
        else if (sql[i] !== "]") fail("expected ',' or ']' in an array");
      }
      i++;
      expect("::text[]");
      return items;
    }
    return readString();
  };

  skipSpace();
  while (i < sql.length) {
    const other = ["insert into public.protocol_", "insert into public.products ", "update public.protocols "];
    if (!sql.startsWith("insert into public.protocols ", i) && other.some((start) => sql.startsWith(start, i))) {
      // The history, risk, products and change statements (data:diff compares protocols only; the
      // products part is read by products-seed.ts): skip to their ';' outside strings.
      i = skipStatement(sql, i);
      skipSpace();
      continue;
    }
    expect("insert into public.protocols (");
    const close = sql.indexOf(")", i);
    if (close === -1) fail("unterminated column list");
    const columns = sql
      .slice(i, close)
      .split(",")
      .map((c) => c.trim());
    i = close + 1;
    expect("values (");
    const values: Token[] = [];
    for (;;) {
      values.push(readValue());
      skipSpace();
      if (sql[i] === ",") i++;
      else if (sql[i] === ")") break;
      else fail("expected ',' or ')' after a value");
    }
    i++;
    expect(";");
    if (columns.length !== values.length) fail(`${columns.length} columns but ${values.length} values`);
    const record = Object.fromEntries(columns.map((c, k) => [c, values[k]]));
    rows.push(toRow(record, fail));
    skipSpace();
  }
  return rows;
}

function toRow(record: Record<string, Token | undefined>, fail: (message: string) => never): ProtocolRow {
  const optional = (column: string): string | null => {
    const value = record[column];
    return value === undefined || value === null
      ? null
      : typeof value === "string"
        ? value
        : fail(`${column} must be a string`);
  };
  const integer = (column: string): number | null => {
    const value = record[column];
    return value === undefined || value === null
      ? null
      : typeof value === "string" && /^[0-9]+$/.test(value)
        ? Number(value)
        : fail(`${column} must be an integer`);
  };
  return protocolRowFrom({
    text: (column) => optional(column) ?? fail(`${column} must be a string`),
    optional,
    list: (column) => {
      const value = record[column];
      return Array.isArray(value) ? value : fail(`${column} must be an array`);
    },
    number: (column) => (optional(column) === null ? null : Number(optional(column))),
    integer,
  });
}
