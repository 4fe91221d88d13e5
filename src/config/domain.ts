// The specification's fixed vocabularies. No import.meta here, so Node scripts (data tooling,
// the local API) share these exact lists with the app and the database constraints.
export const RISK_LEVELS = ["Low", "Medium", "High", "Very High"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const ASSET_CLASSES = [
  "US Treasuries",
  "Private Credit",
  "Real Estate",
  "Commodities",
  "Carbon Credits",
  "Equities",
] as const;

/**
 * A tracked row's asset class until data/asset-classes.csv maps it: shown as such,
 * offered by the asset-class filter only when some row has it, never counted as a class.
 */
export const UNCLASSIFIED = "Unclassified";

/**
 * A reviewed row's class for assets outside the six (reinsurance, a venture fund's profit share, a
 * crypto fund), alone or beside them: shown as such, offered by the asset-class filter after the
 * six only when some row has it, never counted as a class (it is not one of the spec's six).
 */
export const OTHER = "Other";

export const BLOCKCHAINS = [
  "Ethereum",
  "Solana",
  "Polygon",
  "Base",
  "Algorand",
  "Stellar",
  "Optimism",
  "Tron",
  "Gnosis Chain",
  "Polymesh",
  "Celo",
] as const;

// Term sheets. 'unknown' is a value of its own, never a blank: it is shown as
// 'Unknown', and 'no' and 'unknown' are never merged.
export const INVESTOR_ACCESS = [
  "retail",
  "retail-non-us",
  "accredited",
  "qualified-purchaser",
  "institutional",
  "unknown",
] as const;
export type InvestorAccess = (typeof INVESTOR_ACCESS)[number];

export const KYC_VALUES = ["yes", "no", "unknown"] as const;
export type Kyc = (typeof KYC_VALUES)[number];

export const REDEMPTION_VALUES = ["instant", "days", "queue", "none", "unknown"] as const;
export type Redemption = (typeof REDEMPTION_VALUES)[number];

/** Bounds of redemption_days (only with redemption 'days') and of the fees text. */
export const REDEMPTION_DAYS_MAX = 365;
export const FEES_MAX_LENGTH = 120;

// Products (data/products.json, public.products): each token or share class a protocol issues,
// with its own terms. The protocol vocabularies above, plus 'not-disclosed': a page was checked and
// is silent (its source names that page), where 'unknown' means nothing was checked (no source).
export const PRODUCT_INVESTOR_ACCESS = [
  "retail",
  "retail-non-us",
  "accredited",
  "qualified-purchaser",
  "institutional",
  "not-disclosed",
  "unknown",
] as const;
export type ProductInvestorAccess = (typeof PRODUCT_INVESTOR_ACCESS)[number];

export const PRODUCT_KYC_VALUES = ["yes", "no", "not-disclosed", "unknown"] as const;
export type ProductKyc = (typeof PRODUCT_KYC_VALUES)[number];

/** 'instant': same day, settled atomically; 'days' with redemption_days; 'window' with redemption_window. */
export const PRODUCT_REDEMPTION_VALUES = [
  "instant",
  "days",
  "queue",
  "window",
  "none",
  "not-disclosed",
  "unknown",
] as const;
export type ProductRedemption = (typeof PRODUCT_REDEMPTION_VALUES)[number];

export const REDEMPTION_WINDOWS = ["daily", "weekly", "monthly", "quarterly"] as const;
export type RedemptionWindow = (typeof REDEMPTION_WINDOWS)[number];

/** The five terms the coverage rule counts, in the order the site shows them. */
export const PRODUCT_TERMS = ["investor_access", "kyc", "min_investment", "redemption", "fees"] as const;
export type ProductTerm = (typeof PRODUCT_TERMS)[number];

/**
 * Every term a product's `sources` may cite: the five, the instant facility, the stated yield, and
 * the page that says whether DefiLlama's pool yield is already net of the management fee.
 */
export const PRODUCT_SOURCE_KEYS = [...PRODUCT_TERMS, "instant_facility", "stated_yield", "pool_yield"] as const;

/**
 * A product's asset class: one of the six, 'Other' (none of the six: its asset_note says what,
 * 'Reinsurance'), or 'Unclassified' (not reviewed yet).
 */
export const PRODUCT_ASSET_CLASSES = [...ASSET_CLASSES, OTHER, UNCLASSIFIED] as const;
export type ProductSourceKey = (typeof PRODUCT_SOURCE_KEYS)[number];

/** A source's tier (data/source-tiers.json says what each holds; src/lib/source-tiers.ts applies its never list). */
export const SOURCE_TIERS = ["primary", "secondary"] as const;
export type SourceTier = (typeof SOURCE_TIERS)[number];

export function isSourceTier(value: string): value is SourceTier {
  return (SOURCE_TIERS as readonly string[]).includes(value);
}
