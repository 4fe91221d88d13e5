// The history chart's scales (history-chart.tsx): the value axis padded around the drawn values,
// and the time axis's window. Neither may be empty: uPlot draws nothing on a scale whose two ends
// are equal (a flat series, or a single point), so a flat series gets a band around its value and
// a single day a window around it, and the line or dot sits in the middle. Pure.

/** The share of the values' span added above and below them. */
const PAD = 0.1;
const DAY_SECONDS = 86_400;

/**
 * The value axis from the lowest and highest drawn value: 10% of the span added on each side,
 * never below zero when the values are not (a TVL or a yield is never negative). A flat series is
 * padded by 10% of its value on each side, so its line is in the middle; a flat zero by one unit on
 * each side (the axis writes no figure below zero: valueLabel). Without values: 0 to 1.
 */
export function valueRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  const span = max - min;
  if (span > 0) return [min >= 0 ? Math.max(0, min - span * PAD) : min - span * PAD, max + span * PAD];
  const pad = Math.abs(max) * PAD || 1;
  return [max - pad, max + pad];
}

/** An axis figure: none below zero, where only a flat zero's padding reaches. */
export function valueLabel(value: number, format: (value: number) => string): string {
  return value < 0 ? "" : format(value);
}

/** The time axis's window in epoch seconds: a single day is widened by a day on each side. */
export function windowRange(from: number, to: number): [number, number] {
  return to > from ? [from, to] : [from - DAY_SECONDS, to + DAY_SECONDS];
}
