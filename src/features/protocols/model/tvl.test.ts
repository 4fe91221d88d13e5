import { describe, expect, it } from "vitest";
import { formatTotalTvl, parseTvlMillions, totalTvl, totalTvlMillions } from "./tvl";

describe("parseTvlMillions", () => {
  it.each([
    ["$2.8B", 2800],
    ["$1.2B", 1200],
    ["$1.1B", 1100],
    ["$350M", 350],
    ["$1M", 1],
    ["$0.5M", 0.5],
    ["$4.0B", 4000],
    ["~$15M", 15],
    ["$1,200M", 1200],
    [" $ 1.5 b ", 1500],
    ["$865m", 865],
  ])("reads %j as %d million", (text, expected) => {
    expect(parseTvlMillions(text)).toBe(expected);
  });

  it.each(["N/A", "", "Unclear (~$60M?)", "$5K", "€100M", "$M", "$1.2.3B", "1.2B", "$-5M", "$1e3M", "$Infinity", "B"])(
    "rejects %j",
    (text) => {
      expect(parseTvlMillions(text)).toBeNull();
    },
  );

  it.each([null, undefined, 12, {}, []])("rejects the non-string %j", (value) => {
    expect(parseTvlMillions(value)).toBeNull();
  });

  it("never returns NaN for huge digit strings", () => {
    const value = parseTvlMillions(`$${"9".repeat(400)}B`);
    expect(value === null || Number.isFinite(value)).toBe(true);
  });
});

describe("formatTotalTvl", () => {
  it.each([
    [17512, "$17.5B"],
    [1000, "$1.0B"],
    [1200, "$1.2B"],
    [15062, "$15.1B"],
    [999.6, "$1.0B"],
    [999.4, "$999M"],
    [999, "$999M"],
    [350, "$350M"],
    [12.7, "$13M"],
    [0, "$0M"],
  ])("formats %d million as %s", (millions, expected) => {
    expect(formatTotalTvl(millions)).toBe(expected);
  });

  it("treats non-finite or negative totals as zero rather than printing NaN", () => {
    expect(formatTotalTvl(Number.NaN)).toBe("$0M");
    expect(formatTotalTvl(-5)).toBe("$0M");
    expect(formatTotalTvl(Number.POSITIVE_INFINITY)).toBe("$0M");
  });
});

describe("totalTvl", () => {
  it("adds B and M figures in millions and skips unparseable text", () => {
    const protocols = [{ tvl: "$2.8B" }, { tvl: "$350M" }, { tvl: "N/A" }, { tvl: "—" }, { tvl: "$1.1B" }];
    expect(totalTvlMillions(protocols)).toBe(4250);
    expect(totalTvl(protocols)).toBe("$4.3B");
  });

  it("shows millions below a billion and $0M for nothing", () => {
    expect(totalTvl([{ tvl: "$100M" }, { tvl: "$20M" }])).toBe("$120M");
    expect(totalTvl([])).toBe("$0M");
  });
});
