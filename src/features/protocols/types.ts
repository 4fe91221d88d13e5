import type { InvestorAccess, Kyc, Redemption } from "@/config/domain";
import type { RiskLevel } from "@/config/site";

/** Who may buy, KYC, how money comes back out, fees, and the page that states them (issue #13). */
export type ProtocolTerms = {
  investorAccess: InvestorAccess;
  kyc: Kyc;
  redemption: Redemption;
  /** Only with redemption 'days'. */
  redemptionDays: number | null;
  /** Short text, or 'unknown'. */
  fees: string;
  sourceUrl: string | null;
  asOf: string | null;
};

/** A protocol as the UI uses it: validated and camel-cased once, in model.ts. */
export type Protocol = {
  id: string;
  /** Stable, URL-safe id derived from the name (used in shareable links). */
  slug: string;
  name: string;
  description: string;
  assetClasses: string[];
  blockchains: string[];
  tvl: string;
  yieldRange: string;
  /** null when the stored value is not one of the four levels. */
  riskLevel: RiskLevel | null;
  minInvestment: string;
  /** null when the stored url is not http(s): such a url is never rendered as a link. */
  url: string | null;
  /** Provenance (optional: older databases lack these columns). */
  sourceUrl: string | null;
  asOf: string | null;
  notes: string | null;
  /** The TVL as a number of US dollars (null when unknown or on older databases). */
  tvlUsd: number | null;
  /** The day the TVL refers to (ISO YYYY-MM-DD). */
  tvlAsOf: string | null;
  /** The page stating the TVL (http(s) only; null when none is known). */
  tvlSourceUrl: string | null;
  /** 'defillama' (refreshed daily) or 'curated' (edited by hand); null when not recorded. */
  tvlSource: "defillama" | "curated" | null;
  /** 'unknown' everywhere when the database predates the terms migration. */
  terms: ProtocolTerms;
};
