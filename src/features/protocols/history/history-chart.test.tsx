// The history chart as uPlot draws it: jsdom has no canvas, so the canvas's 2D context and Path2D
// record what uPlot draws (the line's points, the dots, the axis figures) for the test to read.
import { render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rangeView, type DayPoint, type HistoryRange } from "@/lib/history-rules";
import { formatUsdCompact } from "./history";
import { HistoryChart } from "./history-chart";

type Call = { name: string; args: unknown[] };

/** A Path2D that records every call made on it. */
class RecordingPath {
  calls: Call[] = [];
  constructor() {
    return new Proxy(this, {
      get: (target, key) =>
        key === "calls" ? target.calls : (...args: unknown[]) => target.calls.push({ name: String(key), args }),
    });
  }
}

let drawn: Call[] = [];

beforeEach(() => {
  drawn = [];
  vi.stubGlobal("Path2D", RecordingPath);
  const state: Record<string, unknown> = {};
  const context = new Proxy(state, {
    get: (target, key) => {
      if (key in target) return target[key as string];
      if (key === "measureText") return (text: string) => ({ width: text.length * 6 });
      return (...args: unknown[]) => drawn.push({ name: String(key), args });
    },
    set: (target, key, value) => {
      target[key as string] = value;
      return true;
    },
  });
  // Restored after each test by tests/setup.ts (vi.restoreAllMocks).
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const daily = (values: number[]): DayPoint[] =>
  values.map((value, i) => ({ day: `2025-10-${String(i + 1).padStart(2, "0")}`, value }));

/** The paths uPlot stroked or filled, as their calls. */
const paths = () =>
  drawn.flatMap((call) => (call.args[0] instanceof RecordingPath ? [(call.args[0] as RecordingPath).calls] : []));
const numbersOf = (calls: Call[]) => calls.flatMap((call) => call.args.filter((arg) => typeof arg === "number"));
/** The line: the points of the path with the most lineTo calls. */
const linePoints = () =>
  paths()
    .map((calls) => calls.filter((call) => call.name === "lineTo").map((call) => call.args as [number, number]))
    .sort((a, b) => b.length - a.length)[0] ?? [];
/** Each axis figure drawn, with its y. */
const axisFigures = () =>
  drawn.filter((call) => call.name === "fillText").map((call) => ({ text: String(call.args[0]), y: call.args[2] }));

function draw(values: number[], range: HistoryRange = "All") {
  const points = daily(values);
  const view = rangeView(points, range)!;
  render(<HistoryChart view={view} formatValue={formatUsdCompact} testId="tvl-chart" />);
}

describe("HistoryChart", () => {
  it("draws a flat series as a flat line in the middle of the plot, its value on the axis", async () => {
    draw([5_000_000, 5_000_000, 5_000_000]);
    await waitFor(() => expect(linePoints().length).toBeGreaterThanOrEqual(3));
    for (const calls of paths()) expect(numbersOf(calls).every(Number.isFinite)).toBe(true);
    const ys = new Set(linePoints().map(([, y]) => y));
    expect(ys.size).toBe(1);
    const [lineY] = [...ys] as [number];
    const figures = axisFigures().filter((figure) => figure.text.startsWith("$"));
    // The value's own figure is level with the line, halfway between the lowest and highest figure.
    expect(figures.find((figure) => figure.text === "$5M")?.y).toBe(lineY);
    const figureYs = figures.map((figure) => figure.y as number);
    // (within a pixel: uPlot rounds each figure's position)
    expect(Math.abs((Math.min(...figureYs) + Math.max(...figureYs)) / 2 - lineY)).toBeLessThanOrEqual(1);
  });

  it("draws a flat zero with finite coordinates and $0 on the axis at the line", async () => {
    draw([0, 0, 0, 0]);
    await waitFor(() => expect(linePoints().length).toBeGreaterThanOrEqual(4));
    for (const calls of paths()) expect(numbersOf(calls).every(Number.isFinite)).toBe(true);
    const [lineY] = [...new Set(linePoints().map(([, y]) => y))] as [number];
    expect(axisFigures().find((figure) => figure.text === "$0")?.y).toBe(lineY);
    // Nothing below zero is written on the axis.
    expect(axisFigures().some((figure) => figure.text.startsWith("-") || figure.text.includes("$-"))).toBe(false);
  });

  it("draws a single point as a dot, its value on the axis", async () => {
    draw([7_500_000]);
    const dots = () => paths().flatMap((calls) => calls.filter((call) => call.name === "arc"));
    await waitFor(() => expect(dots().length).toBeGreaterThan(0));
    for (const calls of paths()) expect(numbersOf(calls).every(Number.isFinite)).toBe(true);
    expect(axisFigures().map((figure) => figure.text)).toContain("$7.5M");
  });

  it("still draws a moving series between its lowest and highest value", async () => {
    draw([5_000_000, 6_000_000, 5_500_000]);
    await waitFor(() => expect(linePoints()).toHaveLength(3));
    const [first, second, third] = linePoints().map(([, y]) => y) as [number, number, number];
    // Canvas y grows downwards: $6M is drawn highest, $5.5M between.
    expect(second).toBeLessThan(third);
    expect(third).toBeLessThan(first);
  });
});
