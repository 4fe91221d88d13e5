// One protocol's products (public.products) as the page and the comparison use them: validated
// once at the edge like model.ts does the protocols. Anything the table did not state, or stated
// outside the vocabulary, reads as 'unknown'; a source that is not a safe http(s) page is dropped,
// so its term reads as Unknown rather than linking somewhere unsafe.
import {
  PRODUCT_INVESTOR_ACCESS,
  PRODUCT_KYC_VALUES,
  PRODUCT_REDEMPTION_VALUES,
  PRODUCT_SOURCE_KEYS,
  REDEMPTION_WINDOWS,
  type ProductInvestorAccess,
  type ProductKyc,
  type ProductRedemption,
  type ProductSourceKey,
  type RedemptionWindow,
} from "@/config/domain";
import { utcDay } from "@/lib/iso-day";
import { isDocumentDate, type TermSource } from "@/lib/product-sources";
import { safeHttpUrl } from "../model/model";

export type ProductYield = {
  apyMin: number;
  apyMax: number;
  /** The figure's date: DefiLlama's day, or the document's date (YYYY-MM-DD, YYYY-MM or 'undated'). */
  asOf: string;
  /** DefiLlama's pool page (or the project's yields page), or the issuer's page stating it. */
  sourceUrl: string | null;
  /** true: already net of the management fee; null: not known. */
  netOfManagementFee: boolean | null;
  from: "defillama" | "stated";
};

export type Product = {
  id: string;
  symbol: string;
  name: string;
  chains: string[];
  /** One of the six, 'Other' or 'Unclassified'; the note says what 'Other' is ('Reinsurance'). */
  assetClass: string | null;
  assetNote: string | null;
  investorAccess: ProductInvestorAccess;
  kyc: ProductKyc;
  minInvestmentUsd: number | null;
  minInvestmentNote: string | null;
  redemption: ProductRedemption;
  redemptionDays: number | null;
  redemptionWindow: RedemptionWindow | null;
  redemptionUsualHours: number | null;
  redemptionNote: string | null;
  instantFacility: string | null;
  managementFeePct: number | null;
  subscriptionFeePct: number | null;
  redemptionFeePct: number | null;
  feesNote: string | null;
  /** DefiLlama's pools when the product has some, else the issuer's stated yield, else null (Unknown). */
  yield: ProductYield | null;
  sources: Partial<Record<ProductSourceKey, TermSource>>;
  notes: string[];
};

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === "object" && value !== null && !Array.isArray(value);

function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T | null): T | null {
  return allowed.find((option) => option === value) ?? fallback;
}

/** A finite number from 0 (PostgREST sends numeric as a JSON number; PGlite tests may send text). */
function amount(value: unknown, below = Number.POSITIVE_INFINITY): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) && number >= 0 && number < below ? number : null;
}

function day(value: unknown): string | null {
  return typeof value === "string" && utcDay(value) !== null ? value : null;
}

function flag(value: unknown): boolean | null {
  return typeof value === "boolean" ? value : null;
}

function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.flatMap((item) => (text(item) === null ? [] : [text(item)!])) : [];
}

function parseSources(value: unknown): Partial<Record<ProductSourceKey, TermSource>> {
  if (!isRow(value)) return {};
  const sources: Partial<Record<ProductSourceKey, TermSource>> = {};
  for (const key of PRODUCT_SOURCE_KEYS) {
    const source = value[key];
    if (!isRow(source)) continue;
    const url = safeHttpUrl(source.url);
    const readOn = day(source.read_on);
    const documentDate =
      typeof source.document_date === "string" && isDocumentDate(source.document_date) ? source.document_date : null;
    const kind = text(source.kind);
    if (url === null || readOn === null || documentDate === null || kind === null) continue;
    sources[key] = { url, readOn, documentDate, kind, tier: text(source.tier) ?? "" };
  }
  return sources;
}

function parseYield(row: Row, sources: Partial<Record<ProductSourceKey, TermSource>>): ProductYield | null {
  const poolMin = amount(row.pool_apy_min, 1000);
  const poolMax = amount(row.pool_apy_max, 1000);
  const poolAsOf = day(row.pool_yield_as_of);
  if (poolMin !== null && poolMax !== null && poolAsOf !== null && poolMin <= poolMax) {
    return {
      apyMin: poolMin,
      apyMax: poolMax,
      asOf: poolAsOf,
      sourceUrl: safeHttpUrl(row.pool_yield_source_url),
      netOfManagementFee: flag(row.pool_yield_net_of_management_fee),
      from: "defillama",
    };
  }
  const stated = amount(row.stated_yield_apy, 1000);
  const statedAsOf =
    typeof row.stated_yield_as_of === "string" && isDocumentDate(row.stated_yield_as_of)
      ? row.stated_yield_as_of
      : null;
  if (stated === null || statedAsOf === null) return null;
  return {
    apyMin: stated,
    apyMax: stated,
    asOf: statedAsOf,
    sourceUrl: sources.stated_yield?.url ?? null,
    netOfManagementFee: flag(row.stated_yield_net_of_management_fee),
    from: "stated",
  };
}

/** A product's class as the site shows it: 'Private Credit', 'Other (Reinsurance)' (its asset_note says what). */
export function productAssetLabel(product: Pick<Product, "assetClass" | "assetNote">): string | null {
  if (product.assetClass === null) return null;
  return product.assetNote === null ? product.assetClass : `${product.assetClass} (${product.assetNote})`;
}

export function parseProductRow(row: unknown): Product | null {
  if (!isRow(row)) return null;
  const id = text(row.id);
  const symbol = text(row.symbol);
  if (id === null || symbol === null) return null;
  const sources = parseSources(row.sources);
  const redemption = oneOf(row.redemption, PRODUCT_REDEMPTION_VALUES, "unknown")!;
  const days =
    typeof row.redemption_days === "number" && Number.isInteger(row.redemption_days) ? row.redemption_days : null;
  const window = oneOf(row.redemption_window, REDEMPTION_WINDOWS, null);
  return {
    id,
    symbol,
    name: text(row.name) ?? symbol,
    chains: textList(row.chains),
    assetClass: text(row.asset_class),
    assetNote: text(row.asset_note),
    investorAccess: oneOf(row.investor_access, PRODUCT_INVESTOR_ACCESS, "unknown")!,
    kyc: oneOf(row.kyc, PRODUCT_KYC_VALUES, "unknown")!,
    minInvestmentUsd: amount(row.min_investment_usd),
    minInvestmentNote: text(row.min_investment_note),
    // 'days' without its days, or 'window' without its window, is not an answer a reader can use.
    redemption:
      (redemption === "days" && days === null) || (redemption === "window" && window === null) ? "unknown" : redemption,
    redemptionDays: redemption === "days" ? days : null,
    redemptionWindow: redemption === "window" ? window : null,
    redemptionUsualHours: redemption === "queue" ? amount(row.redemption_usual_hours) : null,
    redemptionNote: text(row.redemption_note),
    instantFacility: text(row.instant_facility),
    managementFeePct: amount(row.management_fee_pct, 100.0001),
    subscriptionFeePct: amount(row.subscription_fee_pct, 100.0001),
    redemptionFeePct: amount(row.redemption_fee_pct, 100.0001),
    feesNote: text(row.fees_note),
    yield: parseYield(row, sources),
    sources,
    notes: textList(row.notes),
  };
}

/** The served rows, unusable and duplicate ones dropped, in symbol order (case-insensitive). */
export function parseProductRows(rows: unknown): Product[] {
  if (!Array.isArray(rows)) return [];
  const seen = new Set<string>();
  const products: Product[] = [];
  for (const row of rows) {
    const product = parseProductRow(row);
    if (product === null || seen.has(product.id)) continue;
    seen.add(product.id);
    products.push(product);
  }
  return products.sort((a, b) => compareSymbols(a.symbol, b.symbol));
}

/**
 * Tickers ('OUSG', 'rcUSD+', 'syrupUSDC') case-insensitively, then by case. By code unit, not by
 * a collator: the protocol page would otherwise load the browser's collation data (about 8 ms of
 * its start in Chromium) for a few ASCII symbols.
 */
export function compareSymbols(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
