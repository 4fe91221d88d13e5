import { toCsv } from "@/lib/csv";
import type { Protocol } from "./types";

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
];

/** The figures exactly as displayed (text, not re-formatted numbers), plus their provenance. */
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
      p.riskLevel ?? "Unrated",
      p.minInvestment,
      p.url,
      p.sourceUrl,
      p.asOf,
      p.notes,
    ]),
  );
}

export function csvFileName(kind: "protocols" | "comparison", stamp: string): string {
  return `rwa-atlas-${kind}-${stamp}.csv`;
}
