import { describe, expect, it } from "vitest";
import {
  formatUsdCompact,
  historySummary,
  monthsBefore,
  parseHistoryRows,
  percentChange,
  pointsInRange,
} from "./history";

describe("parseHistoryRows", () => {
  it("keeps valid days and amounts, in day order, one point per day", () => {
    expect(
      parseHistoryRows([
        { day: "2025-10-02", tvl_usd: "2500000.5", source: "defillama" },
        { day: "2025-10-01", tvl_usd: 1_000_000, source: " " },
        { day: "2025-10-02", tvl_usd: 3_000_000, source: "curated" },
        { day: "2025-02-30", tvl_usd: 1, source: null },
        { day: "2025-10-03", tvl_usd: -1 },
        { day: "2025-10-04", tvl_usd: "NaN" },
        { day: "2025-10-05", tvl_usd: null },
        null,
        "x",
      ]),
    ).toEqual([
      { day: "2025-10-01", tvlUsd: 1_000_000, source: null },
      { day: "2025-10-02", tvlUsd: 3_000_000, source: "curated" },
    ]);
    expect(parseHistoryRows(null)).toEqual([]);
  });
});

describe("ranges", () => {
  const points = ["2023-01-15", "2024-11-30", "2025-05-31", "2025-08-31", "2025-11-30"].map((day) => ({
    day,
    tvlUsd: 1,
    source: null,
  }));

  it("counts back calendar months from the latest point, clamping to the month's end", () => {
    expect(monthsBefore("2025-11-30", 3)).toBe("2025-08-30");
    expect(monthsBefore("2025-05-31", 3)).toBe("2025-02-28");
    expect(monthsBefore("2024-02-29", 12)).toBe("2023-02-28");
    expect(pointsInRange(points, "3M").map((p) => p.day)).toEqual(["2025-08-31", "2025-11-30"]);
    expect(pointsInRange(points, "1Y").map((p) => p.day)).toEqual([
      "2024-11-30",
      "2025-05-31",
      "2025-08-31",
      "2025-11-30",
    ]);
    expect(pointsInRange(points, "All")).toHaveLength(5);
    expect(pointsInRange([], "3M")).toEqual([]);
  });
});

describe("summary", () => {
  it("states first and latest value, the change and the period", () => {
    expect(
      historySummary([
        { day: "2025-01-01", tvlUsd: 1_200_000_000, source: null },
        { day: "2025-10-31", tvlUsd: 2_850_000_000, source: null },
      ]),
    ).toBe("TVL went from $1.2B on Jan 1, 2025 to $2.85B on Oct 31, 2025 (+137.5%), over 303 days and 2 data points.");
    expect(historySummary([{ day: "2025-01-01", tvlUsd: 1, source: null }])).toBe("No history recorded yet");
  });

  it("formats changes and amounts", () => {
    expect(percentChange(100, 96)).toBe("-4.0%");
    expect(percentChange(100, 100.01)).toBe("0.0%");
    expect(percentChange(0, 5)).toBeNull();
    expect(formatUsdCompact(512_300_000)).toBe("$512.3M");
    expect(formatUsdCompact(50_000_000)).toBe("$50M");
  });
});
