// data:build's products part: checks data/products.json (its coverage is data:check's), computes
// each product's pool yield and each protocol's yield note from DefiLlama's saved pools, and the
// term changes since the committed seed, and renders them for supabase/seed.sql.
import { compareBytes } from "./csv.ts";
import { termChanges, type TermChange } from "./products-changes.ts";
import { productDbRows, productSyncRow, savedYieldPick } from "./products-db.ts";
import { loadProducts, readSavedPools, type SavedPools } from "./products-load.ts";
import { buildProductsSeedSql, parseSeedProducts, parseSeedTermChanges } from "./products-seed.ts";
import { formatProductProblem } from "./rules/products.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";

/** The saved pools of each day, read once per run. */
export function poolsReader(): (day: string) => SavedPools | null {
  const cache = new Map<string, SavedPools | null>();
  return (day) => {
    if (!cache.has(day)) cache.set(day, readSavedPools(day));
    return cache.get(day)!;
  };
}

const changeKey = (c: TermChange) => [c.day, c.name, c.kind, c.product_symbol, c.field].join("\n");

/** The log so far plus this build's changes (a change of the same day and term replaces the older). */
export function mergeTermChanges(before: readonly TermChange[], added: readonly TermChange[]): TermChange[] {
  const merged = new Map(before.map((c) => [changeKey(c), c]));
  for (const change of added) merged.set(changeKey(change), change);
  return [...merged.values()].sort(
    (a, b) =>
      compareBytes(a.day, b.day) ||
      compareBytes(a.name, b.name) ||
      compareBytes(a.product_symbol, b.product_symbol) ||
      compareBytes(a.field, b.field),
  );
}

export function buildProductsPart(
  rows: readonly ProtocolRow[],
  previousSeed: string,
  today: string,
): { sql: string; problems: string[]; products: number; changes: number } {
  const { products, problems } = loadProducts(rows, today);
  if (problems.length > 0) return { sql: "", problems: problems.map(formatProductProblem), products: 0, changes: 0 };
  const poolsFor = poolsReader();
  const dbRows = productDbRows(products, rows, poolsFor);
  const reviewed = new Set(rows.filter((row) => row.review_status === "reviewed").map((row) => row.name));
  const added = termChanges(parseSeedProducts(previousSeed), products.map(productSyncRow), reviewed, today);
  const changes = mergeTermChanges(parseSeedTermChanges(previousSeed), added);
  const notes = [...rows]
    .sort((a, b) => compareBytes(a.name, b.name))
    .flatMap((row) => {
      const note = savedYieldPick(row, poolsFor)?.note ?? null;
      return note === null ? [] : [{ name: row.name, yield_note: note }];
    });
  return {
    sql: buildProductsSeedSql(dbRows, notes, changes),
    problems: [],
    products: dbRows.length,
    changes: changes.length,
  };
}
