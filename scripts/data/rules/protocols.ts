// data/protocols.csv: the database's constraints plus the editorial rules, row by row. Each data
// file has its rule file in this folder: protocols.ts (data/protocols.csv), history.ts
// (data/tvl-history.csv and data/yield-history.csv), asset-classes.ts (data/asset-classes.csv),
// risk-evidence.ts (data/risk-evidence.csv); a new data file gets its own. A rule over one
// protocol row is a RowRule (row-rule.ts) in the protocols-<subject>.ts file of its subject, listed
// in ROW_RULES below; cells.ts holds the checks every file shares.
import { CsvSyntaxError, parseCsv, type CsvRecord } from "../csv.ts";
import { parseIsoDate, splitList } from "./cells.ts";
import type { Problem } from "./problem.ts";
import { COLUMNS, protocolRowFrom, type Column, type ColumnReaders, type ProtocolRow } from "./protocol-row.ts";
import { assetClassesAreKnown, trackedClassesFollowTheMap } from "./protocols-classes.ts";
import {
  asOfIsRecent,
  cellsAreClean,
  maxLength,
  namesAreUnique,
  riskLevelIsKnown,
  sourceIsNotTheHomepage,
  urlsAreHttps,
} from "./protocols-cells.ts";
import {
  chainsHaveOneName,
  defillamaColumnsAreValid,
  defillamaIdsAreUnique,
  slugsAreUnique,
} from "./protocols-defillama.ts";
import { notesAreLabelledLines } from "./protocols-notes.ts";
import { minimumIsSourced, termsAreSourced } from "./protocols-terms.ts";
import { tvlIsAFigure, tvlIsSourced } from "./protocols-tvl.ts";
import { yieldIsSourced } from "./protocols-yield.ts";
import type { CheckOptions, FirstLines, Row, RowRule } from "./row-rule.ts";

export type CheckResult = { rows: ProtocolRow[]; problems: Problem[] };

/** The row rules, in the order data:check reports their messages. A row with no problem is stored. */
const ROW_RULES: readonly RowRule[] = [
  cellsAreClean,
  maxLength("name"),
  namesAreUnique,
  maxLength("description"),
  assetClassesAreKnown,
  chainsHaveOneName,
  tvlIsAFigure,
  maxLength("yield_range"),
  riskLevelIsKnown,
  maxLength("min_investment"),
  minimumIsSourced,
  urlsAreHttps,
  asOfIsRecent,
  maxLength("notes"),
  notesAreLabelledLines,
  sourceIsNotTheHomepage,
  tvlIsSourced,
  slugsAreUnique,
  termsAreSourced,
  defillamaColumnsAreValid,
  defillamaIdsAreUnique,
  yieldIsSourced,
  trackedClassesFollowTheMap,
];

/** Validates data/protocols.csv text against the database constraints plus the editorial rules. */
export function checkCsv(text: string, options: CheckOptions): CheckResult {
  const todayMs = parseIsoDate(options.today);
  if (todayMs === null) throw new Error(`today must be a YYYY-MM-DD date, got '${options.today}'`);
  const file = readRecords(text);
  if ("stop" in file) return { rows: [], problems: file.stop };

  const problems = [...file.problems];
  const rows: ProtocolRow[] = [];
  const seen: FirstLines = { names: new Map(), slugs: new Map(), ids: new Map() };
  for (const record of file.records) {
    if (record.cells.length !== COLUMNS.length) {
      problems.push({
        line: record.line,
        column: "row",
        message: `has ${record.cells.length} cells, expected ${COLUMNS.length} (${COLUMNS.join(",")}); quote cells that contain commas`,
      });
      continue;
    }
    const cell = (column: Column) => record.cells[COLUMNS.indexOf(column)]!;
    const row: Row = {
      line: record.line,
      cell,
      tracked: cell("review_status") === "tracked",
      today: options.today,
      todayMs,
      options,
      seen,
      add: (column, message) => problems.push({ line: record.line, column, message }),
    };
    const before = problems.length;
    for (const rule of ROW_RULES) rule(row);
    if (problems.length === before) rows.push(protocolRowFrom(storedValues(cell)));
  }
  return { rows, problems };
}

/**
 * The file's data records, after its header. stop: the problems that end the check before any
 * row is read (CSV syntax, no header, a wrong header).
 */
function readRecords(text: string): { stop: Problem[] } | { records: CsvRecord[]; problems: Problem[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { stop: [{ line: error.line, column: "csv", message: error.message }] };
    throw error;
  }
  const header = records[0];
  if (!header) {
    return {
      stop: [{ line: 1, column: "header", message: `file is empty; expected the header ${COLUMNS.join(",")}` }],
    };
  }
  const headerProblems = checkHeader(header.cells, header.line);
  if (headerProblems.length > 0) return { stop: headerProblems };
  const problems: Problem[] =
    records.length === 1 ? [{ line: header.line, column: "header", message: "no protocol rows after the header" }] : [];
  return { records: records.slice(1), problems };
}

/** A checked row's cells as the database stores them: an empty cell is null. */
function storedValues(cell: (column: Column) => string): ColumnReaders {
  const number = (column: Column) => (cell(column) === "" ? null : Number(cell(column)));
  return {
    text: cell,
    optional: (column) => nullIfEmpty(cell(column)),
    list: (column) => splitList(cell(column)),
    number,
    integer: number,
  };
}

function checkHeader(cells: string[], line: number): Problem[] {
  const problems: Problem[] = [];
  const names = cells.map((c) => c.trim());
  const missing = COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((c) => !(COLUMNS as readonly string[]).includes(c));
  const duplicated = names.filter((c, i) => names.indexOf(c) !== i);
  for (const column of missing) problems.push({ line, column: "header", message: `missing column '${column}'` });
  for (const column of unknown) problems.push({ line, column: "header", message: `unknown column '${column}'` });
  for (const column of new Set(duplicated))
    problems.push({ line, column: "header", message: `column '${column}' appears more than once` });
  if (problems.length === 0 && names.join(",") !== COLUMNS.join(",")) {
    problems.push({ line, column: "header", message: `columns must be in this order: ${COLUMNS.join(",")}` });
  }
  return problems;
}

const nullIfEmpty = (value: string): string | null => (value === "" ? null : value);
