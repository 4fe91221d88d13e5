import { toCsv } from "@/lib/csv";
import { INVESTOR_ACCESS_LABELS, KYC_LABELS, feesLabel, redemptionLabel } from "@/lib/terms";
import type { Protocol } from "../model/types";

const HEADER = [
  "Name",
  "Description",
  "Asset Classes",
  "Blockchains",
  "TVL",
  "Yield Range",
  "Risk Level",
  "Min Investment",
  "Website",
  "Source",
  "As Of",
  "Notes",
  "TVL (USD)",
  "TVL As Of",
  "TVL Source",
  "TVL Source URL",
  "Investor Access",
  "KYC",
  "Redemption",
  "Fees",
  "Terms Source",
  "Terms As Of",
];

const TVL_SOURCE_LABELS = { defillama: "DefiLlama", curated: "Curated" } as const;

/**
 * The figures exactly as displayed (text, not re-formatted numbers), plus their provenance, the
 * TVL as a plain number of dollars with its own day and source, and the term sheet ('Unknown'
 * spelled out). TVL cells are empty on a backend without the live TVL columns.
 */
export function protocolsToCsv(protocols: readonly Protocol[]): string {
  return toCsv(
    HEADER,
    protocols.map((p) => [
      p.name,
      p.description,
      p.assetClasses.join("; "),
      p.blockchains.join("; "),
      p.tvl,
      p.yieldRange,
      p.riskLevel ?? "Not rated",
      p.minInvestment,
      p.url,
      p.sourceUrl,
      p.asOf,
      p.notes,
      p.tvlUsd,
      p.tvlAsOf,
      p.tvlSource === null ? null : TVL_SOURCE_LABELS[p.tvlSource],
      p.tvlSourceUrl,
      INVESTOR_ACCESS_LABELS[p.terms.investorAccess],
      KYC_LABELS[p.terms.kyc],
      redemptionLabel(p.terms),
      feesLabel(p.terms.fees),
      p.terms.sourceUrl,
      p.terms.asOf,
    ]),
  );
}

export function csvFileName(kind: "protocols" | "comparison", stamp: string): string {
  return `rwa-atlas-${kind}-${stamp}.csv`;
}
