// Rules over data/protocols.csv's cells as such (clean, present, not too long), and over the
// columns every row states: the name, the risk level, the URLs, as_of and source_url.
import { RISK_LEVELS } from "../../../src/config/domain.ts";
import { checkAsOf, checkEnum, checkLength, checkUrl, sameUrl } from "./cells.ts";
import { COLUMNS, MAX_LENGTH, NO_SOURCE_PAGE, TERM_COLUMNS, type Column } from "./protocol-row.ts";
import { firstLineOf, type Row, type RowRule } from "./row-rule.ts";

/** A rule over one cell: the message when the value breaks it, else null. */
type CellRule = (column: Column, value: string, row: Row) => string | null;

function noSurroundingWhitespace(_column: Column, value: string): string | null {
  return value !== value.trim() ? "has leading or trailing whitespace" : null;
}

/** Only notes and description may span lines. */
function singleLine(column: Column, value: string): string | null {
  return column !== "notes" && column !== "description" && /[\r\n]/.test(value) ? "must be a single line" : null;
}

function noControlCharacters(_column: Column, value: string): string | null {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/.test(value) ? "contains a control character" : null;
}

/**
 * Every cell but the OPTIONAL ones holds a value; a term holds 'unknown' when no source states it.
 * Any row may be 'Not rated' (no risk level): the rating rule leaves a protocol with fewer than five
 * evidenced factors unrated, and data:check holds risk_level to the rule (risk-factors.ts). A tracked
 * row may have no website when DefiLlama gives none ('Unknown': it is listed all the same, issue 28).
 */
function requiredCell(column: Column, value: string, { tracked }: Row): string | null {
  if (OPTIONAL.has(column) || value.trim() !== "" || column === "risk_level" || (tracked && column === "url"))
    return null;
  return TERM_COLUMNS.includes(column as (typeof TERM_COLUMNS)[number])
    ? "is required (write unknown when no source states it)"
    : "is required";
}

const CELL_RULES: readonly CellRule[] = [noSurroundingWhitespace, singleLine, noControlCharacters, requiredCell];

/** Every cell keeps every cell rule; the messages come column by column. */
export function cellsAreClean(row: Row) {
  for (const column of COLUMNS) {
    for (const rule of CELL_RULES) {
      const message = rule(column, row.cell(column), row);
      if (message !== null) row.add(column, message);
    }
  }
}

/** The cell is no longer than its database column allows. */
export function maxLength(column: keyof typeof MAX_LENGTH): RowRule {
  return ({ cell, add }) => checkLength(column, cell(column), MAX_LENGTH[column], add);
}

/** Names are unique, ignoring case; a repeat points at the first. */
export function namesAreUnique({ cell, line, seen, add }: Row) {
  const name = cell("name").trim();
  if (name === "") return;
  const first = firstLineOf(seen.names, name.toLowerCase(), line);
  if (first !== undefined) add("name", `duplicates the name on line ${first} (names are unique, ignoring case)`);
}

export function riskLevelIsKnown({ cell, add }: Row) {
  checkEnum("risk_level", cell("risk_level"), RISK_LEVELS, add);
}

export function urlsAreHttps({ cell, add }: Row) {
  checkUrl("url", cell("url"), add);
  checkUrl("source_url", cell("source_url"), add);
}

/**
 * as_of is a real date, not in the future and, unless freshness is off, at most MAX_AGE_DAYS old.
 * Nothing on a tracked row is curated yet, so nothing on it can go stale (its figures have their own dates).
 */
export function asOfIsRecent({ cell, todayMs, today, options, tracked, add }: Row) {
  checkAsOf("as_of", cell("as_of"), todayMs, today, options.freshness !== false && !tracked, add);
}

/** source_url is the page stating the figures, not the homepage, unless the notes say no such page is known. */
export function sourceIsNotTheHomepage({ cell, add }: Row) {
  if (cell("source_url") !== "" && sameUrl(cell("source_url"), cell("url")) && !NO_SOURCE_PAGE.test(cell("notes"))) {
    add(
      "source_url",
      "is the protocol's homepage, which does not state the figures: link the page that does, or say in notes 'No page stating this figure is known' and why",
    );
  }
}

/**
 * Cells that may be empty: notes, the TVL fields of a row whose TVL is 'N/A' or not covered by
 * DefiLlama, and the term fields that only go with a stated term (redemption_days with 'days',
 * the terms' source and date with any term that is not 'unknown').
 */
const OPTIONAL = new Set<Column>([
  "notes",
  "defillama_slug",
  "tvl_usd",
  "tvl_source_url",
  "redemption_days",
  "terms_source_url",
  "terms_as_of",
  "defillama_id",
  "yield_apy_min",
  "yield_apy_max",
  "yield_as_of",
  "yield_source",
  "yield_source_url",
  "yield_pools",
  "defillama_dropped_on",
  "defillama_listed_at",
  "defillama_audits",
  "min_investment_source_url",
  "yield_document_date",
  "yield_source_kind",
]);
