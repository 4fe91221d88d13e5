// npm run data:refresh end to end against the local API (the server npm run local-api starts, in
// memory), with the saved 2025-12-19 list (data/defillama/): what a run writes, holds and reports.
// Failures: refresh-failures.test.ts; yields and tracked rows: refresh-sept.test.ts; what is held:
// refresh-held.test.ts; the committed snapshots: refresh-snapshots.test.ts.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { checkHistoryCsv } from "./rules/history.ts";
import { fromFile, refreshHarness, SAVED_HISTORY_DIR } from "./refresh-test-run.ts";
import { checkCsv } from "./rules/protocols.ts";
import { FIXTURE } from "./test-api.ts";

const { memory, rewind, snapshot, refresh, anonGet, served } = refreshHarness();

describe("data:refresh with the saved 2025-12-19 list", () => {
  beforeEach(rewind);

  it("updates covered rows, writes their history, holds a jump over 50% and reports each protocol", async () => {
    const run = await refresh(fromFile);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      "  updated   Paxos Gold (PAXG) (paxos-gold): $1.2B -> $1.5B (+27.4%); chains Ethereum, Solana -> Ethereum",
    );
    expect(run.out).toContain("  held      Lofty (lofty): $20M -> $99M (+395.9%)");
    expect(run.out).toContain("held for review: lofty $20M -> $99M");
    expect(run.out).toContain("  not covered Reental: no defillama_slug: keeps its curated figure");
    // Every chain is stored now, in one naming (BSC is BNB Chain, OP Mainnet is Optimism): none is dropped.
    expect(run.out).toContain(
      "  updated   BlackRock BUIDL (Securitize) (blackrock-buidl): $2.0B; chains Ethereum, Solana, Optimism, Polygon -> Aptos, BNB Chain, Ethereum, Solana, Avalanche, Arbitrum, Optimism, Polygon",
    );
    // RWA protocols above $10M that the directory lacks are listed, not added, until someone accepts them.
    expect(run.out).toContain(
      "new tracked row: ethena-usdtb (Ethena USDtb, RWA, $851M): held until --accept ethena-usdtb",
    );
    expect(run.out.filter((l) => l.startsWith("new tracked row: "))).toHaveLength(34);
    expect(run.out).toContain("Summary: 18 updated, 9 unchanged, 1 held, 6 not covered.");
    expect(run.out).toContain(
      "Tracked: 34 new RWA protocols listed for review, 0 added, 0 no longer tracked by DefiLlama, 0 renamed.",
    );
    expect(run.out).toContain("Yields: not read.");
    expect(run.out).toContain(
      "Written in one transaction: 18 protocol rows changed, 0 added, 1 history rows written, 0 yield history rows written, 0 product yields, 0 risk levels changed, 0 computed risk factor rows rewritten, 0 changes logged.",
    );

    // What the site reads, as anon.
    const paxg = await served("paxos-gold");
    expect(paxg).toMatchObject({
      tvl: "$1.5B",
      tvl_usd: 1528522378,
      tvl_as_of: "2025-12-19",
      tvl_source: "defillama",
      tvl_source_url: "https://defillama.com/protocol/paxos-gold",
      blockchains: ["Ethereum"],
    });
    const history = await anonGet(
      `protocol_tvl_history?select=day,tvl_usd,source&protocol_id=eq.${paxg.id as string}&order=day.asc`,
    );
    expect(history).toEqual({ status: 200, body: [{ day: "2025-12-19", tvl_usd: 1528522378, source: "defillama" }] });
    expect(await served("lofty")).toMatchObject({ tvl: "$20M", tvl_as_of: "2025-10-31", tvl_source: "curated" });
  });

  it("changes nothing on a second run with the same input", async () => {
    await refresh(fromFile);
    const before = await snapshot();
    const again = await refresh(fromFile);
    expect(again.code).toBe(0);
    expect(again.out).toContain("Summary: 0 updated, 27 unchanged, 1 held, 6 not covered.");
    expect(again.out).toContain(
      "Written in one transaction: 0 protocol rows changed, 0 added, 0 history rows written, 0 yield history rows written, 0 product yields, 0 risk levels changed, 0 computed risk factor rows rewritten, 0 changes logged.",
    );
    expect(await snapshot()).toBe(before);
  });

  it("publishes a held figure with --accept, and says when --accept had nothing to release", async () => {
    const run = await refresh([...fromFile, "--accept", "lofty", "--accept", "paxos-gold"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("  accepted  Lofty (lofty): $20M -> $99M (+395.9%)");
    expect(run.out).toContain("  --accept had nothing to release for: paxos-gold");
    expect(run.out.some((l) => l.startsWith("held for review"))).toBe(false);
    expect(await served("lofty")).toMatchObject({
      tvl: "$99M",
      tvl_usd: 99180168,
      tvl_as_of: "2025-12-19",
      tvl_source: "defillama",
    });
  });

  it("never writes an older figure over a newer one", async () => {
    await memory.db.exec("update public.protocols set tvl_as_of = '2025-12-20' where defillama_slug = 'lofty'");
    const run = await refresh([...fromFile, "--accept", "lofty"]);
    expect(run.out).toContain(
      "  unchanged Lofty (lofty): $20M (the database has a newer figure; nothing older is written over it)",
    );
    expect(await served("lofty")).toMatchObject({ tvl: "$20M", tvl_as_of: "2025-12-20" });
  });

  it("backfills history from saved /protocol/{slug} files, one point per day, and reports slugs without one", async () => {
    await memory.db.exec("delete from public.protocol_tvl_history");
    const run = await refresh([...fromFile, "--backfill", "--source-dir", SAVED_HISTORY_DIR]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("  history etherfuse: 28 daily points");
    expect(run.out).toContain("  history lofty: no saved history");
    const etherfuse = await served("etherfuse");
    const { body } = await anonGet(
      `protocol_tvl_history?select=day,tvl_usd,source&protocol_id=eq.${etherfuse.id as string}&order=day.asc`,
    );
    const points = body as { day: string; tvl_usd: number; source: string }[];
    expect(points).toHaveLength(29);
    expect(points[0]).toEqual({ day: "2025-11-13", tvl_usd: 25155, source: "defillama" });
    // The saved file has two points on 12 Dec; the day keeps the later one.
    expect(points.find((p) => p.day === "2025-12-12")).toEqual({
      day: "2025-12-12",
      tvl_usd: 7764842,
      source: "defillama",
    });
    expect(points.at(-1)).toEqual({ day: "2025-12-19", tvl_usd: 7762215, source: "defillama" });
  });

  it("writes the refreshed fields and the day's points back to the CSV files with --write-csv", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "refresh-csv-"));
    const csvPath = path.join(dir, "protocols.csv");
    const historyPath = path.join(dir, "tvl-history.csv");
    const csv = readFileSync(FIXTURE.csv, "utf8").replace(
      /^Lofty,(.*),\$99M,(.*),99180168,2025-12-19,/m,
      (_, a: string, b: string) => `Lofty,${a},$20M,${b},20000000,2025-10-31,`,
    );
    expect(csv).not.toBe(readFileSync(FIXTURE.csv, "utf8"));
    writeFileSync(csvPath, csv);
    writeFileSync(historyPath, "name,day,tvl_usd,source\n");
    const yieldHistoryPath = path.join(dir, "yield-history.csv");
    writeFileSync(yieldHistoryPath, "name,day,apy_min,apy_max,source\n");
    const run = await refresh([...fromFile, "--accept", "lofty", "--write-csv"], {
      csv: { csvPath, historyPath, yieldHistoryPath },
    });
    expect(run.code).toBe(0);
    const line = (text: string, name: string) => text.split("\n").find((l) => l.startsWith(`${name},`));
    expect(line(readFileSync(csvPath, "utf8"), "Lofty")).toBe(line(readFileSync(FIXTURE.csv, "utf8"), "Lofty"));
    const rows = checkCsv(readFileSync(csvPath, "utf8"), { today: "2025-12-19", freshness: false }).rows;
    // Every chain DefiLlama lists is written back too.
    expect(rows.find((r) => r.name === "Circle USYC (ex-Hashnote)")?.blockchains).toEqual([
      "BNB Chain",
      "Ethereum",
      "Near",
      "Noble",
    ]);
    const history = checkHistoryCsv(readFileSync(historyPath, "utf8"), rows);
    expect(history.problems).toEqual([]);
    expect(history.rows).toHaveLength(28);
    expect(history.rows.find((h) => h.name === "Lofty")).toEqual({
      name: "Lofty",
      day: "2025-12-19",
      tvl_usd: 99180168,
      source: "defillama",
    });
    // The committed history holds these same points.
    const committed = checkHistoryCsv(readFileSync(FIXTURE.history, "utf8"), rows).rows;
    for (const point of history.rows) expect(committed).toContainEqual(point);
  });
});
