import { INVESTOR_ACCESS, KYC_VALUES, REDEMPTION_VALUES } from "@/config/domain";
import { RISK_LEVELS, type RiskLevel } from "@/config/site";
import { utcDay } from "@/lib/iso-day";
import { isDocumentDate } from "@/lib/source-provenance";
import { slugify, uniqueSlugs } from "./slug";
import type { Protocol, ProductSummary, ProtocolTerms } from "./types";

/** Shown for a text figure the database left empty or filled with the wrong type. */
export const MISSING_VALUE = "—";

/** A tracked row's figures that no one has stated yet: said in words, never blank. */
export const UNKNOWN_VALUE = "Unknown";
/** What a protocol with an empty description shows in its place (card, page header, comparison). */
export const NO_DESCRIPTION = "No description on record.";

/** True for a figure that states nothing: 'Unknown' (any case) or a missing value. Shown muted. */
export function isUnknownFigure(value: string): boolean {
  return value === MISSING_VALUE || value.trim().toLowerCase() === "unknown";
}

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

function textList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const items: string[] = [];
  for (const item of value) {
    if (typeof item !== "string") continue;
    const trimmed = item.trim();
    if (trimmed !== "" && !items.includes(trimmed)) items.push(trimmed);
  }
  return items;
}

function riskLevel(value: unknown): RiskLevel | null {
  if (typeof value !== "string") return null;
  const wanted = value.trim().replace(/\s+/g, " ").toLowerCase();
  return RISK_LEVELS.find((level) => level.toLowerCase() === wanted) ?? null;
}

/** Only absolute http(s) URLs survive: javascript:, data:, relative paths and garbage become null. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!/^https?:\/\/[^\s]+$/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return null;
  } catch {
    return null;
  }
  return trimmed;
}

function isoDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return utcDay(trimmed) ? trimmed : null;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T {
  // Every vocabulary ends with 'unknown': anything else the database holds reads as that.
  return allowed.find((option) => option === value) ?? allowed[allowed.length - 1]!;
}

/** Anything the database did not state (or stated outside the vocabulary) reads as 'unknown'. */
export function parseTerms(row: Row): ProtocolTerms {
  const days = row.redemption_days;
  // 'days' without a whole number of days (1-365, as the constraint says) is not an answer a reader can use.
  const redemptionDays =
    row.redemption === "days" && Number.isInteger(days) && (days as number) > 0 && (days as number) < 366
      ? (days as number)
      : null;
  const redemption = oneOf(
    row.redemption === "days" && redemptionDays === null ? null : row.redemption,
    REDEMPTION_VALUES,
  );
  return {
    investorAccess: oneOf(row.investor_access, INVESTOR_ACCESS),
    kyc: oneOf(row.kyc, KYC_VALUES),
    redemption,
    redemptionDays,
    fees: text(row.fees) ?? "unknown",
    sourceUrl: safeHttpUrl(row.terms_source_url),
    asOf: isoDate(row.terms_as_of),
  };
}

/**
 * Validates one database row (snake_case) into a Protocol. Returns null only when the row
 * cannot be shown at all (no id or no name); every other defect degrades to a safe value.
 */
export function parseProtocolRow(row: unknown): Protocol | null {
  if (!isRow(row)) return null;
  const id = text(row.id);
  const name = typeof row.name === "string" ? text(row.name) : null;
  if (id === null || name === null) return null;
  const tracked = row.review_status === "tracked";
  // A tracked row (listed from DefiLlama, not reviewed) says 'Unknown' where a figure is missing.
  const missing = tracked ? UNKNOWN_VALUE : MISSING_VALUE;
  return {
    id,
    slug: slugify(name),
    name,
    description: typeof row.description === "string" ? row.description.trim() : "",
    assetClasses: textList(row.asset_classes),
    blockchains: textList(row.blockchains),
    tvl: text(row.tvl) ?? missing,
    yieldRange: text(row.yield_range) ?? missing,
    riskLevel: riskLevel(row.risk_level),
    minInvestment: text(row.min_investment) ?? missing,
    minInvestmentSourceUrl: safeHttpUrl(row.min_investment_source_url),
    url: safeHttpUrl(row.url),
    sourceUrl: safeHttpUrl(row.source_url),
    asOf: isoDate(row.as_of),
    notes: typeof row.notes === "string" ? text(row.notes) : null,
    tvlUsd: dollars(row.tvl_usd),
    tvlAsOf: isoDate(row.tvl_as_of),
    tvlSourceUrl: safeHttpUrl(row.tvl_source_url),
    tvlSource: row.tvl_source === "defillama" || row.tvl_source === "curated" ? row.tvl_source : null,
    terms: parseTerms(row),
    yieldApyMin: percent(row.yield_apy_min),
    yieldApyMax: percent(row.yield_apy_max),
    yieldAsOf: isoDate(row.yield_as_of),
    yieldSource: row.yield_source === "defillama" || row.yield_source === "curated" ? row.yield_source : null,
    yieldSourceUrl: safeHttpUrl(row.yield_source_url),
    yieldDocumentDate:
      typeof row.yield_document_date === "string" && isDocumentDate(row.yield_document_date.trim())
        ? row.yield_document_date.trim()
        : null,
    yieldSourceKind: typeof row.yield_source_kind === "string" ? text(row.yield_source_kind) : null,
    reviewStatus: tracked ? "tracked" : "reviewed",
    defillamaDroppedOn: isoDate(row.defillama_dropped_on),
    defillamaListedAt: isoDate(row.defillama_listed_at),
    defillamaAudits:
      Number.isInteger(row.defillama_audits) &&
      (row.defillama_audits as number) >= 0 &&
      (row.defillama_audits as number) <= 3
        ? (row.defillama_audits as number)
        : null,
    products: parseProductSummary(row),
    yieldNote: typeof row.yield_note === "string" ? text(row.yield_note) : null,
  };
}

/** The row's product summary; a count that is not a whole number from 0 reads as no product. */
function parseProductSummary(row: Row): ProductSummary {
  const count = row.product_count;
  const access = row.product_investor_access;
  return {
    count: Number.isInteger(count) && (count as number) > 0 ? (count as number) : 0,
    minInvestmentUsd: dollars(row.product_min_investment_usd),
    investorAccess:
      typeof access === "string" && access !== "unknown" && (INVESTOR_ACCESS as readonly string[]).includes(access)
        ? (access as ProductSummary["investorAccess"])
        : null,
  };
}

/** An APY in percent (PostgREST sends numeric as a JSON number); null when absent or out of range. */
function percent(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value < 1000 ? value : null;
}

/** A non-negative finite amount (PostgREST sends numeric as a JSON number). */
function dollars(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Parses a whole response: drops unusable and duplicate-id rows, makes slugs unique. */
export function parseProtocolRows(rows: unknown): Protocol[] {
  if (!Array.isArray(rows)) return [];
  const seen = new Set<string>();
  const protocols: Protocol[] = [];
  for (const row of rows) {
    const protocol = parseProtocolRow(row);
    if (protocol === null || seen.has(protocol.id)) continue;
    seen.add(protocol.id);
    protocols.push(protocol);
  }
  const slugs = uniqueSlugs(protocols.map((protocol) => protocol.slug));
  return protocols.map((protocol, index) => ({ ...protocol, slug: slugs[index]! }));
}
