import { describe, expect, it } from "vitest";
import {
  chartSeries,
  daysBetween,
  describeHistory,
  describeMissing,
  findJumps,
  findMissing,
  HISTORY_RANGES,
  latestStretchStart,
  monthsBefore,
  offeredRanges,
  percentChange,
  rangeView,
  type DayPoint,
} from "./history-rules";

const points = (...entries: [string, number][]): DayPoint[] => entries.map(([day, value]) => ({ day, value }));
const format = { label: "Yield", formatValue: (value: number) => `${value}%` };

describe("ranges, measured back from the newest point", () => {
  const history = points(["2023-01-15", 1], ["2024-11-30", 1], ["2025-05-31", 1], ["2025-08-31", 1], ["2025-11-30", 1]);

  it("counts back calendar months, clamping to the month's end", () => {
    expect(monthsBefore("2025-11-30", 3)).toBe("2025-08-30");
    expect(monthsBefore("2025-05-31", 3)).toBe("2025-02-28");
    expect(monthsBefore("2024-02-29", 12)).toBe("2023-02-28");
  });

  it("spans each range's whole window and keeps the points inside it", () => {
    const threeMonths = rangeView(history, "3M")!;
    expect([threeMonths.from, threeMonths.to]).toEqual(["2025-08-30", "2025-11-30"]);
    expect(threeMonths.points.map((p) => p.day)).toEqual(["2025-08-31", "2025-11-30"]);
    expect(rangeView(history, "1Y")!.points.map((p) => p.day)).toEqual([
      "2024-11-30",
      "2025-05-31",
      "2025-08-31",
      "2025-11-30",
    ]);
    const all = rangeView(history, "All")!;
    expect([all.from, all.to, all.points.length]).toEqual(["2023-01-15", "2025-11-30", 5]);
    expect(rangeView([], "3M")).toBeNull();
  });

  it("disables a range with fewer than two points and says why", () => {
    const sparse = points(["2024-01-10", 1], ["2025-06-01", 2], ["2025-11-30", 3]);
    expect(rangeView(sparse, "3M")!.disabledReason).toBe("Only 1 data point in the last 3 months");
    expect(rangeView(sparse, "1Y")!.disabledReason).toBeNull();
    expect(rangeView(sparse, "All")!.disabledReason).toBeNull();
  });

  it("draws different pictures for a short history: the longer windows start earlier, with no data", () => {
    const recent = points(["2025-11-13", 1], ["2025-11-20", 1], ["2025-11-27", 1], ["2025-12-04", 1]);
    const views = (["3M", "1Y", "All"] as const).map((range) => rangeView(recent, range)!);
    expect(views.map((view) => view.from)).toEqual(["2025-09-04", "2024-12-04", "2025-11-13"]);
    expect(views.map((view) => view.missing.map(describeMissing))).toEqual([
      ["No data before Nov 13, 2025"],
      ["No data before Nov 13, 2025"],
      [],
    ]);
  });
});

describe("'Latest': the newest stretch without a gap, where a history with a gap opens", () => {
  // DefiLlama's December 2025 lists, then eight months without data, then the 2026 snapshots.
  const gappy = points(
    ["2025-12-08", 1],
    ["2025-12-12", 1],
    ["2025-12-19", 1],
    ["2026-08-12", 2],
    ["2026-08-16", 2],
    ["2026-08-20", 2],
    ["2026-08-24", 2],
    ["2026-08-31", 2],
    ["2026-09-05", 2],
  );
  const views = (series: DayPoint[]) => new Map(HISTORY_RANGES.map((range) => [range, rangeView(series, range)]));

  it("starts after the last gap of more than a week, and has no 'No data' stretch", () => {
    expect(latestStretchStart(gappy)).toBe("2026-08-12");
    const latest = rangeView(gappy, "Latest")!;
    expect([latest.from, latest.to, latest.points.length, latest.missing]).toEqual(["2026-08-12", "2026-09-05", 6, []]);
    // All still shows the whole history, its gap named.
    expect(rangeView(gappy, "All")!.missing.map(describeMissing)).toEqual([
      "No data from Dec 20, 2025 to Aug 11, 2026 (235 days)",
    ]);
  });

  it("is offered, and opened on, only when it differs from All and holds a line", () => {
    expect(offeredRanges(views(gappy))).toEqual({ ranges: ["Latest", "3M", "1Y", "All"], preferred: "Latest" });
    // No gap: the same as All.
    const steady = points(["2026-08-12", 1], ["2026-08-16", 1], ["2026-08-20", 1]);
    expect(latestStretchStart(steady)).toBe("2026-08-12");
    expect(offeredRanges(views(steady))).toEqual({ ranges: ["3M", "1Y", "All"], preferred: "All" });
    // A single point after the gap draws no line.
    const lone = points(["2025-12-08", 1], ["2025-12-12", 1], ["2026-08-12", 2]);
    expect(offeredRanges(views(lone))).toEqual({ ranges: ["3M", "1Y", "All"], preferred: "All" });
  });
});

describe("where data is missing", () => {
  it("is a gap of more than 7 days between points; 7 days apart is weekly data, not a gap", () => {
    expect(daysBetween("2025-11-01", "2025-11-24")).toBe(23);
    const weekly = points(["2025-11-01", 1], ["2025-11-08", 1], ["2025-11-15", 1]);
    expect(findMissing(weekly)).toEqual([]);
    const gap = findMissing(points(["2025-11-01", 1], ["2025-11-09", 1], ["2025-11-10", 1], ["2025-12-01", 1]));
    expect(gap.map(describeMissing)).toEqual([
      "No data from Nov 2, 2025 to Nov 8, 2025 (7 days)",
      "No data from Nov 11, 2025 to Nov 30, 2025 (20 days)",
    ]);
    expect(gap[0]).toMatchObject({ after: "2025-11-01", before: "2025-11-09", days: 7 });
  });

  it("breaks the chart's line one day after the point before each gap", () => {
    const view = rangeView(points(["2025-11-01", 5], ["2025-11-20", 6], ["2025-11-21", 7]), "All")!;
    const series = chartSeries(view);
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
    expect(series.xs).toEqual([day("2025-11-01"), day("2025-11-02"), day("2025-11-20"), day("2025-11-21")]);
    expect(series.ys).toEqual([5, null, 6, 7]);
    expect(series.pointAt.map((p) => p?.day ?? null)).toEqual(["2025-11-01", null, "2025-11-20", "2025-11-21"]);
    // The first point has no neighbour to draw a line to: it is drawn as a dot.
    expect(series.isolated).toEqual([0]);
  });
});

describe("moves of more than 50%", () => {
  it("marks each, up or down, with its figure; 50% exactly is not more than 50%", () => {
    const jumps = findJumps(
      points(
        ["2025-12-01", 100],
        ["2025-12-02", 150],
        ["2025-12-03", 320],
        ["2025-12-04", 100],
        ["2025-12-05", 0],
        ["2025-12-06", 4],
      ),
    );
    expect(jumps.map((jump) => [jump.to.day, jump.label])).toEqual([
      ["2025-12-03", "+113.3%"],
      ["2025-12-04", "-68.7%"],
      ["2025-12-05", "-100.0%"],
      ["2025-12-06", "from 0"],
    ]);
  });

  it("formats changes with a sign and grouping", () => {
    expect(percentChange(100, 96)).toBe("-4.0%");
    expect(percentChange(100, 100.01)).toBe("0.0%");
    expect(percentChange(25_160, 7_760_000)).toBe("+30,742.6%");
    expect(percentChange(0, 5)).toBeNull();
  });
});

describe("the spoken summary", () => {
  it("says where data is missing and names the large moves", () => {
    const view = rangeView(
      points(["2025-09-01", 4], ["2025-09-02", 4.1], ["2025-10-15", 8], ["2025-10-16", 8.2]),
      "3M",
    )!;
    expect(describeHistory(view, format)).toBe(
      "Yield went from 4% on Sep 1, 2025 to 8.2% on Oct 16, 2025 (+105.0%), over 45 days and 4 data points. " +
        "No data before Sep 1, 2025. No data from Sep 3, 2025 to Oct 14, 2025 (42 days). " +
        "A move of more than 50% between two points: +95.1% on Oct 15, 2025.",
    );
  });

  it("counts instead of listing when there are many", () => {
    const zigzag = points(
      ...Array.from({ length: 10 }, (_, i): [string, number] => [
        `2025-0${Math.floor(i / 2) + 1}-${i % 2 ? 20 : "01"}`,
        i % 2 ? 10 : 1,
      ]),
    );
    const text = describeHistory(rangeView(zigzag, "All"), format);
    expect(text).toContain("Data is missing in 9 stretches of more than 7 days; 'Show data' lists them.");
    expect(text).toContain("9 moves of more than 50% between two points; 'Show data' lists them.");
  });

  it("says there is no history with fewer than two points", () => {
    expect(describeHistory(rangeView(points(["2025-01-01", 1]), "All"), format)).toBe("No history recorded yet");
    expect(describeHistory(null, format)).toBe("No history recorded yet");
  });
});
