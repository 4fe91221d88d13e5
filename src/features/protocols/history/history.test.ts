import { describe, expect, it } from "vitest";
import { rangeView } from "@/lib/history-rules";
import { formatUsdCompact, formatUsdFull, historySummary, parseHistoryRows } from "./history";

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
      { day: "2025-10-01", value: 1_000_000, source: null },
      { day: "2025-10-02", value: 3_000_000, source: "curated" },
    ]);
    expect(parseHistoryRows(null)).toEqual([]);
  });
});

describe("TVL summary and formats", () => {
  it("states first and latest value, the change and the period, in dollars", () => {
    const view = rangeView(
      [
        { day: "2025-01-01", value: 1_200_000_000, source: null },
        { day: "2025-01-06", value: 2_850_000_000, source: null },
      ],
      "All",
    );
    expect(historySummary(view)).toBe(
      "TVL went from $1.2B on Jan 1, 2025 to $2.85B on Jan 6, 2025 (+137.5%), over 5 days and 2 data points. " +
        "A move of more than 50% between two points: +137.5% on Jan 6, 2025.",
    );
    expect(historySummary(null)).toBe("No history recorded yet");
  });

  it("formats amounts", () => {
    expect(formatUsdCompact(512_300_000)).toBe("$512.3M");
    expect(formatUsdCompact(50_000_000)).toBe("$50M");
    expect(formatUsdFull(2_850_000_000)).toBe("$2,850,000,000");
  });
});
