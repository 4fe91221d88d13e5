// What the refresh-protocols contract tests run against (npm run test:deno): saved DefiLlama
// entries and pools answered by URL, an in-memory store with the database's rules, the rows it
// starts from, and the adapter's dependencies around the real core. No network.
import type { RefreshEndpointDeps } from "./lib/endpoint.ts";
import { fetchJson } from "./lib/defillama.ts";
import { refreshProtocols } from "./lib/refresh.ts";
import { httpSource } from "./lib/source.ts";
import type { AppliedCounts, CurrentRow, RefreshChanges, RefreshStore } from "./lib/types.ts";

export const SECRET = "a-dedicated-refresh-secret-of-32-chars-or-more";
export const NOW = new Date("2025-12-19T06:00:00Z");

// Entries as DefiLlama's protocol list saved them on 2025-12-19 (figures untouched), plus one RWA
// protocol the directory does not list.
export const SAVED_LIST = [
  { name: "Lofty", slug: "lofty", category: "RWA", tvl: 99180168.09804487, chains: ["Algorand"] },
  { name: "Paxos Gold", slug: "paxos-gold", category: "RWA", tvl: 1528522378.0911238, chains: ["Ethereum"] },
  { name: "Meld Gold", slug: "meld-gold", category: "RWA", tvl: 10308312.924253188, chains: ["Algorand"] },
  {
    name: "Ethena USDtb",
    slug: "ethena-usdtb",
    category: "RWA",
    tvl: 850865476.5408571,
    chains: ["Ethereum"],
    url: "https://ethena.fi",
  },
];
// Pools as yields.llama.fi published them (2026-09-05 values): none is Lofty's, Paxos' or Meld's
// except the one below, which is Lofty's with a DefiLlama figure.
export const SAVED_POOLS = {
  status: "success",
  data: [
    { pool: "43641cf5-a92e-416b-bce9-27113d3c0db6", project: "maple", symbol: "USDC", tvlUsd: 2715111363, apy: 5.0221 },
    { pool: "a1b2c3d4-0000-4000-8000-00000000000a", project: "lofty", symbol: "LOFTY", tvlUsd: 5000000, apy: 6.2 },
  ],
};

export function row(overrides: Partial<CurrentRow> & Pick<CurrentRow, "name">): CurrentRow {
  return {
    defillama_slug: null,
    defillama_id: null,
    review_status: "reviewed",
    tvl: "N/A",
    tvl_usd: null,
    tvl_as_of: null,
    tvl_source: null,
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

/**
 * A row the refresh has written before: `row` with $1M on 2025-12-18 from DefiLlama; `overrides`
 * sets what a test is about (a listing date, an audits flag). For change_log_test.ts and ratings_test.ts.
 */
export function currentRow(name: string, slug: string, usd: number, overrides: Partial<CurrentRow> = {}): CurrentRow {
  return row({
    name,
    defillama_slug: slug,
    tvl: "$1M",
    tvl_usd: usd,
    tvl_as_of: "2025-12-18",
    tvl_source: "defillama",
    ...overrides,
  });
}

export function memoryStore(rows: CurrentRow[]) {
  const applied: { day: string; changes: RefreshChanges }[] = [];
  const store: RefreshStore = {
    currentRows: () => Promise.resolve(rows.map((r) => ({ ...r }))),
    baselines: () => Promise.resolve([]),
    changeWindows: () => Promise.resolve([]),
    apply(day, changes) {
      applied.push({ day, changes });
      const changed = new Set<string>();
      const counts: AppliedCounts = {
        updated: 0,
        inserted: 0,
        renamed: 0,
        tvl: 0,
        yields: 0,
        dropped: 0,
        history: changes.tvl.length + changes.history.length,
        yield_history: changes.yields.length,
        changes: changes.log.length,
      };
      const change = (slug: string, next: Partial<CurrentRow>, key: "tvl" | "yields" | "dropped") => {
        const target = rows.find((r) => r.defillama_slug === slug)!;
        const merged = { ...target, ...next };
        if (JSON.stringify(merged) !== JSON.stringify(target)) {
          Object.assign(target, merged);
          changed.add(slug);
          counts[key]++;
        }
      };
      for (const u of changes.tvl)
        change(
          u.defillama_slug,
          { tvl: u.tvl, tvl_usd: u.tvl_usd, blockchains: u.blockchains, tvl_as_of: day, tvl_source: "defillama" },
          "tvl",
        );
      for (const y of changes.yields)
        change(
          y.defillama_slug,
          {
            yield_range: y.yield_range,
            yield_apy_min: y.apy_min,
            yield_apy_max: y.apy_max,
            yield_as_of: day,
            yield_source: "defillama",
            yield_source_url: y.source_url,
          },
          "yields",
        );
      for (const d of changes.dropped) change(d.defillama_slug, { defillama_dropped_on: d.dropped_on }, "dropped");
      counts.updated = changed.size;
      return Promise.resolve(counts);
    },
  };
  return { store, applied, rows };
}

export const published = (): CurrentRow[] => [
  row({
    name: "Lofty",
    defillama_slug: "lofty",
    tvl: "$99M",
    tvl_usd: 95_000_000,
    tvl_as_of: "2025-12-01",
    tvl_source: "defillama",
    blockchains: ["Algorand"],
    yield_range: "6.0%",
    yield_apy_min: 6,
    yield_apy_max: 6,
    yield_as_of: "2025-12-01",
    yield_source: "defillama",
    yield_source_url: "https://defillama.com/yields/pool/a1b2c3d4-0000-4000-8000-00000000000a",
  }),
  row({
    name: "Paxos Gold (PAXG)",
    defillama_slug: "paxos-gold",
    tvl: "$1.2B",
    tvl_usd: 1_200_000_000,
    tvl_as_of: "2025-10-07",
    tvl_source: "curated",
    blockchains: ["Ethereum", "Solana"],
  }),
  row({
    name: "Meld Gold",
    defillama_slug: "meld-gold",
    tvl: "$2M",
    tvl_usd: 2_000_000,
    tvl_as_of: "2025-10-31",
    tvl_source: "curated",
    blockchains: ["Algorand"],
  }),
  row({
    name: "Fidelity FDIT",
    tvl: "$202M",
    tvl_usd: 202_000_000,
    tvl_as_of: "2025-09-10",
    tvl_source: "curated",
  }),
];

export type FetchImpl = (url: string, init?: RequestInit) => Promise<Response>;
export const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value), { status: 200 }));
/** The list and the pools answered by their URLs; either may be replaced by a failure. */
export const saved =
  (overrides: { list?: FetchImpl; yields?: FetchImpl } = {}): FetchImpl =>
  (url, init) =>
    url.startsWith("https://yields.llama.fi/")
      ? (overrides.yields ?? (() => json(SAVED_POOLS)))(url, init)
      : (overrides.list ?? (() => json(SAVED_LIST)))(url, init);

export function deps(store: RefreshStore, fetchImpl: FetchImpl, logs: string[] = []): RefreshEndpointDeps {
  const source = httpSource((url) => fetchJson(url, { fetch: fetchImpl, timeoutMs: 50 }), "https://api.llama.fi");
  return {
    secret: SECRET,
    now: () => NOW,
    log: (event) => logs.push(event),
    run: (day) => refreshProtocols({ store, source, day }),
  };
}

export const post = (token?: string) =>
  new Request("https://x.supabase.co/functions/v1/refresh-protocols", {
    method: "POST",
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });
