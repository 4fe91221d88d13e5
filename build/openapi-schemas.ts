// The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of every public read: one per table the REST
// API serves, with the vocabularies the database's constraints hold (src/config/domain.ts), and an
// example row each. tests/integration/openapi-contract.test.ts holds every schema's properties equal
// to its table's columns and validates real answers and each example against it.
import {
  ASSET_CLASSES,
  INVESTOR_ACCESS,
  KYC_VALUES,
  OTHER,
  REDEMPTION_VALUES,
  RISK_LEVELS,
  UNCLASSIFIED,
} from "../src/config/domain.ts";
import { FACTOR_LABELS, RISK_FACTORS } from "../src/lib/risk-rating.ts";
import { CHANGE_KINDS } from "../supabase/functions/_shared/change-text.ts";

type Schema = Record<string, unknown>;

const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type as string, "null"] });
const text = (description: string): Schema => ({ type: "string", description });
const uuid = (description: string): Schema => ({ type: "string", format: "uuid", description });
const day = (description: string): Schema => ({ type: "string", format: "date", description });
const time = (description: string): Schema => ({ type: "string", format: "date-time", description });
const number = (description: string): Schema => ({ type: "number", description });
const integer = (description: string): Schema => ({ type: "integer", description });
const list = (description: string): Schema => ({ type: "array", items: { type: "string" }, description });
const oneOf = (values: readonly (string | null)[], description: string): Schema => ({
  type: values.includes(null) ? ["string", "null"] : "string",
  enum: [...values],
  description,
});

function object(properties: Record<string, Schema>, example: Record<string, unknown>): Schema {
  return { type: "object", required: Object.keys(properties), properties, examples: [example] };
}

const PROTOCOL_ID = "1f0c3a4e-6a52-4b8e-9a43-2b6c3f5d7e81";

export const protocolSchema = object(
  {
    id: uuid("The protocol's id: other tables name it as protocol_id."),
    name: text("The name the site shows; its page slug is derived from it."),
    description: text("One or two sentences on what it is."),
    asset_classes: {
      ...list("Asset classes: the six; 'Other' (reviewed, none of the six); 'Unclassified' (not reviewed yet)."),
      items: { enum: [...ASSET_CLASSES, OTHER, UNCLASSIFIED] },
    },
    blockchains: list("Every chain it is on."),
    tvl: text("TVL as the site shows it ('$1.2B', '$350M', 'N/A')."),
    yield_range: text("Yield as the site shows it ('3.8-4.2%', 'Variable', 'Unknown')."),
    risk_level: oneOf([...RISK_LEVELS, null], "The computed risk level; null: not rated (docs/methodology.md)."),
    min_investment: text("The minimum as stated ('$5M', 'Unknown')."),
    url: nullable(text("The protocol's website; null: DefiLlama gives none and no review has found it ('Unknown').")),
    created_at: time("When the row was created."),
    updated_at: time("When the row last changed."),
    source_url: nullable(text("The page the curated figures come from.")),
    as_of: nullable(day("The day the curated figures were checked.")),
    notes: nullable(
      text("How each figure was read: short labelled lines ('Minimum: …'), one a line, links as [text](https://…)."),
    ),
    defillama_slug: nullable(text("DefiLlama's slug, when DefiLlama covers it.")),
    tvl_usd: nullable(number("TVL in US dollars.")),
    tvl_as_of: nullable(day("The day the TVL refers to.")),
    tvl_source_url: nullable(text("The page that states the TVL.")),
    tvl_source: oneOf(["defillama", "curated", null], "Where the TVL comes from."),
    investor_access: oneOf(INVESTOR_ACCESS, "Who may buy."),
    kyc: oneOf(KYC_VALUES, "Whether buyers pass KYC."),
    redemption: oneOf(REDEMPTION_VALUES, "How money comes back."),
    redemption_days: nullable(integer("Days to redeem, with redemption 'days'.")),
    fees: text("Fees as stated, or 'unknown'."),
    terms_source_url: nullable(text("The page that states the terms.")),
    terms_as_of: nullable(day("The day the terms were read.")),
    defillama_id: nullable(integer("DefiLlama's stable id.")),
    yield_apy_min: nullable(number("Lowest APY of the range, in percent.")),
    yield_apy_max: nullable(number("Highest APY of the range, in percent.")),
    yield_as_of: nullable(
      day("The day DefiLlama's yield data refers to; for a curated yield, the day its page was read."),
    ),
    yield_source: oneOf(["defillama", "curated", null], "Where the yield comes from."),
    yield_source_url: nullable(text("The page that states the yield.")),
    yield_pools: nullable(text("DefiLlama pool ids or symbols the yield is read from, ';'-separated.")),
    review_status: oneOf(["reviewed", "tracked"], "'tracked': listed from DefiLlama, terms and risk not reviewed yet."),
    defillama_dropped_on: nullable(day("Since when DefiLlama no longer lists it (or it fell below the threshold).")),
    defillama_listed_at: nullable(day("The day DefiLlama first listed it.")),
    defillama_audits: nullable(integer("DefiLlama's audits field: 0 none, 1 partly, 2 yes, 3 fork of audited code.")),
    min_investment_source_url: nullable(text("The page that states the minimum.")),
    yield_document_date: nullable(
      text("A curated yield's page: the date it states (YYYY-MM-DD, YYYY-MM or 'undated'); null on other yields."),
    ),
    yield_source_kind: nullable(text("A curated yield's page: its kind ('Fact sheet'); null on other yields.")),
    product_count: integer("How many products (GET /products) it issues; kept by the database."),
    product_min_investment_usd: nullable(number("The lowest stated minimum of its products, in US dollars.")),
    product_investor_access: oneOf(
      [...INVESTOR_ACCESS.filter((a) => a !== "unknown"), null],
      "The widest investor access any of its products states; null: none states one.",
    ),
    yield_note: nullable(text("Why a pool is left out of the yield range (a data gap), in words; null: none is.")),
  },
  {
    id: PROTOCOL_ID,
    name: "BlackRock BUIDL (Securitize)",
    description: "Tokenized USD institutional liquidity fund holding cash, US Treasury bills and repo.",
    asset_classes: ["US Treasuries"],
    blockchains: ["Ethereum", "Solana"],
    tvl: "$2.5B",
    yield_range: "3.3-3.6%",
    risk_level: "Medium",
    min_investment: "$5M",
    url: "https://securitize.io",
    created_at: "2025-10-31T12:00:00+00:00",
    updated_at: "2026-11-25T06:00:00+00:00",
    source_url: "https://defillama.com/protocol/blackrock-buidl",
    as_of: "2026-11-25",
    notes: "TVL: DefiLlama's figure, refreshed daily.",
    defillama_slug: "blackrock-buidl",
    tvl_usd: 2500000000,
    tvl_as_of: "2026-11-25",
    tvl_source_url: "https://defillama.com/protocol/blackrock-buidl",
    tvl_source: "defillama",
    investor_access: "qualified-purchaser",
    kyc: "yes",
    redemption: "instant",
    redemption_days: null,
    fees: "0.50% a year",
    terms_source_url: "https://securitize.io/buidl",
    terms_as_of: "2026-11-25",
    defillama_id: 4321,
    yield_apy_min: 3.3,
    yield_apy_max: 3.6,
    yield_as_of: "2026-11-25",
    yield_source: "defillama",
    yield_source_url: "https://defillama.com/yields?project=blackrock-buidl",
    yield_pools: null,
    review_status: "reviewed",
    defillama_dropped_on: null,
    defillama_listed_at: "2024-03-20",
    defillama_audits: 2,
    min_investment_source_url: "https://securitize.io/buidl",
    yield_document_date: null,
    yield_source_kind: null,
    product_count: 1,
    product_min_investment_usd: 5000000,
    product_investor_access: "institutional",
    yield_note: null,
  },
);

export const tvlHistorySchema = object(
  {
    protocol_id: uuid("The protocol (protocols.id)."),
    day: day("The day."),
    tvl_usd: number("TVL in US dollars that day."),
    source: oneOf(["defillama", "curated"], "Where the figure comes from."),
  },
  { protocol_id: PROTOCOL_ID, day: "2026-11-24", tvl_usd: 2480000000, source: "defillama" },
);

export const yieldHistorySchema = object(
  {
    protocol_id: uuid("The protocol (protocols.id)."),
    day: day("The day."),
    apy_min: number("Lowest APY of the day's range, in percent."),
    apy_max: number("Highest APY of the day's range, in percent."),
    source: oneOf(["defillama", "curated"], "Where the figure comes from."),
  },
  { protocol_id: PROTOCOL_ID, day: "2026-11-24", apy_min: 3.3, apy_max: 3.6, source: "defillama" },
);

export const riskFactorSchema = object(
  {
    protocol_id: uuid("The protocol (protocols.id)."),
    factor: oneOf(
      RISK_FACTORS,
      `One of the method's seven factors: ${RISK_FACTORS.map((f) => `${f} (${FACTOR_LABELS[f]})`).join(", ")}.`,
    ),
    level: oneOf(RISK_LEVELS, "The factor's assessment; a factor without a row is 'Unknown'."),
    finding: text("The evidence in one sentence."),
    source_url: text("The page that states it."),
    source_kind: nullable(text("The document's kind ('Fact sheet', 'SEC filing', 'Dataset' for DefiLlama's data).")),
    source_tier: oneOf(["primary", "secondary", null], "The source's tier (docs/methodology.md, 'Sources')."),
    document_date: nullable(text("The document's own date: 'YYYY-MM-DD', 'YYYY-MM' or 'undated'.")),
    read_on: day("The day the page was read (computed factors: the day of the data)."),
    computed: { type: "boolean", description: "Computed from DefiLlama's data rather than researched." },
  },
  {
    protocol_id: PROTOCOL_ID,
    factor: "custody",
    level: "Low",
    finding: "BNY Mellon holds the fund's assets; monthly attestations are published.",
    source_url: "https://securitize.io/buidl",
    source_kind: "Fact sheet",
    source_tier: "primary",
    document_date: "2026-10",
    read_on: "2026-11-25",
    computed: false,
  },
);

export const changeSchema = object(
  {
    id: integer("The row's number (newer rows have larger ones)."),
    day: day("The day the change took effect."),
    protocol_id: uuid("The protocol (protocols.id)."),
    product_symbol: nullable(text("The product (token) it concerns; null for the protocol as a whole.")),
    kind: oneOf(CHANGE_KINDS, "What changed."),
    field: nullable(
      text(
        "Within the kind: '1d' or '7d' for TVL, a term, a risk factor, 'defillama_slug', 'below_threshold', 'relisted'.",
      ),
    ),
    old_value: nullable(
      text("Before: whole dollars for tvl, listed and dropped; the range ('3.8-4.2%') for yield; else as shown."),
    ),
    new_value: nullable(text("After, in the same form.")),
    reason: nullable(text("Why, in words (the rule that recorded it, or the finding).")),
    source_url: nullable(text("The page that states the new value.")),
    recorded_by: oneOf(["refresh", "review"], "The daily refresh, or a review of the data."),
    created_at: time("When the row was recorded."),
  },
  {
    id: 42,
    day: "2026-11-20",
    protocol_id: PROTOCOL_ID,
    product_symbol: null,
    kind: "tvl",
    field: "1d",
    old_value: "1600000000",
    new_value: "1200000000",
    reason: "A move of 10% or more in a day.",
    source_url: "https://defillama.com/protocol/centrifuge",
    recorded_by: "refresh",
    created_at: "2026-11-20T06:00:12+00:00",
  },
);

export const errorSchema: Schema = {
  type: "object",
  description: "PostgREST's error.",
  required: ["message"],
  properties: {
    code: { type: ["string", "null"] },
    message: { type: "string" },
    details: { type: ["string", "null"] },
    hint: { type: ["string", "null"] },
  },
  examples: [
    { code: "PGRST100", message: '"failed to parse filter (nope)" (line 1, column 1)', details: null, hint: null },
  ],
};
