import { documentDateStart, UNDATED } from "./source-provenance.ts";

// en-US's month names, spelled out here rather than asked of Intl.DateTimeFormat: a page's first
// Intl date format loads the browser's date data, 5-15 ms of the main thread in Chromium, which
// every page paid while starting (decision 025). tvl-provenance.test.ts holds both to Intl's output.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** '2025-10-31' -> 'Oct 31, 2025'. The date is a calendar day, so it is read in UTC (no shift). */
export function formatAsOf(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** '2025-12-19' -> 'December 2025' (the footer's and stats' "Data as of" month). */
export function formatMonth(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The month of the newest TVL date in the data; null when no row carries one (an older backend). */
export function dataAsOfMonth(protocols: readonly { tvlAsOf: string | null }[]): string | null {
  let newest: string | null = null;
  for (const { tvlAsOf } of protocols) if (tvlAsOf !== null && (newest === null || tvlAsOf > newest)) newest = tvlAsOf;
  return newest === null ? null : formatMonth(newest);
}

/** Where a dated figure (the TVL, the yield) comes from and which day it describes. */
export type SourceProvenance = {
  /** 'DefiLlama', the curated source's host ('franklintempleton.com'), or 'Curated estimate' when no page states it. */
  label: string;
  href: string | null;
  /** The day the figure refers to (or, for a curated figure its page does not date, the day it was read). */
  date: string | null;
};

export type TvlProvenance = SourceProvenance;

/** The Protocol fields the TVL's provenance is read from. */
export type TvlFields = {
  name: string;
  /** The display text: 'N/A' when no figure is known. */
  tvl: string;
  tvlSource: "defillama" | "curated" | null;
  tvlSourceUrl: string | null;
  tvlAsOf: string | null;
  asOf: string | null;
};

/** The Protocol fields the yield's provenance is read from. */
export type YieldFields = {
  name: string;
  yieldSource: "defillama" | "curated" | null;
  yieldSourceUrl: string | null;
  yieldAsOf: string | null;
  /** A curated yield's page date (YYYY-MM-DD, YYYY-MM or 'undated'); yieldAsOf is then the day it was read. */
  yieldDocumentDate?: string | null;
};

/** 'https://www.franklintempleton.com/x' -> 'franklintempleton.com'; 'Source' when no host can be read. */
function hostLabel(url: string): string {
  return /^https?:\/\/(?:www\.)?([^/:?#]+)/i.exec(url)?.[1] ?? "Source";
}

/** A sourced figure: 'DefiLlama' and its page, or the curated page's host, or 'Curated estimate'. */
function sourced(source: "defillama" | "curated", href: string | null, date: string | null): SourceProvenance {
  if (source === "defillama") return { label: "DefiLlama", href, date };
  if (href === null) return { label: "Curated estimate", href: null, date };
  return { label: hostLabel(href), href, date };
}

/**
 * Where the TVL figure comes from and which day it describes; null when nothing is recorded, or
 * when there is no figure ('N/A': a day and a source would date a number that is not shown).
 */
export function tvlProvenance(protocol: TvlFields): TvlProvenance | null {
  if (protocol.tvl === "N/A") return null;
  const date = protocol.tvlAsOf ?? protocol.asOf;
  if (protocol.tvlSource !== null) return sourced(protocol.tvlSource, protocol.tvlSourceUrl, date);
  return date === null ? null : { label: "", href: null, date };
}

/**
 * Where the yield comes from and which day it describes: DefiLlama's pools (dated by the refresh)
 * or the curated page that states it (dated as the page dates it, else when it was read). null for a yield without a source
 * of its own (an older row, 'N/A', or a tracked row's 'Unknown'): the row's own date and source
 * cover it there.
 */
export function yieldProvenance(protocol: YieldFields): SourceProvenance | null {
  if (protocol.yieldSource === null) return null;
  const pageDate = protocol.yieldSource === "curated" ? documentDateStart(protocol.yieldDocumentDate ?? UNDATED) : null;
  return sourced(protocol.yieldSource, protocol.yieldSourceUrl, pageDate ?? protocol.yieldAsOf);
}
