// A product of data/products.json as its checks read it: the record's type, the lengths the
// database allows, and the small helpers every part of the product's check uses (product.ts for the
// fields, product-sources-check.ts for the sources, notes and known terms).
import {
  PRODUCT_TERMS,
  type ProductInvestorAccess,
  type ProductKyc,
  type ProductRedemption,
  type ProductSourceKey,
  type ProductTerm,
  type RedemptionWindow,
  type SourceTier,
} from "../../../src/config/domain.ts";

export type ProductSource = { url: string; document_date: string; read_on: string; tier: SourceTier; kind: string };
/** as_of: the document's date for the figure (YYYY-MM-DD, YYYY-MM) or 'undated' (its source's read_on dates it then). */
export type StatedYield = { apy_pct: number; as_of: string; net_of_management_fee: boolean | null };

/** A product as data/products.json writes it (and public.products stores it). */
export type ProductRecord = {
  protocol: string;
  symbol: string;
  name: string;
  chains: string[];
  asset_class: string;
  /** Optional in the file: what the asset class leaves out ('Reinsurance', 'AAA CLOs'). */
  asset_note: string | null;
  pool_symbols: string[];
  investor_access: ProductInvestorAccess;
  kyc: ProductKyc;
  min_investment_usd: number | null;
  min_investment_note: string | null;
  redemption: ProductRedemption;
  redemption_days: number | null;
  redemption_window: RedemptionWindow | null;
  /** Optional in the file: a queue's usual wait as the issuer states it, in hours. */
  redemption_usual_hours: number | null;
  redemption_note: string | null;
  instant_facility: string | null;
  management_fee_pct: number | null;
  subscription_fee_pct: number | null;
  redemption_fee_pct: number | null;
  fees_note: string | null;
  stated_yield: StatedYield | null;
  pool_yield_net_of_management_fee: boolean | null;
  sources: Partial<Record<ProductSourceKey, ProductSource>>;
  notes: string[];
};

/** Lengths (characters), the same as the database's constraints. */
export const PRODUCT_LIMITS = {
  symbol: 40,
  name: 200,
  note: 500,
  noteLine: 300,
  notes: 12,
  poolItem: 200,
  /** An editorial bound: a fee above it is almost surely a typo (performance fees go in fees_note). */
  feePct: 25,
  minInvestmentUsd: 1e12,
  usualHours: 24 * 365,
} as const;

export type FieldProblem = { field: string; message: string };

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function stringList(field: string, raw: unknown, max: number, add: (f: string, m: string) => void): string[] {
  if (!Array.isArray(raw) || raw.some((item) => typeof item !== "string")) {
    add(field, "must be a list of text ([] when none)");
    return [];
  }
  const items = raw as string[];
  for (const item of items) {
    if (item.trim() === "" || item.trim() !== item) add(field, `has an empty or padded item ${JSON.stringify(item)}`);
    if (item.length > max) add(field, `has an item of ${item.length} characters, at most ${max}`);
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.toLowerCase())) add(field, `lists '${item}' more than once`);
    seen.add(item.toLowerCase());
  }
  return items;
}

/** A product as the coverage counts it: any element of the file that names its protocol and symbol. */
export type ListedProduct = { protocol: string; symbol: string; known: Record<ProductTerm, boolean> };

/**
 * The file's element as the coverage counts it, or null when it names no protocol and symbol. A term
 * is known when its source is given ('not-disclosed' is a finding), whatever else the element gets
 * wrong: its own problems are reported beside the coverage, never instead of it.
 */
export function listedProduct(element: unknown): ListedProduct | null {
  if (!isObject(element)) return null;
  const { protocol, symbol, sources } = element;
  if (typeof protocol !== "string" || typeof symbol !== "string" || protocol === "" || symbol === "") return null;
  const known = Object.fromEntries(
    PRODUCT_TERMS.map((term) => [term, isObject(sources) && isObject(sources[term])]),
  ) as Record<ProductTerm, boolean>;
  return { protocol, symbol, known };
}
