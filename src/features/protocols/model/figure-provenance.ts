import { documentDateStart, UNDATED } from "@/lib/source-provenance";
import { tvlProvenance, yieldProvenance } from "@/lib/tvl-provenance";
import { RISK_SECTION_ID } from "../card/directory-link";
import { UNKNOWN_VALUE } from "./model";
import type { Protocol } from "./types";

/**
 * Which days a key figure's line gives (docs/product.md, 'Protocol page'):
 * - `asOf`: the day DefiLlama's data describes ('As of Sep 5, 2026');
 * - `document`: a curated figure's page, its own date and the day it was read ('Fact sheet, 13 Nov
 *   2025 · read on 27 Nov 2026', 'Undated page · read on 25 Nov 2026');
 * - `read`: a figure the row's review read on its page, which the data does not date ('Read on …');
 * - `checked`: a figure no page states ('Unknown', 'N/A'), and the day that was checked;
 * - `reviewed`: the risk level, and the day its evidence was reviewed.
 */
export type FigureDates =
  | { kind: "asOf"; day: string }
  | { kind: "document"; sourceKind: string | null; documentDate: string; readOn: string }
  | { kind: "read" | "checked" | "reviewed"; day: string };

/** Where a key figure comes from and which days it carries. */
export type FigureProvenance = {
  dates: FigureDates | null;
  /** The day the 'Stale' mark is judged on: the document's own date when it states one, else the day read. */
  staleFrom: string | null;
  sourceUrl: string | null;
  sourceLabel: string;
  /** A tracked row's figure no one has reviewed: it has no date or source to give. */
  unreviewed?: true;
  /** Where on this page the figure's sources are given (`#risk`, `#figure-notes`), instead of a page elsewhere. */
  inPage?: string;
  /** Each product's figure carries its own dates (the Products section): no one date for the whole. */
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

/** A curated figure's page: its own date and the day it was read; stale from the page's date, else the day read. */
function documented(
  sourceKind: string | null,
  documentDate: string,
  readOn: string,
): Pick<FigureProvenance, "dates" | "staleFrom"> {
  return {
    dates: { kind: "document", sourceKind, documentDate, readOn },
    staleFrom: documentDate === UNDATED ? readOn : (documentDateStart(documentDate) ?? readOn),
  };
}

/** A day of the row's own (its review), or no date at all. */
function rowDay(
  kind: "read" | "checked" | "reviewed",
  day: string | null,
): Pick<FigureProvenance, "dates" | "staleFrom"> {
  return { dates: day === null ? null : { kind, day }, staleFrom: day };
}

/**
 * DefiLlama's TVL and yield carry the day of their data; a curated TVL, the date its page gives and
 * the day the row was reviewed (as_of); a curated yield, its page's kind and date and the day it
 * was read (yield_document_date, yield_source_kind, yield_as_of: data:check ties them to the product
 * that states the yield, when one does). A minimum of a protocol with products is each product's,
 * with its own dates in the Products section. The risk level rests on the Risk section's evidence.
 * The rest is the row's: the day it was read on its page, or checked when no page states it.
 */
export function figureProvenance(protocol: Protocol, figure: KeyFigure): FigureProvenance {
  if (figure === "tvl") {
    const tvl = tvlProvenance(protocol);
    if (tvl !== null && tvl.label !== "") {
      const link = { sourceUrl: tvl.href, sourceLabel: tvl.label };
      if (protocol.tvlSource === "curated" && tvl.date !== null && protocol.asOf !== null)
        return { ...documented(null, protocol.tvlAsOf ?? UNDATED, protocol.asOf), ...link };
      return { dates: tvl.date === null ? null : { kind: "asOf", day: tvl.date }, staleFrom: tvl.date, ...link };
    }
  }
  if (figure === "yield") {
    const yields = yieldProvenance(protocol);
    if (yields !== null) {
      const link = { sourceUrl: yields.href, sourceLabel: yields.label };
      if (protocol.yieldSource === "curated" && protocol.yieldDocumentDate !== null && protocol.yieldAsOf !== null)
        return { ...documented(protocol.yieldSourceKind, protocol.yieldDocumentDate, protocol.yieldAsOf), ...link };
      return {
        dates: yields.date === null ? null : { kind: "asOf", day: yields.date },
        staleFrom: yields.date,
        ...link,
      };
    }
  }
  // A protocol's products state its minimum, each with its own page and dates, in the Products section.
  if (figure === "minInvestment" && protocol.products.count > 0) {
    return {
      dates: null,
      staleFrom: null,
      sourceUrl: null,
      sourceLabel: "Per product, below",
      inPage: `#${PRODUCTS_SECTION_ID}`,
      perProduct: true,
    };
  }
  // The row's date and source on a tracked row are DefiLlama's listing, which states no yield,
  // minimum or risk: those figures are not reviewed yet, and say so.
  if (protocol.reviewStatus === "tracked" && figure !== "tvl") {
    return { dates: null, staleFrom: null, sourceUrl: null, sourceLabel: NOT_REVIEWED, unreviewed: true };
  }
  // The risk level is computed from the evidence in the page's Risk section, factor by factor.
  if (figure === "risk" && protocol.riskLevel !== null) {
    return {
      ...rowDay("reviewed", protocol.asOf),
      sourceUrl: null,
      sourceLabel: "Evidence below",
      inPage: `#${RISK_SECTION_ID}`,
    };
  }
  // The minimum's own page, where the review recorded it.
  if (figure === "minInvestment" && protocol.minInvestmentSourceUrl !== null) {
    return { ...rowDay("read", protocol.asOf), sourceUrl: protocol.minInvestmentSourceUrl, sourceLabel: "Source" };
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
    const dates = rowDay(statesNothing ? "checked" : "read", protocol.asOf);
    return protocol.notes !== null
      ? { ...dates, sourceUrl: null, sourceLabel: "Source in the notes", inPage: `#${FIGURE_NOTES_ID}` }
      : { ...dates, sourceUrl: null, sourceLabel: "Source" };
  }
  return { ...rowDay("read", protocol.asOf), sourceUrl: protocol.sourceUrl, sourceLabel: "Source" };
}
