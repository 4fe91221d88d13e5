import {
  CHAIN_ALIASES,
  CHAIN_NAME_PATTERN,
  DEFILLAMA_SITE,
  formatTvl,
  SLUG_PATTERN,
} from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import {
  formatYieldRange,
  isDefillamaYieldsUrl,
  MAX_APY,
  projectYieldsUrl,
} from "../../supabase/functions/refresh-protocols/lib/yields.ts";
import { parseCsv, CsvSyntaxError, type CsvRecord } from "./csv.ts";
// The values the database constraints allow: the app's own lists, so there is one source.
import {
  ASSET_CLASSES,
  BLOCKCHAINS,
  FEES_MAX_LENGTH,
  INVESTOR_ACCESS,
  KYC_VALUES,
  REDEMPTION_DAYS_MAX,
  REDEMPTION_VALUES,
  RISK_LEVELS,
} from "../../src/config/domain.ts";

/** The CSV header, in order. The names are the database's column names. */
export const COLUMNS = [
  "name",
  "description",
  "asset_classes",
  "blockchains",
  "tvl",
  "yield_range",
  "risk_level",
  "min_investment",
  "url",
  "source_url",
  "as_of",
  "notes",
  "defillama_slug",
  "tvl_usd",
  "tvl_as_of",
  "tvl_source_url",
  "tvl_source",
  "investor_access",
  "kyc",
  "redemption",
  "redemption_days",
  "fees",
  "terms_source_url",
  "terms_as_of",
  // Added with the yields and tracked rows: DefiLlama's id, the yield's figures and provenance,
  // the review status, DefiLlama's dates.
  "defillama_id",
  "yield_apy_min",
  "yield_apy_max",
  "yield_as_of",
  "yield_source",
  "yield_source_url",
  "yield_pools",
  "review_status",
  "defillama_dropped_on",
  "defillama_listed_at",
  "defillama_audits",
  // Added with the 2026-11-25 review: the page that states the minimum investment.
  "min_investment_source_url",
] as const;
export type Column = (typeof COLUMNS)[number];

/** A protocol row as stored in public.protocols (provenance may be null in older rows). */
export type ProtocolRow = {
  name: string;
  description: string;
  asset_classes: string[];
  blockchains: string[];
  tvl: string;
  yield_range: string;
  /** null is 'Not rated': only a tracked row may have no risk level. */
  risk_level: string | null;
  min_investment: string;
  url: string;
  source_url: string | null;
  as_of: string | null;
  notes: string | null;
  /** DefiLlama's slug for the protocol; null when DefiLlama does not cover it. */
  defillama_slug: string | null;
  /** The TVL in US dollars (tvl is its display text); null for 'N/A'. */
  tvl_usd: number | null;
  /** The day the TVL refers to, where it comes from, and which kind of source it is. */
  tvl_as_of: string | null;
  tvl_source_url: string | null;
  tvl_source: "defillama" | "curated" | null;
  /** Term sheet. 'unknown' is a value: the enums and fees are never blank. */
  investor_access: string;
  kyc: string;
  redemption: string;
  /** Only with redemption 'days'. */
  redemption_days: number | null;
  fees: string;
  terms_source_url: string | null;
  terms_as_of: string | null;
  /** DefiLlama's stable protocol id (matched before the slug, so a rename keeps working). */
  defillama_id: number | null;
  /** The yield range as numbers (percent), its day, kind of source and page. */
  yield_apy_min: number | null;
  yield_apy_max: number | null;
  yield_as_of: string | null;
  yield_source: "defillama" | "curated" | null;
  yield_source_url: string | null;
  /** Optional pool filter: DefiLlama pool ids or symbols separated by ';'. */
  yield_pools: string | null;
  /** 'tracked': listed from DefiLlama, terms and risk not reviewed yet. */
  review_status: "reviewed" | "tracked";
  /** Set when DefiLlama dropped the protocol (or a tracked row fell below the threshold). */
  defillama_dropped_on: string | null;
  defillama_listed_at: string | null;
  /** DefiLlama's audits: 0 none, 1 partly, 2 yes, 3 fork of audited code. */
  defillama_audits: number | null;
  /** The page that states min_investment; null for 'Unknown' and on tracked rows. */
  min_investment_source_url: string | null;
};

/** How one source reads a column: data:push reads PostgREST JSON, data:diff the committed seed. */
export type ColumnReaders = {
  text(column: Column): string;
  optional(column: Column): string | null;
  list(column: Column): string[];
  number(column: Column): number | null;
  integer(column: Column): number | null;
};

/** A protocol row read column by column; a term read as null (a row from before the terms) is 'unknown'. */
export function protocolRowFrom({ text, optional, list, number, integer }: ColumnReaders): ProtocolRow {
  const term = (column: Column) => optional(column) ?? "unknown";
  return {
    name: text("name"),
    description: text("description"),
    asset_classes: list("asset_classes"),
    blockchains: list("blockchains"),
    tvl: text("tvl"),
    yield_range: text("yield_range"),
    risk_level: optional("risk_level"),
    min_investment: text("min_investment"),
    url: text("url"),
    source_url: optional("source_url"),
    as_of: optional("as_of"),
    notes: optional("notes"),
    defillama_slug: optional("defillama_slug"),
    tvl_usd: number("tvl_usd"),
    tvl_as_of: optional("tvl_as_of"),
    tvl_source_url: optional("tvl_source_url"),
    tvl_source: optional("tvl_source") as ProtocolRow["tvl_source"],
    investor_access: term("investor_access"),
    kyc: term("kyc"),
    redemption: term("redemption"),
    redemption_days: integer("redemption_days"),
    fees: term("fees"),
    terms_source_url: optional("terms_source_url"),
    terms_as_of: optional("terms_as_of"),
    defillama_id: integer("defillama_id"),
    yield_apy_min: number("yield_apy_min"),
    yield_apy_max: number("yield_apy_max"),
    yield_as_of: optional("yield_as_of"),
    yield_source: optional("yield_source") as ProtocolRow["yield_source"],
    yield_source_url: optional("yield_source_url"),
    yield_pools: optional("yield_pools"),
    review_status: optional("review_status") === "tracked" ? "tracked" : "reviewed",
    defillama_dropped_on: optional("defillama_dropped_on"),
    defillama_listed_at: optional("defillama_listed_at"),
    defillama_audits: integer("defillama_audits"),
    min_investment_source_url: optional("min_investment_source_url"),
  };
}

/** The columns the daily refresh owns for DefiLlama rows (npm run data:refresh). */
export const TVL_COLUMNS = ["blockchains", "tvl", "tvl_usd", "tvl_as_of", "tvl_source_url", "tvl_source"] as const;
export const TVL_SOURCES = ["defillama", "curated"] as const;
/** The columns the daily refresh owns for a DefiLlama yield. */
export const YIELD_COLUMNS = [
  "yield_range",
  "yield_apy_min",
  "yield_apy_max",
  "yield_as_of",
  "yield_source",
  "yield_source_url",
] as const;
export const YIELD_SOURCES = ["defillama", "curated"] as const;
export const REVIEW_STATUSES = ["reviewed", "tracked"] as const;
/** The asset class of a tracked row until data/asset-classes.csv maps it. */
export const UNCLASSIFIED = "Unclassified";
export { SLUG_PATTERN };
/** Notes that explain a source_url equal to the homepage: no page stating the figure is known. */
export const NO_SOURCE_PAGE = /no (published )?page (stating|that states|giving) (this|the) figure is known/i;

/** The term columns that hold a stated answer unless they are 'unknown'. */
export const TERM_COLUMNS = ["investor_access", "kyc", "redemption", "fees"] as const;

/** A row as GET /rest/v1/protocols serves it: the stored columns plus the database's own. */
export type ServedProtocolRow = ProtocolRow & { id: string; created_at: string; updated_at: string };

export type Problem = { line: number; column: string; message: string };

// The same patterns and bounds as the CHECK constraints in supabase/migrations.
export const TVL_PATTERN = /^\$[0-9]+(\.[0-9]+)?[MB]$/;
export const URL_PATTERN = /^https?:\/\/[^\s]+$/;
export const LIST_SEPARATOR = ";";
export const MAX_LENGTH = {
  name: 120,
  description: 1000,
  yield_range: 60,
  min_investment: 80,
  notes: 1000,
} as const;
export const AS_OF_MIN = "2015-01-01";
/** data:check's freshness rule: a figure older than this needs the monthly refresh. */
export const MAX_AGE_DAYS = 120;

const DAY_MS = 86_400_000;

/** TVL display text -> US dollars; null for 'N/A' or anything that is not a TVL. */
export function parseTvl(tvl: string): number | null {
  if (!TVL_PATTERN.test(tvl)) return null;
  const amount = Number(tvl.slice(1, -1));
  return amount * (tvl.endsWith("B") ? 1e9 : 1e6);
}

/** Parses a YYYY-MM-DD calendar date to UTC midnight epoch ms; null when malformed or not a real date. */
export function parseIsoDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return ms;
}

/** Today's date in UTC as YYYY-MM-DD (the default clock of data:check). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function splitList(cell: string): string[] {
  return cell === "" ? [] : cell.split(LIST_SEPARATOR).map((item) => item.trim());
}

export function formatProblem(problem: Problem): string {
  return `line ${problem.line}, ${problem.column}: ${problem.message}`;
}

export type CheckOptions = {
  /** The date the rules are evaluated on (YYYY-MM-DD): "future" and "too old" are relative to it. */
  today: string;
  /** false skips the 120-day freshness rule (data:build: an old snapshot is still a valid seed). */
  freshness?: boolean;
  /**
   * The reviewed asset classes (data/asset-classes.csv) by DefiLlama slug: a tracked row must
   * carry its mapping, or 'Unclassified' when it has none. Not checked when absent.
   */
  assetClassMap?: ReadonlyMap<string, readonly string[]>;
};
export type CheckResult = { rows: ProtocolRow[]; problems: Problem[] };

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

type Add = (column: Column, message: string) => void;

/** One data row as the row rules read it. */
type Row = {
  line: number;
  cell: (column: Column) => string;
  /** review_status 'tracked': listed from DefiLlama, its terms and risk not reviewed yet. */
  tracked: boolean;
  today: string;
  todayMs: number;
  options: CheckOptions;
  /** The rows before this one, for the rules that keep a value unique. */
  seen: FirstLines;
  add: Add;
};

/** The line each name (lower case), DefiLlama slug and DefiLlama id first stands on. */
type FirstLines = { names: Map<string, number>; slugs: Map<string, number>; ids: Map<number, number> };

/** A rule over one row: it reports each problem it finds with add(column, message). */
type RowRule = (row: Row) => void;

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
  sourceIsNotTheHomepage,
  tvlIsSourced,
  slugsAreUnique,
  termsAreSourced,
  defillamaColumnsAreValid,
  defillamaIdsAreUnique,
  yieldIsSourced,
  trackedClassesFollowTheMap,
];

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
 * A tracked row may be 'Not rated' (no risk level) until someone reviews it.
 */
function requiredCell(column: Column, value: string, { tracked }: Row): string | null {
  if (OPTIONAL.has(column) || value.trim() !== "" || (tracked && column === "risk_level")) return null;
  return TERM_COLUMNS.includes(column as (typeof TERM_COLUMNS)[number])
    ? "is required (write unknown when no source states it)"
    : "is required";
}

const CELL_RULES: readonly CellRule[] = [noSurroundingWhitespace, singleLine, noControlCharacters, requiredCell];

/** Every cell keeps every cell rule; the messages come column by column. */
function cellsAreClean(row: Row) {
  for (const column of COLUMNS) {
    for (const rule of CELL_RULES) {
      const message = rule(column, row.cell(column), row);
      if (message !== null) row.add(column, message);
    }
  }
}

/** The cell is no longer than its database column allows. */
function maxLength(column: keyof typeof MAX_LENGTH): RowRule {
  return ({ cell, add }) => checkLength(column, cell(column), MAX_LENGTH[column], add);
}

/** Remembers the first line a key stands on; returns that line when the key came before. */
function firstLineOf<K>(firstLines: Map<K, number>, key: K, line: number): number | undefined {
  const first = firstLines.get(key);
  if (first === undefined) firstLines.set(key, line);
  return first;
}

/** Names are unique, ignoring case; a repeat points at the first. */
function namesAreUnique({ cell, line, seen, add }: Row) {
  const name = cell("name").trim();
  if (name === "") return;
  const first = firstLineOf(seen.names, name.toLowerCase(), line);
  if (first !== undefined) add("name", `duplicates the name on line ${first} (names are unique, ignoring case)`);
}

/** The six asset classes; a tracked row may be 'Unclassified' instead, but not alongside them. */
function assetClassesAreKnown({ cell, tracked, add }: Row) {
  const allowed = tracked ? [...ASSET_CLASSES, UNCLASSIFIED] : ASSET_CLASSES;
  const assetClasses = checkList("asset_classes", cell("asset_classes"), allowed, add);
  if (tracked && assetClasses.includes(UNCLASSIFIED) && assetClasses.length > 1)
    add("asset_classes", `'${UNCLASSIFIED}' stands alone: list the reviewed classes instead`);
}

/** The TVL is a figure in millions or billions of dollars, or N/A. */
function tvlIsAFigure({ cell, add }: Row) {
  const tvl = cell("tvl");
  if (tvl !== "" && tvl !== "N/A" && parseTvl(tvl) === null) {
    add(
      "tvl",
      `'${tvl}' is not a TVL: write $<number>M or $<number>B (e.g. $2.8B, $350M) or N/A, and say in notes when it is an estimate`,
    );
  }
}

function riskLevelIsKnown({ cell, add }: Row) {
  checkEnum("risk_level", cell("risk_level"), RISK_LEVELS, add);
}

/**
 * A reviewed row's stated minimum cites the page that states it (min_investment_source_url), as a
 * yield or a term sheet does; 'Unknown' states nothing and cites nothing. A tracked row's minimum
 * is 'Unknown' until someone reviews it.
 */
function minimumIsSourced({ cell, tracked, add }: Row) {
  const url = cell("min_investment_source_url");
  checkUrl("min_investment_source_url", url, add);
  const stated = cell("min_investment") !== "Unknown";
  if (!stated && url !== "") add("min_investment_source_url", "must be empty when min_investment is Unknown");
  // Required from the review that added the column on: an older snapshot (a test fixture, a
  // historical review with --today) predates it, and the 120-day rule brings every row to a review.
  if (stated && url === "" && !tracked && cell("as_of") >= MINIMUM_SOURCE_SINCE)
    add("min_investment_source_url", "is required for a stated minimum: the page that states it");
}

/** The review that first recorded each minimum's page (min_investment_source_url). */
const MINIMUM_SOURCE_SINCE = "2026-11-25";

function urlsAreHttps({ cell, add }: Row) {
  checkUrl("url", cell("url"), add);
  checkUrl("source_url", cell("source_url"), add);
}

/**
 * as_of is a real date, not in the future and, unless freshness is off, at most MAX_AGE_DAYS old.
 * Nothing on a tracked row is curated yet, so nothing on it can go stale (its figures have their own dates).
 */
function asOfIsRecent({ cell, todayMs, today, options, tracked, add }: Row) {
  checkAsOf("as_of", cell("as_of"), todayMs, today, options.freshness !== false && !tracked, add);
}

/** source_url is the page stating the figures, not the homepage, unless the notes say no such page is known. */
function sourceIsNotTheHomepage({ cell, add }: Row) {
  if (cell("source_url") !== "" && sameUrl(cell("source_url"), cell("url")) && !NO_SOURCE_PAGE.test(cell("notes"))) {
    add(
      "source_url",
      "is the protocol's homepage, which does not state the figures: link the page that does, or say in notes 'No page stating this figure is known' and why",
    );
  }
}

/** One row per DefiLlama slug; a repeat points at the first. */
function slugsAreUnique({ cell, line, seen, add }: Row) {
  const slug = cell("defillama_slug");
  if (slug === "") return;
  const first = firstLineOf(seen.slugs, slug, line);
  if (first !== undefined) add("defillama_slug", `duplicates the slug on line ${first}`);
}

/** One row per DefiLlama id; a repeat points at the first. */
function defillamaIdsAreUnique({ cell, line, seen, add }: Row) {
  const id = defillamaId(cell("defillama_id"));
  if (id === null) return;
  const first = firstLineOf(seen.ids, id, line);
  if (first !== undefined) add("defillama_id", `duplicates the id on line ${first}`);
}

/** A tracked row carries data/asset-classes.csv's classes for its slug, or 'Unclassified' when the file has none. */
function trackedClassesFollowTheMap({ cell, tracked, options, add }: Row) {
  const slug = cell("defillama_slug");
  if (!tracked || !options.assetClassMap || slug === "") return;
  const mapped = options.assetClassMap.get(slug);
  const expected = mapped ? mapped.join(";") : UNCLASSIFIED;
  const value = cell("asset_classes");
  const assetClasses = value.trim() === "" ? [] : splitList(value);
  if (assetClasses.join(";") !== expected)
    add(
      "asset_classes",
      mapped
        ? `data/asset-classes.csv maps ${slug} to ${expected}: write ${expected}`
        : `${slug} is not in data/asset-classes.csv: write ${UNCLASSIFIED} until a reviewed entry maps it`,
    );
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
]);

const nullIfEmpty = (value: string): string | null => (value === "" ? null : value);

/** The live TVL columns: slug, the figure as a number, its day, source page and kind. */
function tvlIsSourced({ cell, todayMs, today, add }: Row) {
  const slug = cell("defillama_slug");
  if (slug !== "" && (!SLUG_PATTERN.test(slug) || slug.length > 100)) {
    add("defillama_slug", `'${slug}' is not a DefiLlama slug (lower case letters, digits, '.', '_' and '-')`);
  }
  const tvl = cell("tvl");
  const usdText = cell("tvl_usd");
  let usd: number | null = null;
  if (usdText !== "") {
    usd = /^[0-9]+(\.[0-9]+)?$/.test(usdText) ? Number(usdText) : null;
    if (usd === null || !(usd < 1e15))
      add("tvl_usd", `'${usdText}' is not an amount in US dollars (digits, optional decimals, no '$' or separators)`);
  }
  if (tvl === "N/A" && usdText !== "") add("tvl_usd", "must be empty when tvl is N/A");
  if (tvl !== "N/A" && parseTvl(tvl) !== null && usdText === "")
    add("tvl_usd", `is required when tvl is a figure (write the dollars ${tvl} stands for)`);
  if (usd !== null && parseTvl(tvl) !== null && formatTvl(usd) !== tvl && parseTvl(tvl) !== usd) {
    add("tvl_usd", `${usdText} does not match tvl ${tvl} (it formats as ${formatTvl(usd)})`);
  }
  const source = cell("tvl_source");
  checkEnum("tvl_source", source, TVL_SOURCES, add);
  checkUrl("tvl_source_url", cell("tvl_source_url"), add);
  if (cell("tvl_source_url") === "" && (source !== "curated" || !NO_SOURCE_PAGE.test(cell("notes")))) {
    add(
      "tvl_source_url",
      "is required: the page stating the figure (or, for a curated figure no page states, say in notes 'No page stating this figure is known')",
    );
  }
  if (source === "defillama") {
    if (slug === "") add("defillama_slug", "is required when tvl_source is defillama");
    else if (cell("tvl_source_url") !== `${DEFILLAMA_SITE}${slug}`)
      add("tvl_source_url", `must be ${DEFILLAMA_SITE}${slug} for a DefiLlama figure`);
  }
  checkAsOf("tvl_as_of", cell("tvl_as_of"), todayMs, today, false, add);
}

function checkLength(column: Column, value: string, max: number, add: Add) {
  const length = [...value].length;
  if (length > max) add(column, `is ${length} characters long, at most ${max} allowed`);
}

function checkList(column: Column, value: string, allowed: readonly string[], add: Add): string[] {
  if (value.trim() === "") return [];
  const items = splitList(value);
  if (items.some((item) => item === ""))
    add(column, `has an empty item (separate values with '${LIST_SEPARATOR}', no trailing '${LIST_SEPARATOR}')`);
  for (const item of items.filter((i) => i !== "" && !allowed.includes(i))) {
    add(column, `'${item}' is not one of ${allowed.join(", ")}`);
  }
  for (const item of new Set(items.filter((item, i) => item !== "" && items.indexOf(item) !== i))) {
    add(column, `lists '${item}' more than once`);
  }
  return items;
}

function checkUrl(column: Column, value: string, add: Add) {
  if (value === "") return;
  if (!URL_PATTERN.test(value)) {
    add(column, `'${value}' is not an http(s) URL without spaces`);
    return;
  }
  if (!value.startsWith("https://")) {
    add(column, `'${value}' must use https`);
    return;
  }
  try {
    if (!new URL(value).hostname.includes(".")) add(column, `'${value}' has no valid host name`);
  } catch {
    add(column, `'${value}' is not a valid URL`);
  }
}

/** Equal ignoring a trailing slash and the case of the host. */
function sameUrl(a: string, b: string): boolean {
  const norm = (u: string) => u.replace(/\/+$/, "").toLowerCase();
  return norm(a) === norm(b);
}

function checkAsOf(
  column: "as_of" | "tvl_as_of" | "yield_as_of" | "defillama_dropped_on" | "defillama_listed_at",
  value: string,
  todayMs: number,
  today: string,
  freshness: boolean,
  add: Add,
) {
  if (value === "") return;
  const ms = parseIsoDate(value);
  if (ms === null) {
    add(column, `'${value}' is not a real date in YYYY-MM-DD form`);
    return;
  }
  if (value < AS_OF_MIN) {
    add(column, `${value} is before ${AS_OF_MIN}`);
    return;
  }
  if (ms > todayMs) {
    add(column, `${value} is in the future (today is ${today})`);
    return;
  }
  const age = Math.round((todayMs - ms) / DAY_MS);
  if (freshness && age > MAX_AGE_DAYS) {
    add(
      column,
      `${value} is ${age} days old as of ${today} (limit ${MAX_AGE_DAYS}): refresh the figure, or review a historical snapshot with --today`,
    );
  }
}

function checkEnum(column: Column, value: string, allowed: readonly string[], add: Add) {
  if (value !== "" && !allowed.includes(value)) add(column, `'${value}' is not one of ${allowed.join(", ")}`);
}

/**
 * The term sheet: enums, redemption_days exactly with 'days', a short fee text, and a
 * terms_source_url on every row that states any term. terms_as_of is the date the terms were
 * read: a real date, not before 2015, and not after today (or after the real clock's today when
 * reviewing an older snapshot with --today, since terms are read now).
 */
function termsAreSourced({ cell, todayMs, add }: Row) {
  checkEnum("investor_access", cell("investor_access"), INVESTOR_ACCESS, add);
  checkEnum("kyc", cell("kyc"), KYC_VALUES, add);
  checkEnum("redemption", cell("redemption"), REDEMPTION_VALUES, add);

  const redemption = cell("redemption");
  const daysText = cell("redemption_days");
  if (daysText !== "") {
    if (!/^[0-9]+$/.test(daysText) || Number(daysText) < 1 || Number(daysText) > REDEMPTION_DAYS_MAX) {
      add("redemption_days", `'${daysText}' is not a whole number of days from 1 to ${REDEMPTION_DAYS_MAX}`);
    }
    if (redemption !== "days")
      add("redemption_days", `must be empty unless redemption is days (it is '${redemption}')`);
  } else if (redemption === "days") {
    add("redemption_days", "is required when redemption is days (the number of days, e.g. 2)");
  }

  const fees = cell("fees");
  checkLength("fees", fees, FEES_MAX_LENGTH, add);
  if (/^unknown$/i.test(fees) && fees !== "unknown") add("fees", `write unknown in lower case, not '${fees}'`);

  const sourceUrl = cell("terms_source_url");
  checkUrl("terms_source_url", sourceUrl, add);
  const stated = TERM_COLUMNS.filter((column) => cell(column) !== "" && cell(column) !== "unknown");
  if (stated.length > 0 && sourceUrl === "") {
    add(
      "terms_source_url",
      `is required because ${stated.join(", ")} ${stated.length === 1 ? "is" : "are"} not unknown: cite the page that states the terms`,
    );
  }

  const asOf = cell("terms_as_of");
  if (asOf === "") {
    if (sourceUrl !== "") add("terms_as_of", "is required with terms_source_url (the date you read the terms)");
  } else {
    const ms = parseIsoDate(asOf);
    const clock = todayUtc();
    const latestMs = Math.max(todayMs, parseIsoDate(clock)!);
    if (ms === null) add("terms_as_of", `'${asOf}' is not a real date in YYYY-MM-DD form`);
    else if (asOf < AS_OF_MIN) add("terms_as_of", `${asOf} is before ${AS_OF_MIN}`);
    else if (ms > latestMs)
      add("terms_as_of", `${asOf} is in the future (today is ${new Date(latestMs).toISOString().slice(0, 10)})`);
  }
}

/**
 * Chains: every chain a protocol is on, in one naming. The spec's eleven are spelled
 * as in BLOCKCHAINS; another chain takes DefiLlama's name, except where DefiLlama has several
 * spellings (CHAIN_ALIASES), which must be written the one way we store.
 */
function chainsHaveOneName({ cell, add }: Row) {
  const value = cell("blockchains");
  if (value.trim() === "") return;
  const items = splitList(value);
  if (items.some((item) => item === ""))
    add("blockchains", `has an empty item (separate values with '${LIST_SEPARATOR}', no trailing '${LIST_SEPARATOR}')`);
  for (const item of items.filter((i) => i !== "")) {
    const ours = BLOCKCHAINS.find((chain) => chain.toLowerCase() === item.toLowerCase());
    const alias = CHAIN_ALIASES[item];
    if (alias !== undefined) add("blockchains", `'${item}' is written '${alias}' here (one name per chain)`);
    else if (ours !== undefined && ours !== item) add("blockchains", `'${item}' is written '${ours}'`);
    else if (!CHAIN_NAME_PATTERN.test(item))
      add("blockchains", `'${item}' is not a chain name (at most 60 characters, no '|')`);
  }
  for (const item of new Set(items.filter((item, i) => item !== "" && items.indexOf(item) !== i))) {
    add("blockchains", `lists '${item}' more than once`);
  }
}

/**
 * DefiLlama's id, audits and dates, the review status and the pool filter.
 * A tracked row comes from DefiLlama, so it always names its DefiLlama entry.
 */
function defillamaColumnsAreValid({ cell, todayMs, today, add }: Row) {
  checkEnum("review_status", cell("review_status"), REVIEW_STATUSES, add);
  const slug = cell("defillama_slug");
  if (cell("review_status") === "tracked" && slug === "")
    add("defillama_slug", "is required on a tracked row (it comes from DefiLlama)");
  const idText = cell("defillama_id");
  if (idText !== "") {
    if (defillamaId(idText) === null)
      add("defillama_id", `'${idText}' is not a DefiLlama protocol id (a whole number, e.g. 4265)`);
    if (slug === "") add("defillama_id", "needs the defillama_slug of the same entry");
  }
  const audits = cell("defillama_audits");
  if (audits !== "" && !/^[0-3]$/.test(audits))
    add("defillama_audits", `'${audits}' is not one of 0, 1, 2, 3 (DefiLlama's audits: none, partly, yes, fork)`);
  checkAsOf("defillama_listed_at", cell("defillama_listed_at"), todayMs, today, false, add);
  checkAsOf("defillama_dropped_on", cell("defillama_dropped_on"), todayMs, today, false, add);
  if ((cell("defillama_dropped_on") !== "" || cell("defillama_listed_at") !== "") && slug === "")
    add("defillama_slug", "is required with defillama_dropped_on or defillama_listed_at");
  const pools = cell("yield_pools");
  if (pools !== "") {
    checkLength("yield_pools", pools, 1000, add);
    if (splitList(pools).some((item) => item === ""))
      add("yield_pools", `has an empty item (separate pool ids or symbols with '${LIST_SEPARATOR}')`);
    if (slug === "") add("yield_pools", "filters DefiLlama pools, so it needs a defillama_slug");
  }
}

/** A DefiLlama protocol id (a positive whole number that fits the database's integer), else null. */
function defillamaId(text: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}

/**
 * The yield's provenance. A DefiLlama yield has its numbers, day and DefiLlama page,
 * and its text is the numbers' range; a curated one cites the page that states it and the page's
 * date for the figure, or the day it was read when the page gives none. A yield with no
 * yield_source ('Unknown', 'N/A', or an older, unsourced figure) carries none of the yield_*
 * figures: the row's as_of and notes speak for it.
 */
function yieldIsSourced({ cell, todayMs, today, add }: Row) {
  const number = (column: "yield_apy_min" | "yield_apy_max"): number | null => {
    const text = cell(column);
    if (text === "") return null;
    if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || Number(text) >= MAX_APY) {
      add(column, `'${text}' is not an APY in percent (a number from 0 to below ${MAX_APY}, e.g. 3.25)`);
      return null;
    }
    return Number(text);
  };
  const min = number("yield_apy_min");
  const max = number("yield_apy_max");
  if ((cell("yield_apy_min") === "") !== (cell("yield_apy_max") === ""))
    add("yield_apy_max", "yield_apy_min and yield_apy_max go together (both ends of the range, or neither)");
  if (min !== null && max !== null && min > max) add("yield_apy_min", `${min} is above yield_apy_max ${max}`);
  const source = cell("yield_source");
  checkEnum("yield_source", source, YIELD_SOURCES, add);
  checkUrl("yield_source_url", cell("yield_source_url"), add);
  checkAsOf("yield_as_of", cell("yield_as_of"), todayMs, today, false, add);
  const slug = cell("defillama_slug");
  if (source === "defillama") {
    if (slug === "") add("defillama_slug", "is required when yield_source is defillama");
    if (cell("yield_apy_min") === "" || cell("yield_apy_max") === "")
      add("yield_apy_min", "is required when yield_source is defillama (with yield_apy_max)");
    if (cell("yield_as_of") === "") add("yield_as_of", "is required when yield_source is defillama");
    if (slug !== "" && !isDefillamaYieldsUrl(cell("yield_source_url"), slug))
      add(
        "yield_source_url",
        `must be a DefiLlama pool page (https://defillama.com/yields/pool/<id>) or ${projectYieldsUrl(slug)} for a DefiLlama yield`,
      );
    if (min !== null && max !== null && cell("yield_range") !== formatYieldRange(min, max))
      add(
        "yield_range",
        `'${cell("yield_range")}' does not match the DefiLlama range (it formats as ${formatYieldRange(min, max)})`,
      );
  } else if (source === "curated") {
    if (cell("yield_source_url") === "")
      add("yield_source_url", "is required when yield_source is curated: the page that states the yield");
    if (cell("yield_as_of") === "")
      add(
        "yield_as_of",
        "is required when yield_source is curated: the date the page gives for the yield, else the day it was read",
      );
  } else if (source === "") {
    for (const column of ["yield_apy_min", "yield_apy_max", "yield_as_of", "yield_source_url"] as const) {
      if (cell(column) !== "")
        add(column, "needs yield_source (defillama, or curated with the page that states the yield)");
    }
  }
}
