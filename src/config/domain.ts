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
