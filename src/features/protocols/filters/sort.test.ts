import { describe, expect, it } from "vitest";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { parseProtocolRows } from "../model/model";
import { compareNames, isSortKey, parseMinInvestment, parseYieldUpperBound, riskRank, sortProtocols } from "./sort";
import type { Protocol } from "../model/types";

const protocols = parseProtocolRows(protocolRows);
const names = (list: Protocol[]) => list.map((p) => p.name);

function make(name: string, fields: Partial<Protocol>): Protocol {
  return { ...protocols[0]!, id: name, slug: name, name, ...fields };
}

describe("parseYieldUpperBound", () => {
  it.each([
    ["3.8-4.2%", 4.2],
    ["~8-10%", 10],
    ["9-12% target", 12],
    ["~4%", 4],
    ["5 – 8 %", 8],
    ["~4.0% USD / ~2.0% EUR", 4],
    ["~3.7% USTRY; ~7-8% CETES (MXN)", 8],
  ])("%s -> %s", (text, expected) => expect(parseYieldUpperBound(text)).toBe(expected));

  it.each(["N/A", "Variable", "", "—", "12", null, 7])("%s does not parse", (text) => {
    expect(parseYieldUpperBound(text)).toBeNull();
  });

  // Every yield our data holds or held (data/protocols.csv, Nov 2026): a text quoting several rates
  // ranks by the highest upper bound it advertises; 'N/A' and 'Unknown' are not ranked.
  it.each([
    ["3.8-4.2%", 4.2],
    ["3.8-4.3%", 4.3],
    ["3.8-4.1%", 4.1],
    ["3.9-4.1%", 4.1],
    ["3.7-4.1%", 4.1],
    ["~4.0% USD / ~2.0% EUR", 4],
    ["~3.7% USTRY; ~7-8% CETES (MXN)", 8],
    ["~4%", 4],
    ["5-8%", 8],
    ["4-6%", 6],
    ["~8-10%", 10],
    ["6-12%", 12],
    ["9-12% target", 12],
    ["~7-9%", 9],
    ["8-12% advertised", 12],
    ["5-10%", 10],
    ["8-12%", 12],
    ["3.9%", 3.9],
    ["9.25-10% (CETES, MXN)", 10],
    ["8-10%", 10],
    ["~11% on secondary-market trades", 11],
    ["N/A", null],
    ["Unknown", null],
  ])("our data: %s -> %s", (text, expected) => expect(parseYieldUpperBound(text)).toBe(expected));
});

describe("parseMinInvestment", () => {
  it.each([
    ["$5M", 5_000_000],
    ["$100K", 100_000],
    ["$100K (qualified purchasers)", 100_000],
    ["$1", 1],
    ["$1 ($1,000 first subscription)", 1],
    ["~$50", 50],
    ["~$20 via Benji app (unverified)", 20],
    ["€100", 100],
    ["$1,000", 1000],
    ["None (secondary market)", 0],
    ["None", 0],
  ])("%s -> %s", (text, expected) => expect(parseMinInvestment(text)).toBe(expected));

  it.each([
    "Varies by pool",
    "KYC (UID) required",
    "Unknown (low)",
    "1 share",
    "Institutional",
    "$5Kg",
    "",
    null,
    // More than one minimum: which would rank? (This one was once marked Best.)
    "none secondary; primary for pros",
    "$100 or $1,000",
    "$10K retail / $100K professional",
  ])("%s does not parse", (text) => expect(parseMinInvestment(text)).toBeNull());

  // Every minimum our data holds (data/protocols.csv, Nov 2026), with what it ranks as.
  it.each([
    ["$5M", 5_000_000],
    ["$5K (OUSG); USDY lower (unverified)", null],
    ["~$20 via Benji app (unverified)", 20],
    ["$100K", 100_000],
    ["$100K (qualified purchasers)", 100_000],
    ["$1", 1],
    ["$100K first deposit", 100_000],
    ["$1 ($1,000 first subscription)", 1],
    ["Institutional (not disclosed in sources)", null],
    ["~$1 (orders from 1 MXN)", 1],
    ["None", 0],
    ["None (Syrup, non-US)", 0],
    ["Varies by pool (KYC'd professionals)", null],
    ["$50K", 50_000],
    ["Varies; KYC for some portfolios", null],
    ["KYC (UID) required; min unknown", null],
    ["Unknown (low)", null],
    ["~$50", 50],
    ["$50", 50],
    ["€100", 100],
    ["None (secondary market)", 0],
    ["None (~$10 via Matrixport swap)", 0],
    ["None (1 gram)", 0],
    ["None secondary; primary for pros", null],
    ["None (fractional)", 0],
    ["KYC, non-US (min not verified)", null],
    ["1 share", null],
  ])("our data: %s -> %s", (text, expected) => expect(parseMinInvestment(text)).toBe(expected));
});

describe("riskRank and isSortKey", () => {
  it("orders Low < Medium < High < Very High; unrated has no rank", () => {
    expect([riskRank("Low"), riskRank("Medium"), riskRank("High"), riskRank("Very High"), riskRank(null)]).toEqual([
      0,
      1,
      2,
      3,
      null,
    ]);
  });
  it("accepts only known keys", () => {
    expect(["name", "tvl", "yield", "min", "risk"].every(isSortKey)).toBe(true);
    expect(isSortKey("TVL")).toBe(false);
    expect(isSortKey("__proto__")).toBe(false);
    expect(isSortKey(undefined)).toBe(false);
  });
});

describe("sortProtocols", () => {
  it("sorts names A-Z case-insensitively, so lowercase names sit among their letter", () => {
    const list = ["xStocks (Backed)", "Superstate USTB", "stUSDT (TRON / RWA DAO)", "Spiko", "apple", "Zeta"].map((n) =>
      make(n, {}),
    );
    expect(names(sortProtocols(list, "name"))).toEqual([
      "apple",
      "Spiko",
      "stUSDT (TRON / RWA DAO)",
      "Superstate USTB",
      "xStocks (Backed)",
      "Zeta",
    ]);
    expect(compareNames("a", "A")).not.toBe(0); // deterministic even for case-only differences
  });

  // One case per metric, each with its own literal list and order: alike in shape on purpose, so a
  // failing case reads on its own.
  it("sorts TVL high to low with unparseable values last", () => {
    const list = [
      make("A", { tvl: "N/A" }),
      make("B", { tvl: "$350M" }),
      make("C", { tvl: "$2.8B" }),
      make("D", { tvl: "$1M" }),
    ];
    expect(names(sortProtocols(list, "tvl"))).toEqual(["C", "B", "D", "A"]);
  });

  it("sorts yield high to low by upper bound, unparseable last, ties by name", () => {
    const list = [
      make("Flat", { yieldRange: "N/A" }),
      make("Bonds", { yieldRange: "3.8-4.2%" }),
      make("Credit", { yieldRange: "~8-10%" }),
      make("Also credit", { yieldRange: "9-10%" }),
    ];
    expect(names(sortProtocols(list, "yield"))).toEqual(["Also credit", "Credit", "Bonds", "Flat"]);
  });

  it("sorts minimum investment low to high ('None' first, unknown last)", () => {
    const list = [
      make("Whale", { minInvestment: "$5M" }),
      make("Varies", { minInvestment: "Varies by pool" }),
      make("Free", { minInvestment: "None (secondary market)" }),
      make("Retail", { minInvestment: "$50" }),
      make("Euro", { minInvestment: "€100" }),
    ];
    expect(names(sortProtocols(list, "min"))).toEqual(["Free", "Retail", "Euro", "Whale", "Varies"]);
  });

  it("sorts risk low to high with unrated last", () => {
    const list = [
      make("VH", { riskLevel: "Very High" }),
      make("U", { riskLevel: null }),
      make("L", { riskLevel: "Low" }),
      make("H", { riskLevel: "High" }),
      make("M", { riskLevel: "Medium" }),
    ];
    expect(names(sortProtocols(list, "risk"))).toEqual(["L", "M", "H", "VH", "U"]);
  });

  it("returns a copy and keeps every protocol", () => {
    const before = names(protocols);
    for (const key of ["name", "tvl", "yield", "min", "risk"] as const) {
      const sorted = sortProtocols(protocols, key);
      expect(sorted).not.toBe(protocols);
      expect([...names(sorted)].sort()).toEqual([...before].sort());
    }
    expect(names(protocols)).toEqual(before);
  });
});
