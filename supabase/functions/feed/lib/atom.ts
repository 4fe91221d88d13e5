// An Atom 1.0 document (RFC 4287) of change-log rows. Pure: the same rows give the same bytes, so
// the handler's ETag is a hash of the body and a reader polling an unchanged feed gets 304.
import { CHANGE_KIND_LABELS, changeSummary, changeTitle, type ChangeRow } from "../../_shared/change-text.ts";

export const ATOM_NS = "http://www.w3.org/2005/Atom";
/**
 * The feed's `updated` when it has no entry yet (RFC 4287 requires one): the day the change log
 * began. A constant, not the clock, so an empty feed keeps its ETag too.
 */
export const CHANGE_LOG_EPOCH = "2026-11-27T00:00:00Z";
/** The year the tag URIs' authority is dated with (RFC 4151): ours since the change log began. */
const TAG_YEAR = "2026";

export type FeedEntry = { change: ChangeRow; protocolName: string; protocolSlug: string };

export type FeedDocument = {
  siteUrl: string;
  /** The feed's own URL (rel="self"). */
  selfUrl: string;
  /** null: the whole site's feed. */
  protocol: { id: string; name: string; slug: string } | null;
  entries: readonly FeedEntry[];
};

/** A character XML 1.0 allows (tab, newline, carriage return and the rest above the controls; no lone surrogate). */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    codePoint >= 0x10000
  );
}

/** XML 1.0 text: the five special characters escaped, characters XML forbids removed. */
export function xmlText(value: string): string {
  return Array.from(value)
    .filter((char) => isXmlChar(char.codePointAt(0)!))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The site's host, the tag URIs' authority ('rwaatlas.com'). */
function authority(siteUrl: string): string {
  return new URL(siteUrl).hostname;
}

/**
 * A change's id for ever (RFC 4151 tag URI): the key that makes a row unique in the table (day,
 * protocol, kind, product, field), never the row's serial number, so a rebuilt database or a
 * renamed protocol keeps every id a reader has seen.
 */
export function entryId(siteUrl: string, change: ChangeRow): string {
  const part = (value: string | null) => (value === null || value === "" ? "-" : encodeURIComponent(value));
  return `tag:${authority(siteUrl)},${TAG_YEAR}:change/${change.day}/${change.protocol_id}/${change.kind}/${part(
    change.product_symbol,
  )}/${part(change.field)}`;
}

export function feedId(siteUrl: string, protocolId: string | null): string {
  return `tag:${authority(siteUrl)},${TAG_YEAR}:changes${protocolId === null ? "" : `/${protocolId}`}`;
}

/** The change's day as an RFC 3339 date-time (the day it took effect, midnight UTC). */
export function entryUpdated(change: ChangeRow): string {
  return `${change.day}T00:00:00Z`;
}

export function pageUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/protocols/${slug}`;
}

function entryXml(siteUrl: string, { change, protocolName, protocolSlug }: FeedEntry): string {
  const link = pageUrl(siteUrl, protocolSlug);
  return [
    "  <entry>",
    `    <id>${xmlText(entryId(siteUrl, change))}</id>`,
    `    <title type="text">${xmlText(changeTitle(protocolName, change))}</title>`,
    `    <updated>${entryUpdated(change)}</updated>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(link)}"/>`,
    ...(change.source_url ? [`    <link rel="related" href="${xmlText(change.source_url)}"/>`] : []),
    `    <category term="${change.kind}" label="${xmlText(CHANGE_KIND_LABELS[change.kind])}"/>`,
    `    <summary type="text">${xmlText(changeSummary(change))}</summary>`,
    "  </entry>",
  ].join("\n");
}

export function atomFeed(doc: FeedDocument): string {
  const { siteUrl, protocol, entries } = doc;
  const title = protocol === null ? "RWA Atlas: what changed" : `${protocol.name} on RWA Atlas: what changed`;
  const alternate = protocol === null ? `${siteUrl}/changes` : pageUrl(siteUrl, protocol.slug);
  const days = entries.map((entry) => entryUpdated(entry.change)).sort();
  const updated = days.at(-1) ?? CHANGE_LOG_EPOCH;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="${ATOM_NS}">`,
    `  <id>${xmlText(feedId(siteUrl, protocol?.id ?? null))}</id>`,
    `  <title type="text">${xmlText(title)}</title>`,
    `  <subtitle type="text">${xmlText(
      "New listings, protocols DefiLlama stopped tracking, renames, large TVL and yield moves, risk ratings and product terms, each with its source.",
    )}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(doc.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(alternate)}"/>`,
    `  <author><name>RWA Atlas</name><uri>${xmlText(`${siteUrl}/`)}</uri></author>`,
    `  <rights type="text">${xmlText(`CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/): credit "RWA Atlas (${siteUrl})".`)}</rights>`,
    ...entries.map((entry) => entryXml(siteUrl, entry)),
    "</feed>",
    "",
  ].join("\n");
}
