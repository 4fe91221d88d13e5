// Contract tests for the refresh-protocols adapter (lib/endpoint.ts) with the real core and an
// in-memory store; the source is saved DefiLlama entries (npm run test:deno). No network.
import * as assert from "../_shared/test_assert.ts";
import { handleRefreshRequest, type RefreshEndpointDeps } from "./lib/endpoint.ts";
import { fetchJson } from "./lib/defillama.ts";
import { httpSource, refreshProtocols, type CurrentRow, type RefreshStore } from "./lib/refresh.ts";

const SECRET = "a-dedicated-refresh-secret-of-32-chars-or-more";
const NOW = new Date("2025-12-19T06:00:00Z");

// Three entries as DefiLlama's protocol list saved them on 2025-12-19 (figures untouched).
const SAVED_LIST = [
  { name: "Lofty", slug: "lofty", category: "RWA", tvl: 99180168.09804487, chains: ["Algorand"] },
  { name: "Paxos Gold", slug: "paxos-gold", category: "RWA", tvl: 1528522378.0911238, chains: ["Ethereum"] },
  { name: "Meld Gold", slug: "meld-gold", category: "RWA", tvl: 10308312.924253188, chains: ["Algorand"] },
];

function memoryStore(rows: CurrentRow[]) {
  const applied: unknown[] = [];
  const store: RefreshStore = {
    currentRows: () => Promise.resolve(rows.map((r) => ({ ...r }))),
    apply(day, updates, history) {
      applied.push({ day, updates, history });
      let updated = 0;
      for (const u of updates) {
        const row = rows.find((r) => r.defillama_slug === u.defillama_slug)!;
        const next = {
          ...row,
          tvl: u.tvl,
          tvl_usd: u.tvl_usd,
          blockchains: u.blockchains,
          tvl_as_of: day,
          tvl_source: "defillama",
        };
        if (JSON.stringify(next) !== JSON.stringify(row)) {
          Object.assign(row, next);
          updated++;
        }
      }
      return Promise.resolve({ updated, history: updates.length + history.length });
    },
  };
  return { store, applied, rows };
}

const published = (): CurrentRow[] => [
  {
    name: "Lofty",
    defillama_slug: "lofty",
    tvl: "$99M",
    tvl_usd: 95_000_000,
    tvl_as_of: "2025-12-01",
    tvl_source: "defillama",
    blockchains: ["Algorand"],
  },
  {
    name: "Paxos Gold (PAXG)",
    defillama_slug: "paxos-gold",
    tvl: "$1.2B",
    tvl_usd: 1_200_000_000,
    tvl_as_of: "2025-10-07",
    tvl_source: "curated",
    blockchains: ["Ethereum", "Solana"],
  },
  {
    name: "Meld Gold",
    defillama_slug: "meld-gold",
    tvl: "$2M",
    tvl_usd: 2_000_000,
    tvl_as_of: "2025-10-31",
    tvl_source: "curated",
    blockchains: ["Algorand"],
  },
  {
    name: "Fidelity FDIT",
    defillama_slug: null,
    tvl: "$202M",
    tvl_usd: 202_000_000,
    tvl_as_of: "2025-09-10",
    tvl_source: "curated",
    blockchains: ["Ethereum"],
  },
];

function deps(
  store: RefreshStore,
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response>,
  logs: string[] = [],
): RefreshEndpointDeps {
  const source = httpSource((url) => fetchJson(url, { fetch: fetchImpl, timeoutMs: 50 }), "https://api.llama.fi");
  return {
    secret: SECRET,
    now: () => NOW,
    log: (event) => logs.push(event),
    run: (day) => refreshProtocols({ store, source, day }),
  };
}

const savedFetch = () => Promise.resolve(new Response(JSON.stringify(SAVED_LIST), { status: 200 }));
const post = (token?: string) =>
  new Request("https://x.supabase.co/functions/v1/refresh-protocols", {
    method: "POST",
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });

Deno.test("a scheduled POST with the secret refreshes and answers the counts", async () => {
  const { store, rows } = memoryStore(published());
  const response = await handleRefreshRequest(post(SECRET), deps(store, savedFetch));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.deepEqual(await response.json(), {
    day: "2025-12-19",
    updated: 2,
    unchanged: 0,
    held: 1,
    notCovered: 1,
    heldSlugs: ["meld-gold"],
    written: { updated: 2, history: 2 },
  });
  assert.equal(rows[1]!.tvl, "$1.5B");
  assert.deepEqual(rows[1]!.blockchains, ["Ethereum"]);
  assert.equal(rows[2]!.tvl, "$2M", "a jump over 50% is held, not written");
});

Deno.test("a second run with the same input changes nothing", async () => {
  const { store } = memoryStore(published());
  await handleRefreshRequest(post(SECRET), deps(store, savedFetch));
  const again = await (await handleRefreshRequest(post(SECRET), deps(store, savedFetch))).json();
  assert.equal(again.updated, 0);
  assert.equal(again.unchanged, 2);
  assert.equal(again.written.updated, 0);
});

Deno.test("the service-role key, a wrong or missing token and other methods are refused", async () => {
  const { store, applied } = memoryStore(published());
  for (const token of [undefined, "", "wrong", "service-role-key", `${SECRET}x`]) {
    const response = await handleRefreshRequest(post(token), deps(store, savedFetch));
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), { error: "Unauthorized" });
  }
  const get = await handleRefreshRequest(
    new Request("https://x/functions/v1/refresh-protocols", { headers: { Authorization: `Bearer ${SECRET}` } }),
    deps(store, savedFetch),
  );
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST");
  const empty = await handleRefreshRequest(post(""), { ...deps(store, savedFetch), secret: "" });
  assert.equal(empty.status, 401, "an unset secret never matches an empty token");
  assert.equal(applied.length, 0);
});

Deno.test("HTTP 500, a malformed body and a hang each write nothing and answer 502", async () => {
  const cases: [string, (url: string, init?: RequestInit) => Promise<Response>, RegExp][] = [
    ["http 500", () => Promise.resolve(new Response("oops", { status: 500 })), /answered HTTP 500/],
    [
      "malformed",
      () => Promise.resolve(new Response(JSON.stringify({ protocols: [] }))),
      /is not a DefiLlama protocol list/,
    ],
    [
      "hang",
      (_url, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
      /timeout/,
    ],
  ];
  for (const [name, fetchImpl, pattern] of cases) {
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

Deno.test("a store failure answers 503 without details", async () => {
  const store: RefreshStore = {
    currentRows: () => Promise.reject(new Error("connect ECONNREFUSED")),
    apply: () => Promise.reject(new Error("unreachable")),
  };
  const response = await handleRefreshRequest(post(SECRET), deps(store, savedFetch));
  assert.equal(response.status, 503);
  assert.deepEqual(await response.json(), { error: "The refresh could not write; nothing was written." });
});
