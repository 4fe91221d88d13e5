// The products table's schema (issue 28) for /openapi.json, as its migration
// (supabase/migrations/20261127120000_products.sql, the "products" branch) defines it. Until that
// migration is in the local stack the contract test says so and checks this schema's example only.
import { PRODUCT_ASSET_CLASSES } from "../src/config/domain.ts";

type Schema = Record<string, unknown>;

const t = (type: string | string[], description: string, extra: Schema = {}): Schema => ({
  type,
  description,
  ...extra,
});
const n = (type: string, description: string, extra: Schema = {}) => t([type, "null"], description, extra);

export const productSchema: Schema = {
  type: "object",
  properties: {
    id: t("string", "The product's id.", { format: "uuid" }),
    protocol_id: t("string", "The protocol that issues it (protocols.id).", { format: "uuid" }),
    symbol: t("string", "The token's symbol, unique within its protocol."),
    name: t("string", "The product's name."),
    chains: t("array", "The chains it is on.", { items: { type: "string" } }),
    asset_class: t("string", "Its asset class: one of the six, 'Other' or 'Unclassified'.", {
      enum: [...PRODUCT_ASSET_CLASSES],
    }),
    asset_note: n("string", "What the asset is, with asset_class 'Other' (e.g. 'Reinsurance')."),
    pool_symbols: t("array", "The DefiLlama pools that are this product's.", { items: { type: "string" } }),
    investor_access: t("string", "Who may buy.", {
      enum: [
        "retail",
        "retail-non-us",
        "accredited",
        "qualified-purchaser",
        "institutional",
        "not-disclosed",
        "unknown",
      ],
    }),
    kyc: t("string", "Whether buyers pass KYC.", { enum: ["yes", "no", "not-disclosed", "unknown"] }),
    min_investment_usd: n("number", "The minimum in US dollars; 0: none; null: not stated."),
    min_investment_note: n("string", "Lot sizes, currencies, tiers."),
    redemption: t("string", "How money comes back.", {
      enum: ["instant", "days", "queue", "window", "none", "not-disclosed", "unknown"],
    }),
    redemption_days: n("integer", "Days to redeem, with redemption 'days'."),
    redemption_window: n("string", "With redemption 'window'.", {
      enum: ["daily", "weekly", "monthly", "quarterly", null],
    }),
    redemption_usual_hours: n("number", "A queue's usual wait as its issuer states it, in hours."),
    redemption_note: n("string", "More on redemption."),
    instant_facility: n("string", "An instant way out, when there is one."),
    management_fee_pct: n("number", "Management fee, percent a year; null: not stated."),
    subscription_fee_pct: n("number", "Subscription fee, percent; null: not stated."),
    redemption_fee_pct: n("number", "Redemption fee, percent; null: not stated."),
    fees_note: n("string", "More on fees."),
    stated_yield_apy: n("number", "The issuer's stated yield, percent, for a product DefiLlama has no pool for."),
    stated_yield_as_of: n("string", "The stated yield's date: 'YYYY-MM-DD', 'YYYY-MM' (a month) or 'undated'.", {
      pattern: "^(undated|[0-9]{4}-[0-9]{2}(-[0-9]{2})?)$",
    }),
    stated_yield_net_of_management_fee: n("boolean", "Whether the stated yield is net of the management fee."),
    pool_yield_net_of_management_fee: n(
      "boolean",
      "Whether DefiLlama's pool APY is already net of the management fee.",
    ),
    pool_apy_min: n("number", "Lowest APY of its DefiLlama pools, percent."),
    pool_apy_max: n("number", "Highest APY of its DefiLlama pools, percent."),
    pool_yield_as_of: n("string", "The day of the pool yield.", { format: "date" }),
    pool_yield_source_url: n("string", "The page that states the pool yield."),
    sources: t("object", "Per term, the page that states it: { url, document_date, read_on, tier, kind }."),
    notes: t("array", "Short labelled lines; each may hold one markdown link.", { items: { type: "string" } }),
    created_at: t("string", "When the row was created.", { format: "date-time" }),
    updated_at: t("string", "When the row last changed.", { format: "date-time" }),
  },
  examples: [
    {
      id: "6b1f0c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
      protocol_id: "1f0c3a4e-6a52-4b8e-9a43-2b6c3f5d7e81",
      symbol: "OUSG",
      name: "Ondo Short-Term US Government Bond Fund",
      chains: ["Ethereum", "Solana"],
      asset_class: "US Treasuries",
      asset_note: null,
      pool_symbols: ["OUSG"],
      investor_access: "qualified-purchaser",
      kyc: "yes",
      min_investment_usd: 100000,
      min_investment_note: "$10,000 for instant mints and redemptions",
      redemption: "days",
      redemption_days: 1,
      redemption_window: null,
      redemption_usual_hours: null,
      redemption_note: null,
      instant_facility: "Instant USDC redemption through Ondo's converter",
      management_fee_pct: 0.15,
      subscription_fee_pct: null,
      redemption_fee_pct: null,
      fees_note: null,
      stated_yield_apy: null,
      stated_yield_as_of: null,
      stated_yield_net_of_management_fee: null,
      pool_yield_net_of_management_fee: true,
      pool_apy_min: 4.1,
      pool_apy_max: 4.1,
      pool_yield_as_of: "2026-11-25",
      pool_yield_source_url: "https://defillama.com/yields?project=ondo-finance",
      sources: {},
      notes: [],
      created_at: "2026-11-27T12:00:00+00:00",
      updated_at: "2026-11-27T12:00:00+00:00",
    },
  ],
};
productSchema.required = Object.keys(productSchema.properties as Schema);
