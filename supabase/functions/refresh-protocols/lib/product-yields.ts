// What a refresh writes beside the protocols' ranges (issue 28): each product's own DefiLlama
// yield, from its protocol's pools narrowed by its pool_symbols, and each range's note on the data
// gaps it leaves out. Only for protocols whose yield this run writes, so a held yield holds its
// products' too (public.apply_protocol_refresh_with_products checks it again). Runtime-neutral.
import type { CurrentRow, ProductChanges, ProductPools, YieldUpdate } from "./types.ts";
import { dataGapNote, parsePoolFilter, pickYield, poolsByProject, type RawPool } from "./yields.ts";

export function planProductYields(
  written: readonly YieldUpdate[],
  rows: readonly CurrentRow[],
  pools: readonly RawPool[],
  products: readonly ProductPools[],
): ProductChanges {
  const byProject = poolsByProject(pools);
  const filters = new Map(rows.map((row) => [row.defillama_slug, parsePoolFilter(row.yield_pools)]));
  const changes: ProductChanges = { yields: [], notes: [] };
  for (const { defillama_slug: slug } of written) {
    const projectPools = byProject.get(slug) ?? [];
    const range = pickYield(slug, projectPools, filters.get(slug) ?? []);
    changes.notes.push({
      defillama_slug: slug,
      yield_note: range.kind === "figure" ? dataGapNote(range.figure.gaps) : null,
    });
    for (const product of products.filter((p) => p.defillama_slug === slug && p.pool_symbols.length > 0)) {
      const pick = pickYield(slug, projectPools, product.pool_symbols);
      if (pick.kind !== "figure") continue;
      changes.yields.push({
        defillama_slug: slug,
        symbol: product.symbol,
        apy_min: pick.figure.min,
        apy_max: pick.figure.max,
        source_url: pick.figure.sourceUrl,
      });
    }
  }
  return changes;
}
