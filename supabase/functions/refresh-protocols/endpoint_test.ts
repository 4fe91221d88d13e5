// Contract tests for the refresh-protocols adapter (lib/endpoint.ts) with the real core and an
// in-memory store; the sources are saved DefiLlama entries and pools (npm run test:deno). No network.
import * as assert from "../_shared/test_assert.ts";
import { handleRefreshRequest } from "./lib/endpoint.ts";
import type { RefreshStore } from "./lib/types.ts";
import { deps, json, memoryStore, post, published, saved, SAVED_LIST, SECRET, type FetchImpl } from "./test_deps.ts";

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
    written: {
      updated: 2,
      inserted: 0,
      renamed: 0,
      tvl: 2,
      yields: 1,
      dropped: 0,
      history: 2,
      yield_history: 1,
      changes: 0,
    },
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
    changeWindows: () => Promise.reject(new Error("unreachable")),
    apply: () => Promise.reject(new Error("unreachable")),
  };
  const response = await handleRefreshRequest(post(SECRET), deps(store, saved()));
  assert.equal(response.status, 503);
  assert.deepEqual(await response.json(), { error: "The refresh could not write; nothing was written." });
});
