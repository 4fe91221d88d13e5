const AS_OF_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** '2025-10-31' -> 'Oct 31, 2025'. The date is a calendar day, so it is read in UTC (no shift). */
export function formatAsOf(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : AS_OF_FORMAT.format(date);
}

/** '2025-12-19' -> 'December 2025' (the footer's and stats' "Data as of" month). */
export function formatMonth(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? isoDate
    : date.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** The month of the newest TVL date in the data; null when no row carries one (an older backend). */
export function dataAsOfMonth(protocols: readonly { tvlAsOf: string | null }[]): string | null {
  let newest: string | null = null;
  for (const { tvlAsOf } of protocols) if (tvlAsOf !== null && (newest === null || tvlAsOf > newest)) newest = tvlAsOf;
  return newest === null ? null : formatMonth(newest);
}

export type TvlProvenance = {
  /** 'DefiLlama', the curated source's host ('franklintempleton.com'), or 'Curated estimate' when no page states it. */
  label: string;
  href: string | null;
  /** The day the TVL refers to; falls back to the row's as_of on databases without tvl_as_of. */
  date: string | null;
};

/** The Protocol fields the TVL's provenance is read from. */
export type TvlFields = {
  name: string;
  tvlSource: "defillama" | "curated" | null;
  tvlSourceUrl: string | null;
  tvlAsOf: string | null;
  asOf: string | null;
};

/** Where the TVL figure comes from and which day it describes; null when nothing is recorded. */
export function tvlProvenance(protocol: TvlFields): TvlProvenance | null {
  const date = protocol.tvlAsOf ?? protocol.asOf;
  if (protocol.tvlSource === "defillama") return { label: "DefiLlama", href: protocol.tvlSourceUrl, date };
  if (protocol.tvlSource === "curated") {
    if (protocol.tvlSourceUrl === null) return { label: "Curated estimate", href: null, date };
    return {
      label: /^https?:\/\/(?:www\.)?([^/:?#]+)/i.exec(protocol.tvlSourceUrl)?.[1] ?? "Source",
      href: protocol.tvlSourceUrl,
      date,
    };
  }
  return date === null ? null : { label: "", href: null, date };
}
