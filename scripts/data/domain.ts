// The values the database constraints allow. They mirror ASSET_CLASSES, BLOCKCHAINS and RISK_LEVELS
// in src/config/site.ts, which these Node scripts cannot import yet: that module reads
// import.meta.env at load time, which only Vite defines. domain.test.ts fails the build the moment
// the two drift apart.
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

export const RISK_LEVELS = ["Low", "Medium", "High", "Very High"] as const;
