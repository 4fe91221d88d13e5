import { describe, expect, it } from "vitest";
import { compareSymbols } from "./product-model";

describe("compareSymbols (the products' order on a protocol page)", () => {
  it("orders tickers case-insensitively, then by case, punctuation before letters", () => {
    const symbols = ["USDY", "rcUSD+", "OUSG", "deJTRSY", "rcUSD", "USD+", "USDC", "syrupUSDC", "deJAAA", "usdy"];
    expect([...symbols].sort(compareSymbols)).toEqual([
      "deJAAA",
      "deJTRSY",
      "OUSG",
      "rcUSD",
      "rcUSD+",
      "syrupUSDC",
      "USD+",
      "USDC",
      "USDY",
      "usdy",
    ]);
  });

  it("agrees with an English collator on letters and digits", () => {
    const collator = new Intl.Collator("en", { sensitivity: "base" });
    const symbols = [
      "BUIDL",
      "benji",
      "JTRSY",
      "jaaa",
      "mTBILL",
      "MI4",
      "wYLDS",
      "XAUm",
      "PAXG",
      "nALPHA",
      "USTB",
      "ustb2",
    ];
    const byCollator = [...symbols].sort((a, b) => collator.compare(a, b));
    expect([...symbols].sort(compareSymbols)).toEqual(byCollator);
  });

  it("is zero only for the same symbol", () => {
    expect(compareSymbols("OUSG", "OUSG")).toBe(0);
    expect(compareSymbols("ousg", "OUSG")).not.toBe(0);
  });
});
