// npm run data:refresh's guardrail end to end: a figure that moved too far, or a first figure, is
// held until --accept; one malformed entry, pool or failed source stops only itself.
import { beforeEach, describe, expect, it } from "vitest";
import { day, refreshHarness } from "./refresh-test-run.ts";
import {
  pool,
  saved,
  SEPT_DAY,
  SEPT_ENTRIES,
  SEPT_POOLS,
  septList,
  septRunner,
  septYields,
} from "./refresh-test-sept.ts";

const { memory, rewind, snapshot, row, refresh, yieldHistory } = refreshHarness();
const sept = septRunner(refresh);

describe("data:refresh holds a figure that moved too far until --accept", () => {
  beforeEach(rewind);

  it("holds a yield that moves more than 3 points, against the last figure or the 7-day median", async () => {
    await memory.db.exec(`
      update public.protocols set yield_range = '7.3-7.6%', yield_apy_min = 7.25, yield_apy_max = 7.59,
        yield_as_of = '2026-09-04', yield_source = 'defillama',
        yield_source_url = 'https://defillama.com/yields?project=blackrock-buidl'
        where defillama_slug = 'blackrock-buidl';`);
    const moved = await sept();
    expect(moved.out).toContain(
      "held for review: blackrock-buidl yield 7.3-7.6% -> 3.3-3.6% (moved more than 3 points)",
    );
    await memory.db.exec(`
      update public.protocols set yield_range = '5.0-5.3%', yield_apy_min = 5, yield_apy_max = 5.3
        where defillama_slug = 'blackrock-buidl';
      insert into public.protocol_yield_history (protocol_id, day, apy_min, apy_max, source)
        select id, d::date, 8, 8.2, 'defillama' from public.protocols, generate_series('2026-08-29'::date, '2026-09-04', '1 day') d
        where defillama_slug = 'blackrock-buidl';`);
    const baseline = await sept();
    expect(baseline.out).toContain(
      "held for review: blackrock-buidl yield 5.0-5.3% -> 3.3-3.6% (moved more than 3 points against the 7-day median 8.00-8.20%)",
    );
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "5.0-5.3%" });
  });

  it("holds a row's first TVL figure, and a figure far from the 7-day median, until --accept", async () => {
    await memory.db.exec(`
      update public.protocols set tvl = 'N/A', tvl_usd = null, tvl_source = 'curated' where defillama_slug = 'lofty';
      update public.protocols set tvl = '$1.3B', tvl_usd = 1300000000 where defillama_slug = 'paxos-gold';
      insert into public.protocol_tvl_history (protocol_id, day, tvl_usd, source)
        select id, d::date, 500000000, 'defillama' from public.protocols, generate_series('2026-08-29'::date, '2026-09-04', '1 day') d
        where defillama_slug = 'paxos-gold';`);
    const run = await sept();
    expect(run.out).toContain("held for review: lofty N/A -> $101M (first published figure)");
    // +46.6% on the last figure passes, but +281% on the week's median does not: +50% a day cannot compound.
    expect(run.out).toContain("held for review: paxos-gold $1.3B -> $1.9B (+281.2% against the 7-day median $500M)");
    expect(await row("lofty")).toMatchObject({ tvl: "N/A" });
    expect(await row("paxos-gold")).toMatchObject({ tvl: "$1.3B" });
    const accepted = await sept(["--accept", "lofty,paxos-gold"]);
    expect(accepted.out).toContain("  accepted  Lofty (lofty): N/A -> $101M (first published figure)");
    expect(await row("lofty")).toMatchObject({ tvl: "$101M", tvl_source: "defillama" });
    expect(await row("paxos-gold")).toMatchObject({ tvl: "$1.9B" });
  });
});

describe("data:refresh: one bad figure or source stops only itself", () => {
  beforeEach(rewind);

  it("ignores a malformed entry the directory does not use, and holds a malformed one it uses alone", async () => {
    const { buidl, paxg, ustb } = SEPT_ENTRIES;
    const run = await sept(
      [],
      septList([
        buidl,
        paxg,
        ustb,
        { name: "Someone Else", slug: "someone-else", category: "Dexs", tvl: "lots", chains: "all" },
        { name: 42 },
        "not even an object",
        { ...SEPT_ENTRIES.lofty, tvl: 5e21 },
        { ...SEPT_ENTRIES.midas, slug: "maple", id: "587", tvl: -5 },
        { name: "Spiko", slug: "spiko", id: "4231", category: "RWA", tvl: 5e8, chains: ["Ethereum", 7] },
      ]),
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      "held for review: lofty: DefiLlama's entry is malformed (tvl 5e+21 is not an amount of dollars (0 to below 1e15)); nothing about it was written",
    );
    expect(run.out).toContain(
      "held for review: maple: DefiLlama's entry is malformed (tvl -5 is not an amount of dollars (0 to below 1e15)); nothing about it was written",
    );
    expect(run.out).toContain(
      "held for review: spiko: DefiLlama's entry is malformed (chain 7 is not a chain name); nothing about it was written",
    );
    expect(day((await row("Superstate USTB")).tvl_as_of)).toBe(SEPT_DAY);
    expect(await row("lofty")).toMatchObject({ tvl: "$20M" });
  });

  it("holds a protocol whose pool is malformed, and writes every other yield", async () => {
    const run = await sept(
      ["--accept", "blackrock-buidl,invesco-ustb"],
      septList(),
      septYields([...SEPT_POOLS, pool("bad-apy", "invesco-ustb", "USTB", 2_000_000, Number.NaN)]),
    );
    expect(run.out).toContain(
      "held for review: invesco-ustb yield: a pool is malformed (pool bad-apy has apy null); the yield was not written",
    );
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "3.3-3.6%" });
    expect(await row("invesco-ustb")).toMatchObject({ yield_range: "3.9-4.1%" });
  });

  it("writes no yield when the yields source fails, and still refreshes the TVL; and the reverse", async () => {
    const noYields = await sept([], septList(), saved("pools.json", { status: "error", data: "rate limited" }));
    expect(noYields.code).toBe(1);
    expect(noYields.err).toEqual([
      expect.stringMatching(
        /^data:refresh failed: .*pools\.json is not a DefiLlama yields response \(\{status, data: \[\.\.\.\]\}\): status is "error"; no yields were written \(the TVL was\)\.$/,
      ),
    ]);
    expect(day((await row("Superstate USTB")).tvl_as_of)).toBe(SEPT_DAY);
    expect(await yieldHistory("blackrock-buidl")).toEqual([]);

    await rewind();
    const noList = await sept(["--accept", "blackrock-buidl"], saved("protocols.json", "<html>busy</html>"));
    expect(noList.code).toBe(1);
    expect(noList.err).toEqual([
      expect.stringMatching(
        /^data:refresh failed: .*protocols\.json is not JSON; the TVL was not updated \(the yields were\)\.$/,
      ),
    ]);
    expect(await row("Superstate USTB")).toMatchObject({ tvl: "$587M", defillama_slug: "superstate-ustb" });
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "3.3-3.6%" });
  });

  it("writes nothing at all when both sources fail", async () => {
    const before = await snapshot();
    const run = await sept([], saved("protocols.json", { nope: 1 }), saved("pools.json", []));
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      expect.stringMatching(
        /is not a DefiLlama protocol list .*; and .* is not a DefiLlama yields response .*; nothing was written\.$/,
      ),
    ]);
    expect(await snapshot()).toBe(before);
  });
});
