// What a finding says about its source: the kind of document, the date the document itself states
// (or 'undated'), and the day we read it. The data tooling validates them (scripts/data/), the Risk
// section shows them: "Fact sheet, 30 Sep 2026 · read on 27 Nov 2026 · primary".
import { utcDay } from "./iso-day.ts";

/** The kinds of document a finding may cite (data/risk-evidence.csv's source_kind). */
export const SOURCE_KINDS = [
  "Fact sheet",
  "Prospectus",
  "Offering memorandum",
  "Terms",
  "Documentation",
  "SEC filing",
  "Regulatory filing",
  "Audit report",
  "Attestation",
  "Press release",
  "Governance proposal",
  "Press article",
  "Research",
  "Dataset",
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export function isSourceKind(value: string): value is SourceKind {
  return (SOURCE_KINDS as readonly string[]).includes(value);
}

/** A document that states no date of its own. */
export const UNDATED = "undated";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * A document's own date as the data writes it: a calendar day (YYYY-MM-DD), a month (YYYY-MM) when
 * the document states only that, or 'undated'. Anything else, and a day or month the calendar
 * lacks, is not one.
 */
export function isDocumentDate(value: string): boolean {
  if (value === UNDATED) return true;
  if (/^\d{4}-\d{2}$/.test(value)) return utcDay(`${value}-01`) !== null;
  return utcDay(value) !== null;
}

/**
 * The earliest day a document date can mean: the day itself, the first of its month; null when
 * undated or malformed. A document cannot be dated after the day it was read.
 */
export function documentDateStart(value: string): string | null {
  if (value === UNDATED || !isDocumentDate(value)) return null;
  return value.length === 7 ? `${value}-01` : value;
}

/** '2026-09-30' -> '30 Sep 2026'; a text that is not a calendar day is returned as it is. */
export function formatDay(isoDay: string): string {
  const date = utcDay(isoDay);
  if (date === null) return isoDay;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A document date as a reader sees it: '30 Sep 2026', 'Sep 2026' or 'undated'. */
export function formatDocumentDate(value: string): string {
  if (value === UNDATED) return UNDATED;
  if (/^\d{4}-\d{2}$/.test(value) && isDocumentDate(value)) {
    const [year, month] = value.split("-");
    return `${MONTHS[Number(month) - 1]} ${year}`;
  }
  return formatDay(value);
}
