import { describe, expect, it } from "vitest";
import { computedFactors, launchDay, type ComputedInput } from "./computed-factors";

const input: ComputedInput = {
  defillamaSlug: "fund",
  audits: 2,
  listedAt: null,
  tvlUsd: 3.6e9,
  tvlAsOf: "2026-09-05",
  history: [],
};
const track = (extra: Partial<ComputedInput>) =>
  computedFactors({ ...input, ...extra }).find((r) => r.factor === "track_record");

describe("computedFactors", () => {
  it("counts the track record's age from the researched launch date, and says where it is stated", () => {
    expect(track({ launch: { date: "2024-03", sourceUrl: "https://www.gov.frax.finance/t/fip-418" } })).toEqual({
      factor: "track_record",
      level: "Medium",
      finding: "TVL $3.6B on 2026-09-05, launched 2024-03 per gov.frax.finance (2 years).",
      sourceUrl: "https://defillama.com/protocol/fund",
      day: "2026-09-05",
    });
  });

  it("prefers the launch date to DefiLlama's listing date, and falls back on the listing date", () => {
    const launch = { date: "2020-01-23", sourceUrl: "https://example.org/launch" };
    expect(track({ launch, listedAt: "2025-01-01" })?.level).toBe("Low");
    expect(track({ listedAt: "2025-01-01" })?.finding).toBe(
      "TVL $3.6B on 2026-09-05, listed by DefiLlama since 2025-01-01 (1 year).",
    );
  });

  it("leaves the track record out without either date, and the contract out without an audit record", () => {
    expect(computedFactors({ ...input, audits: 0 }).map((r) => r.factor)).toEqual([]);
    expect(computedFactors({ ...input, defillamaSlug: null, listedAt: "2020-01-01" })).toEqual([]);
  });
});

describe("launchDay", () => {
  it("counts a month from its last day, so a protocol never looks older than it is", () => {
    expect(launchDay("2024-02")).toBe("2024-02-29");
    expect(launchDay("2023-11")).toBe("2023-11-30");
    expect(launchDay("2023-12")).toBe("2023-12-31");
    expect(launchDay("2024-03-20")).toBe("2024-03-20");
  });
});
