import { tvlProvenance, yieldProvenance } from "@/lib/tvl-provenance";
import { RISK_SECTION_ID } from "../card/directory-link";
import { UNKNOWN_VALUE } from "./model";
import { minimumUsdOf } from "./product-summary";
import type { Protocol } from "./types";

/** Where a key figure comes from and which day it describes. */
export type FigureProvenance = {
  asOf: string | null;
  sourceUrl: string | null;
  sourceLabel: string;
  /** A tracked row's figure no one has reviewed: it has no date or source to give. */
  unreviewed?: true;
  /** Where on this page the figure's sources are given (`#risk`, `#figure-notes`), instead of a page elsewhere. */
  inPage?: string;
  /** Each product's figure carries its own date (the Products section): no one date for the whole. */
  perProduct?: true;
};

/** The id of the protocol page's Products section. */
export const PRODUCTS_SECTION_ID = "products";

/** The id of the protocol page's 'Notes on the figures', which names each curated figure's page. */
export const FIGURE_NOTES_ID = "figure-notes";

/** DefiLlama's protocol pages state TVLs, never a minimum investment. */
const isDefiLlamaPage = (url: string | null) => url !== null && url.startsWith("https://defillama.com/");

/** What a tracked row's unreviewed figures say instead of a date and a source. */
export const NOT_REVIEWED = "Not reviewed yet";

export type KeyFigure = "tvl" | "yield" | "minInvestment" | "risk";

/**
 * The TVL and the yield carry their own day and source (the live-data issues: 'DefiLlama' linking
 * to the protocol's DefiLlama page or its yield pools, or the curated source's page); a yield
 * without a source of its own, and the other figures, use the row's as_of and source_url
 * (data/protocols.csv).
 */
export function figureProvenance(protocol: Protocol, figure: KeyFigure): FigureProvenance {
  if (figure === "tvl") {
    const tvl = tvlProvenance(protocol);
    if (tvl !== null && tvl.label !== "") return { asOf: tvl.date, sourceUrl: tvl.href, sourceLabel: tvl.label };
  }
  if (figure === "yield") {
    const yields = yieldProvenance(protocol);
    if (yields !== null) return { asOf: yields.date, sourceUrl: yields.href, sourceLabel: yields.label };
  }
  // A minimum its products state: each with its own page and dates, in the Products section.
  if (figure === "minInvestment" && minimumUsdOf(protocol) !== null) {
    return {
      asOf: null,
      sourceUrl: null,
      sourceLabel: "Per product, below",
      inPage: `#${PRODUCTS_SECTION_ID}`,
      perProduct: true,
    };
  }
  // The row's date and source on a tracked row are DefiLlama's listing, which states no yield,
  // minimum or risk: those figures are not reviewed yet, and say so.
  if (protocol.reviewStatus === "tracked" && figure !== "tvl") {
    return { asOf: null, sourceUrl: null, sourceLabel: NOT_REVIEWED, unreviewed: true };
  }
  // The risk level is computed from the evidence in the page's Risk section, factor by factor.
  if (figure === "risk" && protocol.riskLevel !== null) {
    return { asOf: protocol.asOf, sourceUrl: null, sourceLabel: "Evidence below", inPage: `#${RISK_SECTION_ID}` };
  }
  // The minimum's own page, where the review recorded it.
  if (figure === "minInvestment" && protocol.minInvestmentSourceUrl !== null) {
    return { asOf: protocol.asOf, sourceUrl: protocol.minInvestmentSourceUrl, sourceLabel: "Source" };
  }
  // A figure no page states ('Unknown', or 'N/A' for an asset that pays none) has no page to link,
  // and a covered row's source is its DefiLlama page, which states no minimum and no yield where
  // DefiLlama has no pool: the notes say what was found, and where.
  // (A TVL falls here only when it has no source of its own: 'N/A', or an older database's row.)
  const value = { tvl: protocol.tvl, yield: protocol.yieldRange, minInvestment: protocol.minInvestment, risk: null }[
    figure
  ];
  const statesNothing = value === UNKNOWN_VALUE || value === "N/A";
  if (value !== null && (statesNothing || (figure !== "tvl" && isDefiLlamaPage(protocol.sourceUrl)))) {
    return protocol.notes !== null
      ? { asOf: protocol.asOf, sourceUrl: null, sourceLabel: "Source in the notes", inPage: `#${FIGURE_NOTES_ID}` }
      : { asOf: protocol.asOf, sourceUrl: null, sourceLabel: "Source" };
  }
  return { asOf: protocol.asOf, sourceUrl: protocol.sourceUrl, sourceLabel: "Source" };
}
