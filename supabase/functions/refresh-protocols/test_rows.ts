// A stored protocol row as the refresh reads it, for the Deno tests (change_log_test.ts,
// ratings_test.ts): reviewed, $1M on 2025-12-18 from DefiLlama, no yield; `overrides` sets what a
// test is about (a listing date, an audits flag).
import type { CurrentRow } from "./lib/types.ts";

export function currentRow(name: string, slug: string, usd: number, overrides: Partial<CurrentRow> = {}): CurrentRow {
  return {
    name,
    defillama_slug: slug,
    defillama_id: null,
    review_status: "reviewed",
    tvl: "$1M",
    tvl_usd: usd,
    tvl_as_of: "2025-12-18",
    tvl_source: "defillama",
    blockchains: ["Ethereum"],
    yield_range: "N/A",
    yield_apy_min: null,
    yield_apy_max: null,
    yield_as_of: null,
    yield_source: null,
    yield_source_url: null,
    yield_pools: null,
    defillama_dropped_on: null,
    defillama_listed_at: null,
    defillama_audits: null,
    ...overrides,
  };
}
