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
