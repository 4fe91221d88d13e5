// The refresh's pure parts (supabase/functions/refresh-protocols/lib/), without a database:
// reading DefiLlama's entries and pools, the guardrails, and the rows tracked protocols get.
import { describe, expect, it } from "vitest";
import { BLOCKCHAINS } from "../../src/config/domain.ts";
import {
  CHAIN_ALIASES,
  chainName,
  parseProtocolHistory,
  parseProtocolList,
  readEntry,
} from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { tvlHoldReason, yieldHoldReason } from "../../supabase/functions/refresh-protocols/lib/guardrail.ts";
import { trackedRow } from "../../supabase/functions/refresh-protocols/lib/tracked.ts";
import {
  formatYieldRange,
  parseYieldsResponse,
  pickYield,
} from "../../supabase/functions/refresh-protocols/lib/yields.ts";

describe("chains in one naming", () => {
  it("maps each DefiLlama spelling of the spec's eleven to the spec's name, and keeps other chains", () => {
    // Every alias ends at a name that is not itself an alias.
    for (const target of Object.values(CHAIN_ALIASES)) expect(CHAIN_ALIASES[target]).toBeUndefined();
    expect(chainName("OP Mainnet")).toBe("Optimism");
    expect(chainName("Optimism")).toBe("Optimism");
    expect(chainName("xDai")).toBe("Gnosis Chain");
    expect(chainName("Gnosis")).toBe("Gnosis Chain");
    expect(chainName("BSC")).toBe("BNB Chain");
    expect(chainName("Binance")).toBe("BNB Chain");
    expect(chainName("Ripple")).toBe(chainName("XRPL"));
    expect(chainName("Hyperliquid L1")).toBe("Hyperliquid L1");
    // No alias turns one of the eleven into something else.
    for (const chain of BLOCKCHAINS) expect(chainName(chain)).toBe(chain);
  });
});

describe("reading DefiLlama's protocol list", () => {
  it("rejects only a list that is not one: not an array, empty, or without any figure", () => {
    expect(() => parseProtocolList({}, "x")).toThrow(/got object instead of an array/);
    expect(() => parseProtocolList([], "x")).toThrow(/the array is empty/);
    expect(() => parseProtocolList([{ name: "A", tvl: "1" }], "x")).toThrow(/no entry has a tvl/);
    expect(parseProtocolList([{ name: "A", tvl: 1 }, "junk", null, { tvl: "bad" }], "x")).toHaveLength(2);
  });

  it("reads the fields we store from an entry, in our naming", () => {
    expect(
      readEntry({
        id: "4265",
        name: "Invesco USTB",
        slug: "invesco-ustb",
        category: "RWA",
        chains: ["Ethereum", "Solana", "Plume Mainnet", "Binance", "BSC"],
        tvl: 587443217.7426004,
        url: "https://superstate.com/",
        audits: "0",
        listedAt: 1709914041,
      }),
    ).toEqual({
      entry: {
        id: 4265,
        name: "Invesco USTB",
        slug: "invesco-ustb",
        category: "RWA",
        tvl: 587443217.7426004,
        chains: ["Ethereum", "Solana", "Plume Mainnet", "BNB Chain"],
        url: "https://superstate.com/",
        description: null,
        listedAt: "2024-03-08",
        audits: 0,
      },
    });
    // The site's lite list has no id and no slug: the slug comes from the name, as DefiLlama makes it.
    expect(readEntry({ id: "", name: "Tether Gold", tvl: null })).toMatchObject({
      entry: { id: null, slug: "tether-gold", tvl: null, chains: [], audits: null, listedAt: null },
    });
    expect(readEntry({ id: "<5471>", name: "OpenTrade", slug: "opentrade", tvl: 1 })).toMatchObject({
      entry: { id: null },
    });
  });

  it("names the problem of a malformed entry instead of throwing", () => {
    expect(readEntry({ name: "X", tvl: 5e21 })).toEqual({
      problem: "tvl 5e+21 is not an amount of dollars (0 to below 1e15)",
    });
    expect(readEntry({ name: "X", tvl: -1 })).toEqual({
      problem: "tvl -1 is not an amount of dollars (0 to below 1e15)",
    });
    expect(readEntry({ name: "X", tvl: Number.NaN })).toEqual({
      problem: "tvl NaN is not an amount of dollars (0 to below 1e15)",
    });
    expect(readEntry({ name: "X", tvl: 1, chains: "Ethereum" })).toEqual({
      problem: 'chains "Ethereum" is not a list',
    });
    expect(readEntry({ name: "X", tvl: 1, chains: ["a|b"] })).toEqual({ problem: 'chain "a|b" is not a chain name' });
    expect(readEntry({ tvl: 1 })).toEqual({ problem: "it has no name" });
  });

  it("skips a malformed history point alone", () => {
    const history = parseProtocolHistory(
      {
        tvl: [
          { date: 1757030400, totalLiquidityUSD: 10 },
          { date: "yesterday", totalLiquidityUSD: 11 },
          { date: 1757116800, totalLiquidityUSD: 5e21 },
          { date: 1757116800, totalLiquidityUSD: 12 },
        ],
      },
      "x",
    );
    expect(history).toEqual({
      points: [
        { day: "2025-09-05", tvlUsd: 10 },
        { day: "2025-09-06", tvlUsd: 12 },
      ],
      skipped: 2,
    });
  });
});

describe("yields", () => {
  const pool = (id: string, tvlUsd: unknown, apy: unknown, extra: Record<string, unknown> = {}) => ({
    pool: id,
    project: "p",
    symbol: "USDC",
    tvlUsd,
    apy,
    ...extra,
  });

  it("formats a range like the curated yields", () => {
    expect(formatYieldRange(3.25, 3.59)).toBe("3.3-3.6%");
    expect(formatYieldRange(3.52, 3.52)).toBe("3.5%");
    expect(formatYieldRange(4.96, 5.04)).toBe("5.0%");
    expect(formatYieldRange(0, 12)).toBe("0.0-12.0%");
  });

  it("takes the lowest to highest apy over pools of at least $1M that are not outliers", () => {
    const pick = pickYield(
      "blackrock-buidl",
      [
        pool("a", 977902118, 3.56329),
        pool("b", 967087609, 3.25307),
        pool("small", 999_999, 0.1),
        pool("odd", 5_000_000, 40, { outlier: true }),
        pool("c", 1_000_000, 3.59429),
      ],
      [],
    );
    expect(pick).toEqual({
      kind: "figure",
      figure: {
        range: "3.3-3.6%",
        min: 3.25,
        max: 3.59,
        sourceUrl: "https://defillama.com/yields?project=blackrock-buidl",
        pools: ["a", "b", "c"],
        gaps: [],
      },
    });
    expect(pickYield("x", [pool("only", 2e6, 4.1)], [])).toMatchObject({
      figure: { range: "4.1%", sourceUrl: "https://defillama.com/yields/pool/only" },
    });
    expect(pickYield("x", [pool("small", 10, 4.1)], [])).toEqual({ kind: "none" });
    expect(pickYield("x", [], [])).toEqual({ kind: "none" });
  });

  it("keeps only the pools a row's filter names, by symbol or pool id", () => {
    const pools = [pool("a", 2e6, 3, { symbol: "USTB" }), pool("b", 2e6, 9, { symbol: "OTHER" })];
    expect(pickYield("x", pools, ["ustb"])).toMatchObject({ figure: { range: "3.0%" } });
    expect(pickYield("x", pools, ["b"])).toMatchObject({ figure: { range: "9.0%" } });
  });

  it("calls a pool that would count but has a malformed value bad, so the row's yield is held", () => {
    expect(pickYield("x", [pool("a", "lots", 3)], [])).toEqual({ kind: "bad", reason: 'pool a has tvlUsd "lots"' });
    expect(pickYield("x", [pool("a", 2e6, Number.NaN)], [])).toEqual({ kind: "bad", reason: "pool a has apy NaN" });
    expect(pickYield("x", [pool("a", 2e6, -1)], [])).toEqual({ kind: "bad", reason: "pool a has apy -1" });
    expect(pickYield("x", [pool("a", 2e6, 5e21)], [])).toEqual({ kind: "bad", reason: "pool a has apy 5e+21" });
    expect(pickYield("x", [pool("", 2e6, 3)], [])).toEqual({ kind: "bad", reason: "a pool of at least $1M has no id" });
  });

  it("checks the envelope only", () => {
    expect(() => parseYieldsResponse([], "y")).toThrow(/got an array/);
    expect(() => parseYieldsResponse({ status: "error", data: [] }, "y")).toThrow(/status is "error"/);
    expect(() => parseYieldsResponse({ status: "success" }, "y")).toThrow(/data is not an array/);
    expect(parseYieldsResponse({ status: "success", data: [pool("a", 1, 1), 7, null] }, "y")).toHaveLength(1);
  });
});

describe("the guardrails", () => {
  it("holds a first TVL figure, a move over 50%, and one over 50% from the 7-day median", () => {
    expect(tvlHoldReason(null, null, 10)).toBe("first published figure");
    expect(tvlHoldReason(100, null, 151)).toBe("");
    expect(tvlHoldReason(100, null, 150)).toBeNull();
    expect(tvlHoldReason(0, null, 1)).toBe("");
    // Day after day of +50% passes the last figure but not the week's median.
    expect(tvlHoldReason(150e6, 100e6, 225e6)).toBe("+125.0% against the 7-day median $100M");
    expect(tvlHoldReason(150e6, 120e6, 160e6)).toBeNull();
  });

  it("holds a first DefiLlama yield and a move of more than 3 points at either end", () => {
    expect(yieldHoldReason(null, null, { min: 3, max: 4 })).toBe("first DefiLlama yield");
    expect(yieldHoldReason({ min: 3, max: 4 }, null, { min: 3, max: 7.01 })).toBe("moved more than 3 points");
    expect(yieldHoldReason({ min: 3, max: 4 }, null, { min: 0, max: 4 })).toBeNull();
    expect(yieldHoldReason({ min: 3, max: 4 }, { min: 8, max: 9 }, { min: 3, max: 4 })).toBe(
      "moved more than 3 points against the 7-day median 8.00-9.00%",
    );
  });
});

describe("a tracked row", () => {
  const entry = {
    id: 4873,
    name: "Midas RWA",
    slug: "midas-rwa",
    category: "RWA",
    tvl: 154543770.86,
    chains: ["Ethereum", "BNB Chain"],
    url: "https://midas.app",
    description: "Midas is an asset\ntokenization protocol.",
    listedAt: "2024-07-12",
    audits: 2,
  };

  it("takes DefiLlama's name, description, website, chains and dates; the rest is unknown or unclassified", () => {
    expect(trackedRow(entry, { takenNames: new Set() })).toEqual({
      row: {
        name: "Midas RWA",
        description: "Midas is an asset tokenization protocol.",
        asset_classes: ["Unclassified"],
        blockchains: ["Ethereum", "BNB Chain"],
        url: "https://midas.app",
        source_url: "https://defillama.com/protocol/midas-rwa",
        notes:
          "Tracked from DefiLlama's RWA category: the name, description, website, chains, TVL and yield are DefiLlama's (see their dates and sources). Terms, risk and minimum investment are not reviewed yet.",
        defillama_slug: "midas-rwa",
        defillama_id: 4873,
        defillama_listed_at: "2024-07-12",
        defillama_audits: 2,
      },
    });
  });

  it("takes the asset class from the reviewed mapping, and clips a long description", () => {
    const row = trackedRow(
      { ...entry, description: "x".repeat(1200) },
      { takenNames: new Set(), assetClasses: new Map([["midas-rwa", ["US Treasuries", "Private Credit"]]]) },
    );
    expect(row).toMatchObject({ row: { asset_classes: ["US Treasuries", "Private Credit"] } });
    if ("row" in row) expect([...row.row.description]).toHaveLength(1000);
    expect(trackedRow({ ...entry, description: null }, { takenNames: new Set() })).toMatchObject({
      row: { description: "Unknown" },
    });
  });

  it("is not built over an existing name or without chains; without an https website its website is Unknown", () => {
    expect(trackedRow(entry, { takenNames: new Set(["midas rwa"]) })).toEqual({
      problem:
        "the directory already has a row named 'Midas RWA': if it is this protocol, set that row's defillama_slug (and defillama_id)",
    });
    expect(trackedRow({ ...entry, chains: [] }, { takenNames: new Set() })).toEqual({
      problem: "DefiLlama lists no chain for it",
    });
    // No protocol above the threshold is left out for a missing field (Valos: DefiLlama gives no website).
    for (const url of ["http://midas.app", null]) {
      const built = trackedRow({ ...entry, url }, { takenNames: new Set() });
      expect(built).toMatchObject({ row: { url: null, source_url: "https://defillama.com/protocol/midas-rwa" } });
      if ("row" in built) expect(built.row.notes).toContain("Website: Unknown (DefiLlama gives none).");
    }
  });
});
