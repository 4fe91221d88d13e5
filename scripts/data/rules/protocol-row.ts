// data/protocols.csv's row: its columns (the database's, in order), the row as public.protocols
// stores it, the values some columns allow, and the TVL's display text.

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
  // Added with issue 33: a curated yield's page, its own date and its kind (yield_as_of: the day read).
  "yield_document_date",
  "yield_source_kind",
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
  /** The protocol's website; null when none is known (a tracked row DefiLlama gives none: 'Unknown'). */
  url: string | null;
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
  /** A curated yield's page: the date it states (YYYY-MM-DD, YYYY-MM or 'undated'), and its kind. */
  yield_document_date: string | null;
  yield_source_kind: string | null;
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
    url: optional("url"),
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
    yield_document_date: optional("yield_document_date"),
    yield_source_kind: optional("yield_source_kind"),
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
/** Notes that explain a source_url equal to the homepage: no page stating the figure is known. */
export const NO_SOURCE_PAGE = /no (published )?page (stating|that states|giving) (this|the) figure is known/i;

/** The term columns that hold a stated answer unless they are 'unknown'. */
export const TERM_COLUMNS = ["investor_access", "kyc", "redemption", "fees"] as const;

/** A row as GET /rest/v1/protocols serves it: the stored columns plus the database's own. */
export type ServedProtocolRow = ProtocolRow & { id: string; created_at: string; updated_at: string };

// The same pattern and bounds as the CHECK constraints in supabase/migrations.
export const TVL_PATTERN = /^\$[0-9]+(\.[0-9]+)?[MB]$/;
export const MAX_LENGTH = {
  name: 120,
  description: 1000,
  yield_range: 60,
  min_investment: 80,
  notes: 2000,
} as const;

/** TVL display text -> US dollars; null for 'N/A' or anything that is not a TVL. */
export function parseTvl(tvl: string): number | null {
  if (!TVL_PATTERN.test(tvl)) return null;
  const amount = Number(tvl.slice(1, -1));
  return amount * (tvl.endsWith("B") ? 1e9 : 1e6);
}
