import { tvlProvenance } from "@/lib/tvl-provenance";
import type { Protocol } from "./types";

/** Where a key figure comes from and which day it describes. */
export type FigureProvenance = { asOf: string | null; sourceUrl: string | null; sourceLabel: string };

export type KeyFigure = "tvl" | "yield" | "minInvestment" | "risk";

/**
 * The TVL carries its own day and source (the live-data issue: 'DefiLlama' linking to the
 * protocol's DefiLlama page, or the curated source); the other figures use the row's as_of and
 * source_url (data/protocols.csv).
 */
export function figureProvenance(protocol: Protocol, figure: KeyFigure): FigureProvenance {
  if (figure === "tvl") {
    const tvl = tvlProvenance(protocol);
    if (tvl !== null && tvl.label !== "") return { asOf: tvl.date, sourceUrl: tvl.href, sourceLabel: tvl.label };
  }
  return { asOf: protocol.asOf, sourceUrl: protocol.sourceUrl, sourceLabel: "Source" };
}
