// A product of data/products.json as public.products stores it (the stated yield flattened into
// three columns), with the pool yield the seed computes from DefiLlama's saved pools. Used by the
// seed (products-seed.ts), data:push and the open data.
import {
  parsePoolFilter,
  pickYield,
  dataGapNote,
  type RawPool,
} from "../../supabase/functions/refresh-protocols/lib/yields.ts";
import type { ProductRecord } from "./rules/product.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import type { SavedPools } from "./products-load.ts";

/** What data:push sends per product (sync_products' keys). */
export type ProductSyncRow = Omit<ProductRecord, "stated_yield"> & {
  stated_yield_apy: number | null;
  stated_yield_as_of: string | null;
  stated_yield_net_of_management_fee: boolean | null;
};

/** What the seed writes: the sync row plus the refresh's pool yield columns. */
export type ProductDbRow = ProductSyncRow & {
  pool_apy_min: number | null;
  pool_apy_max: number | null;
  pool_yield_as_of: string | null;
  pool_yield_source_url: string | null;
};

export function productSyncRow(product: ProductRecord): ProductSyncRow {
  const { stated_yield: stated, ...rest } = product;
  return {
    ...rest,
    // T+0 with 'instant' says 'instant' twice: the table keeps days for 'days' only.
    redemption_days: product.redemption === "days" ? product.redemption_days : null,
    stated_yield_apy: stated?.apy_pct ?? null,
    stated_yield_as_of: stated?.as_of ?? null,
    stated_yield_net_of_management_fee: stated?.net_of_management_fee ?? null,
  };
}

/** The saved pools of a day, or null (the caller reads data/defillama/open-defi-data). */
export type PoolsForDay = (day: string) => SavedPools | null;

/**
 * The product's DefiLlama yield as the refresh computes it: its protocol's pools of the day its
 * yield is dated (the same day as the protocol's range), narrowed by pool_symbols. Null when the
 * product names no pool, the protocol's yield is not DefiLlama's, or no saved file holds that day.
 */
export function seedPoolYield(
  product: ProductRecord,
  row: Pick<ProtocolRow, "defillama_slug" | "yield_source" | "yield_as_of"> | undefined,
  poolsFor: PoolsForDay,
): Pick<ProductDbRow, "pool_apy_min" | "pool_apy_max" | "pool_yield_as_of" | "pool_yield_source_url"> {
  const none = { pool_apy_min: null, pool_apy_max: null, pool_yield_as_of: null, pool_yield_source_url: null };
  if (product.pool_symbols.length === 0 || !row?.defillama_slug || row.yield_source !== "defillama" || !row.yield_as_of)
    return none;
  const saved = poolsFor(row.yield_as_of);
  if (saved === null) return none;
  const pick = pickYield(row.defillama_slug, saved.byProject.get(row.defillama_slug) ?? [], product.pool_symbols);
  if (pick.kind !== "figure") return none;
  return {
    pool_apy_min: pick.figure.min,
    pool_apy_max: pick.figure.max,
    pool_yield_as_of: row.yield_as_of,
    pool_yield_source_url: pick.figure.sourceUrl,
  };
}

export function productDbRows(
  products: readonly ProductRecord[],
  rows: readonly ProtocolRow[],
  poolsFor: PoolsForDay,
): ProductDbRow[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  return products.map((product) => ({
    ...productSyncRow(product),
    ...seedPoolYield(product, byName.get(product.protocol), poolsFor),
  }));
}

/** What the saved pools say of a DefiLlama yield: its range, and the gaps left out of it (data:check, the seed). */
export function savedYieldPick(
  row: Pick<ProtocolRow, "defillama_slug" | "yield_source" | "yield_as_of" | "yield_pools">,
  poolsFor: PoolsForDay,
): { range: string; min: number; max: number; note: string | null; label: string } | null {
  if (!row.defillama_slug || row.yield_source !== "defillama" || !row.yield_as_of) return null;
  const saved = poolsFor(row.yield_as_of);
  if (saved === null) return null;
  const pools: readonly RawPool[] = saved.byProject.get(row.defillama_slug) ?? [];
  const pick = pickYield(row.defillama_slug, pools, parsePoolFilter(row.yield_pools));
  if (pick.kind !== "figure") return null;
  return {
    range: pick.figure.range,
    min: pick.figure.min,
    max: pick.figure.max,
    note: dataGapNote(pick.figure.gaps),
    label: saved.label,
  };
}
