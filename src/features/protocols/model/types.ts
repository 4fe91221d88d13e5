import type { InvestorAccess, Kyc, Redemption } from "@/config/domain";
import type { RiskLevel } from "@/config/site";

/** Who may buy, KYC, how money comes back out, fees, and the page that states them. */
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

/**
 * What a protocol's products add up to: the row's summary, kept by the database (a trigger on
 * public.products), so the directory needs no second request.
 */
export type ProductSummary = {
  count: number;
  /** The lowest minimum any product states (US dollars); null when none states one. */
  minInvestmentUsd: number | null;
  /** The most open access any product offers; null when none states one. */
  investorAccess: Exclude<InvestorAccess, "unknown"> | null;
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
  /** The yield range as numbers (percent); null for a curated text range or on older databases. */
  yieldApyMin: number | null;
  yieldApyMax: number | null;
  /** The day the yield refers to (DefiLlama's data); for a curated yield, the day its page was read. */
  yieldAsOf: string | null;
  /** A curated yield's page: the date it states (YYYY-MM-DD, YYYY-MM or 'undated') and its kind ('Fact sheet'). */
  yieldDocumentDate: string | null;
  yieldSourceKind: string | null;
  /** 'defillama' (refreshed daily) or 'curated' (a cited page); null for an older, unsourced yield. */
  yieldSource: "defillama" | "curated" | null;
  /** The page stating the yield (http(s) only). */
  yieldSourceUrl: string | null;
  /** The page stating the minimum investment (http(s) only; null for 'Unknown' or on older databases). */
  minInvestmentSourceUrl: string | null;
  /** 'tracked': listed from DefiLlama, its terms and risk not reviewed yet. */
  reviewStatus: "reviewed" | "tracked";
  /** The day DefiLlama stopped tracking it (the row keeps its last figure): 'No longer tracked by DefiLlama'. */
  defillamaDroppedOn: string | null;
  /** The day DefiLlama first listed it. */
  defillamaListedAt: string | null;
  /** DefiLlama's audits: 0 none, 1 partly, 2 yes, 3 fork of audited code. */
  defillamaAudits: number | null;
  /** Its products' summary ({ count: 0 } on older databases or with no product yet). */
  products: ProductSummary;
  /** What the DefiLlama yield range leaves out and why (data gaps); null when nothing. */
  yieldNote: string | null;
};
