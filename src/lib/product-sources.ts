// What a product's term says about its source: the kind of document, the date the document itself
// states ('undated' when it states none) and the day we read it. The data tooling validates them
// (scripts/data/products-*.ts); the protocol page shows them: "Fact sheet, 30 Sep 2026 · read on 27 Nov 2026".
// Relative imports: the data tooling uses this outside Vite's aliases.
import { utcDay } from "./iso-day.ts";

/** The kinds of document a product's term may cite. */
export const PRODUCT_SOURCE_KINDS = [
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
  "Source code",
] as const;

/** A document that states no date of its own. */
export const UNDATED = "undated";

/** A day (YYYY-MM-DD), a month (YYYY-MM) when the document states only that, or 'undated'. */
export function isDocumentDate(value: string): boolean {
  if (value === UNDATED) return true;
  if (/^\d{4}-\d{2}$/.test(value)) return utcDay(`${value}-01`) !== null;
  return utcDay(value) !== null;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** '2026-09-30' -> '30 Sep 2026', '2026-09' -> 'Sep 2026', 'undated' stays; anything else is returned as it is. */
export function formatDocumentDate(value: string): string {
  if (/^\d{4}-\d{2}$/.test(value) && isDocumentDate(value)) {
    return `${MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}`;
  }
  const day = utcDay(value);
  if (day === null) return value;
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** A term's source as the page states it. */
export type TermSource = { url: string; documentDate: string; readOn: string; kind: string; tier: string };

/** "Fact sheet, 30 Sep 2026 · read on 27 Nov 2026": the line beside each figure. */
export function sourceLine(source: Pick<TermSource, "kind" | "documentDate" | "readOn">): string {
  return `${source.kind}, ${formatDocumentDate(source.documentDate)} · read on ${formatDocumentDate(source.readOn)}`;
}
