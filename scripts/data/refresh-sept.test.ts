// npm run data:refresh with saved 2026-09-05 responses (refresh-test-sept.ts): renames, yields,
// tracked rows, dropped marks, older lists, and writing it all back to the CSV files.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { day, refreshHarness } from "./refresh-test-run.ts";
import { SEPT_DAY, SEPT_ENTRIES, SEPT_NOW, saved, septList, septRunner, septYields } from "./refresh-test-sept.ts";
import { checkCsv } from "./rules/protocols.ts";
import { FIXTURE } from "./test-api.ts";

const { memory, rewind, snapshot, refresh, anonGet, row, yieldHistory } = refreshHarness();
const sept = septRunner(refresh);

describe("data:refresh with saved 2026-09-05 responses: yields and tracked rows", () => {
  beforeEach(rewind);

  it("matches a renamed slug by DefiLlama's id, reports the rename and follows it", async () => {
    const run = await sept();
    expect(run.err).toEqual([]);
    expect(run.out).toContain("renamed: superstate-ustb -> invesco-ustb (id 4265) (Superstate USTB)");
    const ustb = await row("Superstate USTB");
    expect(ustb).toMatchObject({
      defillama_slug: "invesco-ustb",
      defillama_id: 4265,
      defillama_audits: 0,
      tvl: "$587M",
      tvl_source_url: "https://defillama.com/protocol/invesco-ustb",
      source_url: "https://defillama.com/protocol/invesco-ustb",
      blockchains: ["Ethereum", "Solana", "Plume Mainnet"],
    });
    expect(day(ustb.defillama_listed_at)).toBe("2024-03-08");
    // Stored ids keep matching: the next run finds it by id, with nothing left to rename.
    expect((await sept()).out.some((l) => l.startsWith("renamed:"))).toBe(false);
  });

  it("takes the yield range over pools of at least $1M that are not outliers, holding a first figure until --accept", async () => {
    const first = await sept();
    expect(first.out).toContain("held for review: blackrock-buidl yield 3.8-4.2% -> 3.3-3.6% (first DefiLlama yield)");
    expect(await row("blackrock-buidl")).toMatchObject({ yield_range: "3.8-4.2%", yield_source: null });

    // The first run renamed USTB: --accept names it by its slug now.
    const accepted = await sept(["--accept", "blackrock-buidl,invesco-ustb"]);
    expect(accepted.out).toContain(
      "  yield accepted  BlackRock BUIDL (Securitize) (blackrock-buidl): 3.8-4.2% -> 3.3-3.6% (first DefiLlama yield)",
    );
    const buidl = await row("blackrock-buidl");
    expect(buidl).toMatchObject({
      yield_range: "3.3-3.6%",
      yield_apy_min: "3.25", // numeric, as Postgres returns it
      yield_apy_max: "3.59",
      yield_source: "defillama",
      yield_source_url: "https://defillama.com/yields?project=blackrock-buidl",
    });
    expect(day(buidl.yield_as_of)).toBe(SEPT_DAY);
    // One pool: its own page.
    expect(await row("invesco-ustb")).toMatchObject({
      yield_range: "3.5%",
      yield_source_url: "https://defillama.com/yields/pool/1910847a-f8b5-40ce-a1ab-1dafdded5fbb",
    });
    expect(await yieldHistory("blackrock-buidl")).toEqual([
      { day: SEPT_DAY, apy_min: "3.25", apy_max: "3.59", source: "defillama" },
    ]);
    // What the protocol page reads, as anon, through the local API.
    const served = await anonGet(
      `protocol_yield_history?select=day,apy_min,apy_max,source&protocol_id=eq.${buidl.id as string}&order=day.asc`,
    );
    expect(served).toEqual({
      status: 200,
      body: [{ day: SEPT_DAY, apy_min: 3.25, apy_max: 3.59, source: "defillama" }],
    });
    // Protocols without pools keep their yield, and say so.
    expect(accepted.out.find((l) => l.startsWith("  yields: no DefiLlama pool"))).toMatch(/lofty/);
    expect(await row("lofty")).toMatchObject({ yield_range: "5-10%", yield_source: null });
  });

  it("lists a new RWA protocol above the threshold, and adds it as a tracked row once accepted", async () => {
    const listed = await sept();
    expect(listed.out).toContain("new tracked row: midas-rwa (Midas RWA, RWA, $155M): held until --accept midas-rwa");
    expect(await row("midas-rwa")).toBeUndefined();
    expect((await sept(["--track-threshold", "200000000"])).out.some((l) => l.includes("midas-rwa"))).toBe(false);

    const added = await sept(["--accept", "midas-rwa"]);
    expect(added.out).toContain("  added     Midas RWA (midas-rwa): tracked row, $155M");
    expect(added.out).toContain(
      "Written in one transaction: 0 protocol rows changed, 1 added, 1 history rows written, 1 yield history rows written, 0 product yields, 0 risk levels changed, 3 computed risk factor rows rewritten, 1 changes logged.",
    );
    // The listing is in the public change log, in the same transaction as the row.
    expect(added.out).toContain("Change log: listed midas-rwa.");
    const midas = await row("midas-rwa");
    expect(midas).toMatchObject({
      name: "Midas RWA",
      review_status: "tracked",
      risk_level: null,
      asset_classes: ["Unclassified"],
      min_investment: "Unknown",
      investor_access: "unknown",
      kyc: "unknown",
      redemption: "unknown",
      fees: "unknown",
      description:
        "Midas is an asset tokenization protocol bringing regulatory-compliant exposure to real-world assets.",
      url: "https://midas.app",
      source_url: "https://defillama.com/protocol/midas-rwa",
      tvl: "$155M",
      tvl_source: "defillama",
      blockchains: ["Ethereum", "Monad", "Hyperliquid L1", "Solana", "BNB Chain", "Optimism"],
      defillama_id: 4873,
      defillama_audits: 2,
      // A tracked row accepted in this run publishes its first figures without a second --accept.
      yield_range: "1.9-7.5%",
      yield_source: "defillama",
    });
    expect(midas.notes).toMatch(/^Tracked from DefiLlama's RWA category/);
    expect(await yieldHistory("midas-rwa")).toEqual([
      { day: SEPT_DAY, apy_min: "1.85", apy_max: "7.55", source: "defillama" },
    ]);
  });

  it("keeps a row DefiLlama dropped with its last figure and the day it went, and clears the mark when it is back", async () => {
    const { buidl, paxg, ustb, midas, lofty } = SEPT_ENTRIES;
    await sept(["--accept", "midas-rwa"]);
    // Maple is not in this list; Midas fell below the threshold.
    const run = await sept([], septList([buidl, paxg, ustb, { ...midas, tvl: 4_000_000 }, lofty]));
    expect(run.out).toContain(
      "  no longer tracked by DefiLlama: Maple Finance (Syrup) (maple), not in DefiLlama's list, since 2026-09-05: keeps its last figure",
    );
    expect(run.out).toContain(
      "  no longer tracked by DefiLlama: Midas RWA (midas-rwa), below the tracking threshold of $10M, since 2026-09-05: keeps its last figure",
    );
    const maple = await row("maple");
    expect(maple).toMatchObject({ tvl: "$2.7B" });
    expect(day(maple.tvl_as_of)).toBe("2025-12-19");
    expect(day(maple.defillama_dropped_on)).toBe(SEPT_DAY);
    expect(await row("midas-rwa")).toMatchObject({ tvl: "$155M" });
    expect(day((await row("midas-rwa")).defillama_dropped_on)).toBe(SEPT_DAY);

    await sept([], septList([buidl, paxg, ustb, midas, lofty]));
    expect((await row("midas-rwa")).defillama_dropped_on).toBeNull();
  });

  it("takes no rename, id or dropped mark back from a saved list older than a row's figure", async () => {
    const { buidl, paxg, ustb, midas, lofty } = SEPT_ENTRIES;
    await sept(["--accept", "midas-rwa"]);
    const identity = async () => {
      const [u, m] = [await row("Superstate USTB"), await row("maple")];
      return {
        slug: u.defillama_slug,
        id: u.defillama_id,
        audits: u.defillama_audits,
        mapleDropped: day(m.defillama_dropped_on),
      };
    };
    // Maple is not in the 2026-09-05 list, so it is marked dropped; USTB was renamed.
    const before = await identity();
    expect(before).toEqual({ slug: "invesco-ustb", id: 4265, audits: 0, mapleDropped: SEPT_DAY });

    // An earlier day, replayed afterwards: USTB under its old slug, Maple listed again.
    const older = saved("protocols.json", [
      buidl,
      paxg,
      { ...ustb, id: "", name: "Superstate USTB", slug: "superstate-ustb", audits: "2" },
      midas,
      lofty,
      { id: "", name: "Maple", slug: "maple", category: "RWA Lending", chains: ["Ethereum"], tvl: 2_900_000_000 },
    ]);
    const run = await refresh(["--source-file", older, "--as-of", "2026-09-01"], { now: SEPT_NOW });
    expect(run.err).toEqual([]);
    expect(run.out.filter((l) => l.startsWith("renamed:"))).toEqual([]);
    expect(await identity()).toEqual(before);
  });

  it("changes nothing on a second run with the same input", async () => {
    const args = ["--accept", "midas-rwa,blackrock-buidl,superstate-ustb,paxos-gold,lofty"];
    // --accept may name a row by the slug it had before this run's rename.
    const list = septList();
    const yields = septYields();
    await sept(args, list, yields);
    const before = await snapshot();
    const again = await sept(["--accept", "midas-rwa"], list, yields);
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      "Written in one transaction: 0 protocol rows changed, 0 added, 0 history rows written, 0 yield history rows written, 0 product yields, 0 risk levels changed, 6 computed risk factor rows rewritten, 0 changes logged.",
    );
    expect(await snapshot()).toBe(before);
  });

  it("writes the new rows, renames, yields and dropped marks back to the CSV files with --write-csv", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "refresh-sept-csv-"));
    const csv = {
      csvPath: path.join(dir, "protocols.csv"),
      historyPath: path.join(dir, "tvl-history.csv"),
      yieldHistoryPath: path.join(dir, "yield-history.csv"),
    };
    await memory.reseed();
    writeFileSync(csv.csvPath, readFileSync(FIXTURE.csv, "utf8"));
    writeFileSync(csv.historyPath, readFileSync(FIXTURE.history, "utf8"));
    writeFileSync(csv.yieldHistoryPath, "name,day,apy_min,apy_max,source\n");
    const run = await refresh(
      [
        "--source-file",
        septList(),
        "--yields-file",
        septYields(),
        "--as-of",
        SEPT_DAY,
        "--accept",
        "midas-rwa,blackrock-buidl,paxos-gold",
        "--write-csv",
      ],
      { now: SEPT_NOW, csv },
    );
    expect(run.err).toEqual([]);
    const rows = checkCsv(readFileSync(csv.csvPath, "utf8"), { today: SEPT_DAY, freshness: false }).rows;
    expect(rows).toHaveLength(35);
    expect(rows.find((r) => r.name === "Midas RWA")).toMatchObject({
      review_status: "tracked",
      risk_level: null,
      as_of: SEPT_DAY,
      tvl_as_of: SEPT_DAY,
      yield_as_of: SEPT_DAY,
      defillama_listed_at: "2024-07-12",
    });
    expect(rows.find((r) => r.name === "Superstate USTB")).toMatchObject({
      defillama_slug: "invesco-ustb",
      defillama_id: 4265,
    });
    expect(rows.find((r) => r.name === "Maple Finance (Syrup)")?.defillama_dropped_on).toBe(SEPT_DAY);
    expect(readFileSync(csv.yieldHistoryPath, "utf8")).toContain("Midas RWA,2026-09-05,1.85,7.55,defillama");
    expect(readFileSync(csv.historyPath, "utf8")).toContain("Midas RWA,2026-09-05,154543771,defillama");
  });
});
