import { describe, expect, it } from "vitest";
import { valueLabel, valueRange, windowRange } from "./history-scale";

const middle = ([low, high]: [number, number]) => (low + high) / 2;

describe("valueRange", () => {
  it("pads a moving series by a tenth of its span, never below zero", () => {
    expect(valueRange(100, 200)).toEqual([90, 210]);
    expect(valueRange(5, 200)).toEqual([0, 219.5]);
  });

  it("puts a flat series in the middle of a range that is not empty", () => {
    const range = valueRange(5_000_000, 5_000_000);
    expect(range).toEqual([4_500_000, 5_500_000]);
    expect(middle(range)).toBe(5_000_000);
  });

  it("puts a flat zero in the middle too, and the axis writes no figure below zero", () => {
    const range = valueRange(0, 0);
    expect(range[0]).toBeLessThan(range[1]);
    expect(middle(range)).toBe(0);
    expect(valueLabel(-0.5, String)).toBe("");
    expect(valueLabel(0, (value) => `$${value}`)).toBe("$0");
  });

  it("is 0 to 1 without values", () => {
    expect(valueRange(null, null)).toEqual([0, 1]);
    expect(valueRange(Number.NaN, 3)).toEqual([0, 1]);
  });
});

describe("windowRange", () => {
  it("keeps a window of several days and widens a single day by a day on each side", () => {
    expect(windowRange(100, 500)).toEqual([100, 500]);
    expect(windowRange(86_400 * 10, 86_400 * 10)).toEqual([86_400 * 9, 86_400 * 11]);
  });
});
