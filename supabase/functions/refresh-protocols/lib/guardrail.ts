// The guardrail: when a new figure is held for a person to look at instead of written (a first
// figure, a move of more than 50% for a TVL or 3 points for a yield, against the published figure
// or the 7-day median). Runtime-neutral: no I/O.
import { formatTvl } from "./defillama.ts";
import type { CurrentRow } from "./types.ts";
import { YIELD_HOLD_POINTS } from "./yields.ts";

/** A figure more than this far above or below the published one (or the 7-day median) is held for review. */
export const HOLD_THRESHOLD = 0.5;

/** The figure a change is measured against: tvl_usd, else the display text. */
export function publishedUsd(row: Pick<CurrentRow, "tvl" | "tvl_usd">): number | null {
  if (typeof row.tvl_usd === "number" && Number.isFinite(row.tvl_usd)) return row.tvl_usd;
  const match = /^\$([0-9]+(?:\.[0-9]+)?)([MB])$/.exec(row.tvl);
  return match ? Number(match[1]) * (match[2] === "B" ? 1e9 : 1e6) : null;
}

/** True when next is more than 50% above or below reference (a jump from 0 always is). */
export function isLargeJump(reference: number, next: number): boolean {
  if (reference === 0) return next > 0;
  return Math.abs(next - reference) / reference > HOLD_THRESHOLD;
}

/** The move as ' (+12.3%)', or '' when there is nothing to measure it against. */
export function percent(before: number | null, after: number): string {
  if (before === null || before === 0) return "";
  const change = ((after - before) / before) * 100;
  return ` (${change >= 0 ? "+" : ""}${change.toFixed(1)}%)`;
}

/**
 * Why a new TVL figure is held, or null when it is not: the first figure of a row that has none
 * published, a move of more than 50% against the published figure ('': the report's percentage
 * says it), or against the 7-day median, so a rise of +50% a day cannot compound unnoticed.
 */
export function tvlHoldReason(published: number | null, baseline: number | null, next: number): string | null {
  if (published === null) return "first published figure";
  if (isLargeJump(published, next)) return "";
  if (baseline !== null && isLargeJump(baseline, next))
    return `${percent(baseline, next).trim().slice(1, -1)} against the 7-day median ${formatTvl(baseline)}`;
  return null;
}

/** Why a new yield range is held, or null: a first figure, or either end moving more than 3 points. */
export function yieldHoldReason(
  published: { min: number; max: number } | null,
  baseline: { min: number; max: number } | null,
  next: { min: number; max: number },
): string | null {
  const moved = (a: { min: number; max: number }) =>
    Math.abs(next.min - a.min) > YIELD_HOLD_POINTS || Math.abs(next.max - a.max) > YIELD_HOLD_POINTS;
  if (published === null) return "first DefiLlama yield";
  if (moved(published)) return `moved more than ${YIELD_HOLD_POINTS} points`;
  if (baseline !== null && moved(baseline))
    return `moved more than ${YIELD_HOLD_POINTS} points against the 7-day median ${baseline.min.toFixed(2)}-${baseline.max.toFixed(2)}%`;
  return null;
}
