// Contract tests for the refresh-protocols adapter (lib/endpoint.ts) with the real core and an
// in-memory store; the sources are saved DefiLlama entries and pools (npm run test:deno). No network.
import * as assert from "../_shared/test_assert.ts";
import { handleRefreshRequest, type RefreshEndpointDeps } from "./lib/endpoint.ts";
import { fetchJson } from "./lib/defillama.ts";
import { refreshProtocols } from "./lib/refresh.ts";
import { httpSource } from "./lib/source.ts";
import type { AppliedCounts, CurrentRow, RefreshChanges, RefreshStore } from "./lib/types.ts";

const SECRET = "a-dedicated-refresh-secret-of-32-chars-or-more";
const NOW = new Date("2025-12-19T06:00:00Z");

// Entries as DefiLlama's protocol list saved them on 2025-12-19 (figures untouched), plus one RWA
// protocol the directory does not list.
const SAVED_LIST = [
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
const SAVED_POOLS = {
  status: "success",
  data: [
    { pool: "43641cf5-a92e-416b-bce9-27113d3c0db6", project: "maple", symbol: "USDC", tvlUsd: 2715111363, apy: 5.0221 },
    { pool: "a1b2c3d4-0000-4000-8000-00000000000a", project: "lofty", symbol: "LOFTY", tvlUsd: 5000000, apy: 6.2 },
  ],
};

function row(overrides: Partial<CurrentRow> & Pick<CurrentRow, "name">): CurrentRow {
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

function memoryStore(rows: CurrentRow[]) {
  const applied: { day: string; changes: RefreshChanges }[] = [];
  const store: RefreshStore = {
    currentRows: () => Promise.resolve(rows.map((r) => ({ ...r }))),
    baselines: () => Promise.resolve([]),
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

const published = (): CurrentRow[] => [
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

type FetchImpl = (url: string, init?: RequestInit) => Promise<Response>;
const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value), { status: 200 }));
/** The list and the pools answered by their URLs; either may be replaced by a failure. */
const saved =
  (overrides: { list?: FetchImpl; yields?: FetchImpl } = {}): FetchImpl =>
  (url, init) =>
    url.startsWith("https://yields.llama.fi/")
      ? (overrides.yields ?? (() => json(SAVED_POOLS)))(url, init)
      : (overrides.list ?? (() => json(SAVED_LIST)))(url, init);

function deps(store: RefreshStore, fetchImpl: FetchImpl, logs: string[] = []): RefreshEndpointDeps {
  const source = httpSource((url) => fetchJson(url, { fetch: fetchImpl, timeoutMs: 50 }), "https://api.llama.fi");
  return {
    secret: SECRET,
    now: () => NOW,
    log: (event) => logs.push(event),
    run: (day) => refreshProtocols({ store, source, day }),
  };
}

const post = (token?: string) =>
  new Request("https://x.supabase.co/functions/v1/refresh-protocols", {
    method: "POST",
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });

Deno.test("a scheduled POST with the secret refreshes TVL and yields, and answers the counts", async () => {
  const { store, rows } = memoryStore(published());
  const response = await handleRefreshRequest(post(SECRET), deps(store, saved()));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.deepEqual(await response.json(), {
    day: "2025-12-19",
    updated: 2,
    unchanged: 0,
    held: 1,
    notCovered: 1,
    heldSlugs: ["meld-gold"],
    newTracked: ["ethena-usdtb"],
    renamed: [],
    dropped: [],
    yields: { updated: 1, unchanged: 0, held: 0, withoutPools: 2 },
    written: { updated: 2, inserted: 0, renamed: 0, tvl: 2, yields: 1, dropped: 0, history: 2, yield_history: 1 },
    failed: [],
  });
  assert.equal(rows[1]!.tvl, "$1.5B");
  assert.deepEqual(rows[1]!.blockchains, ["Ethereum"]);
  assert.equal(rows[2]!.tvl, "$2M", "a jump over 50% is held, not written");
  assert.equal(rows[0]!.yield_range, "6.2%");
  assert.equal(rows[0]!.yield_as_of, "2025-12-19");
  assert.equal(rows.length, 4, "the function lists new RWA protocols but never adds them: a person accepts them");
});

Deno.test("a second run with the same input changes nothing", async () => {
  const { store } = memoryStore(published());
  await handleRefreshRequest(post(SECRET), deps(store, saved()));
  const again = await (await handleRefreshRequest(post(SECRET), deps(store, saved()))).json();
  assert.equal(again.updated, 0);
  assert.equal(again.unchanged, 2);
  assert.equal(again.written.updated, 0);
  assert.deepEqual(again.yields, { updated: 0, unchanged: 1, held: 0, withoutPools: 2 });
});

Deno.test("the service-role key, a wrong or missing token and other methods are refused", async () => {
  const { store, applied } = memoryStore(published());
  for (const token of [undefined, "", "wrong", "service-role-key", `${SECRET}x`]) {
    const response = await handleRefreshRequest(post(token), deps(store, saved()));
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), { error: "Unauthorized" });
  }
  const get = await handleRefreshRequest(
    new Request("https://x/functions/v1/refresh-protocols", { headers: { Authorization: `Bearer ${SECRET}` } }),
    deps(store, saved()),
  );
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST");
  const empty = await handleRefreshRequest(post(""), { ...deps(store, saved()), secret: "" });
  assert.equal(empty.status, 401, "an unset secret never matches an empty token");
  assert.equal(applied.length, 0);
});

const failures: [string, FetchImpl, RegExp][] = [
  ["http 500", () => Promise.resolve(new Response("oops", { status: 500 })), /answered HTTP 500/],
  ["malformed", () => json({ protocols: [] }), /is not a DefiLlama (protocol list|yields response)/],
  [
    "hang",
    (_url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    /timeout/,
  ],
];

Deno.test("HTTP 500, a malformed body and a hang on both sources write nothing and answer 502", async () => {
  for (const [name, fetchImpl, pattern] of failures) {
    const { store, applied } = memoryStore(published());
    const logs: string[] = [];
    const response = await handleRefreshRequest(post(SECRET), deps(store, fetchImpl, logs));
    assert.equal(response.status, 502, name);
    const body = await response.json();
    assert.equal(body.error, "The source failed; nothing was written.");
    assert.match(body.detail, pattern);
    assert.equal(applied.length, 0, `${name}: nothing written`);
    assert.deepEqual(logs, ["refresh.source_failed"]);
  }
});

Deno.test("a failed yields source writes no yield but the TVL, and the reverse, answering 502", async () => {
  for (const [name, fetchImpl] of failures) {
    const tvlOnly = memoryStore(published());
    const response = await handleRefreshRequest(post(SECRET), deps(tvlOnly.store, saved({ yields: fetchImpl })));
    assert.equal(response.status, 502, name);
    const body = await response.json();
    assert.equal(body.failed.length, 1);
    assert.equal(body.failed[0].source, "yields");
    assert.equal(tvlOnly.applied[0]!.changes.yields.length, 0, `${name}: no yield`);
    assert.equal(tvlOnly.rows[1]!.tvl, "$1.5B", `${name}: the TVL still refreshed`);

    const yieldsOnly = memoryStore(published());
    const reverse = await (
      await handleRefreshRequest(post(SECRET), deps(yieldsOnly.store, saved({ list: fetchImpl })))
    ).json();
    assert.equal(reverse.failed[0].source, "protocols");
    assert.equal(yieldsOnly.applied[0]!.changes.tvl.length, 0, `${name}: no TVL`);
    assert.equal(yieldsOnly.rows[0]!.yield_range, "6.2%", `${name}: the yields still refreshed`);
  }
});

Deno.test("one malformed entry the directory does not use is ignored; one it uses is held alone", async () => {
  const { store, rows } = memoryStore(published());
  const list = [
    ...SAVED_LIST.filter((e) => e.slug !== "meld-gold"),
    { name: "Somebody Else", slug: "somebody", category: "Dexs", tvl: "lots" },
    { name: "Meld Gold", slug: "meld-gold", category: "RWA", tvl: 5e21, chains: ["Algorand"] },
  ];
  const body = await (await handleRefreshRequest(post(SECRET), deps(store, saved({ list: () => json(list) })))).json();
  assert.deepEqual(body.heldSlugs, ["meld-gold"]);
  assert.equal(rows[1]!.tvl, "$1.5B");
  assert.equal(rows[2]!.tvl, "$2M");
});

Deno.test("a store failure answers 503 without details", async () => {
  const store: RefreshStore = {
    currentRows: () => Promise.reject(new Error("connect ECONNREFUSED")),
    baselines: () => Promise.reject(new Error("unreachable")),
    apply: () => Promise.reject(new Error("unreachable")),
  };
  const response = await handleRefreshRequest(post(SECRET), deps(store, saved()));
  assert.equal(response.status, 503);
  assert.deepEqual(await response.json(), { error: "The refresh could not write; nothing was written." });
});
