// Reads data/products.json with what its checks need: the directory's rows and DefiLlama's newest
// saved pools (data/defillama/open-defi-data/yields-<day>.csv). Used by data:check, data:build and
// data:push, so the three apply the same rules.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { poolsByProject, type RawPool } from "../../supabase/functions/refresh-protocols/lib/yields.ts";
import { convertYields } from "./open-defi-data.ts";
import { OPEN_DEFI_DATA_DIR, PRODUCTS_PATH } from "./paths.ts";
import { checkProductsJson, type ProductProblem } from "./rules/products.ts";
import type { ProductRecord } from "./rules/product.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";

/** DefiLlama's pools of one saved day, by project. */
export type SavedPools = { day: string; label: string; byProject: Map<string, RawPool[]> };

/** Every saved yields file, by its day (yields-YYYY-MM-DD.csv), newest last. */
export function savedYieldDays(dir = OPEN_DEFI_DATA_DIR): string[] {
  return readdirSync(dir)
    .map((file) => /^yields-(\d{4}-\d{2}-\d{2})\.csv$/.exec(file)?.[1])
    .filter((day): day is string => day !== undefined)
    .sort();
}

/** The pools saved for one day, or null when no file holds that day. */
export function readSavedPools(day: string, dir = OPEN_DEFI_DATA_DIR): SavedPools | null {
  if (!savedYieldDays(dir).includes(day)) return null;
  const file = path.join(dir, `yields-${day}.csv`);
  const label = `data/defillama/open-defi-data/yields-${day}.csv`;
  const { data } = convertYields(readFileSync(file, "utf8"), label) as { data: RawPool[] };
  return { day, label, byProject: poolsByProject(data) };
}

export function readNewestPools(dir = OPEN_DEFI_DATA_DIR): SavedPools | null {
  const newest = savedYieldDays(dir).at(-1);
  return newest === undefined ? null : readSavedPools(newest, dir);
}

export function loadProducts(
  rows: readonly ProtocolRow[],
  today: string,
  text: string = readFileSync(PRODUCTS_PATH, "utf8"),
): { products: ProductRecord[]; problems: ProductProblem[] } {
  const pools = readNewestPools();
  return checkProductsJson(text, {
    protocols: rows,
    today,
    pools: pools?.byProject,
    poolsLabel: pools?.label,
  });
}
