// One upstream value must not stop the refresh (issue 30, item 3): a NUL or a lone surrogate in a
// chain name, a lone surrogate in a pool id. The saved 2026-09-05 responses with one such value
// each: that protocol is held and named in the report, and every other one is written, on real
// Postgres (PGlite) behind the local API.
import { beforeEach, describe, expect, it } from "vitest";
import { day, refreshHarness } from "./refresh-test-run.ts";
import { pool, SEPT_DAY, SEPT_ENTRIES, SEPT_POOLS, septList, septRunner, septYields } from "./refresh-test-sept.ts";

const { rewind, row, refresh } = refreshHarness();
const sept = septRunner(refresh);
const ACCEPT = ["--accept", "blackrock-buidl,invesco-ustb,midas-rwa,lofty,paxos-gold"];

describe("data:refresh with one unreadable upstream string", () => {
  beforeEach(rewind);

  it.each([
    ["a NUL in a chain name", "Ether\u0000eum"],
    ["a lone surrogate in a chain name", "Ether\ud800eum"],
    ["a right-to-left override in a chain name", "Ether\u202eeum"],
  ])("holds the protocol with %s, names it, and writes every other one", async (_, chain) => {
    const { buidl, paxg, ustb, midas, lofty } = SEPT_ENTRIES;
    const run = await sept(ACCEPT, septList([buidl, paxg, { ...ustb, chains: ["Solana", chain] }, midas, lofty]));
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContainEqual(
      expect.stringMatching(
        /^held for review: superstate-ustb: DefiLlama's entry is malformed \(chain .* is not a chain name\)/,
      ),
    );
    // Superstate USTB (DefiLlama's invesco-ustb, matched by id) keeps what it had; the others carry the day's figures.
    expect(day((await row("superstate-ustb")).tvl_as_of)).not.toBe(SEPT_DAY);
    for (const slug of ["blackrock-buidl", "paxos-gold", "midas-rwa", "lofty"])
      expect({ slug, asOf: day((await row(slug)).tvl_as_of) }).toEqual({ slug, asOf: SEPT_DAY });
  });

  it("holds the yield of a protocol with a lone surrogate in a pool id, names it, and writes every other yield", async () => {
    const run = await sept(
      ACCEPT,
      septList(),
      septYields([
        ...SEPT_POOLS.filter((p) => p.project !== "invesco-ustb"),
        pool("1910847a-\ud800-40ce", "invesco-ustb", "USTB", 580071164, 3.51833),
      ]),
    );
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContainEqual(
      expect.stringMatching(
        /^held for review: invesco-ustb yield: a pool is malformed \(pool .* has an id that is not text/,
      ),
    );
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "3.3-3.6%" });
    expect(await row("midas-rwa")).toMatchObject({ yield_range: "1.9-7.5%" });
    expect(day((await row("Superstate USTB")).tvl_as_of)).toBe(SEPT_DAY);
    expect((await row("Superstate USTB")).yield_source).not.toBe("defillama");
  });
});
