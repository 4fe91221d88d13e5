import type { RiskLevel } from "@/config/site";

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
};
