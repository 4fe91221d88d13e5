// The yield history of one protocol (protocol_yield_history: one range per day, written
// by the daily refresh from DefiLlama's pools, or a curated figure), its request and its formats.
// The chart's rules (ranges, gaps, large moves) are the shared ones in lib/history-rules.ts, over
// the range's upper end: the figure the directory sorts yields by.
import { daysBetween, describeHistory, MIN_CHART_POINTS, type DayPoint, type RangeView } from "@/lib/history-rules";
import { compareIsoDays, utcDay } from "@/lib/iso-day";
import { protocolQueryOptions } from "@/lib/protocol-query";
import { formatAsOf } from "@/lib/tvl-provenance";
import { formatEnUs } from "@/lib/en-us-number";

/** One day's yield range in percent: `value` is its upper end, `min` its lower end. */
export type YieldPoint = DayPoint & { min: number; source: string | null };

function apy(value: unknown): number | null {
  // PostgREST serves `numeric` as a JSON number; a string is accepted too (proxies).
  const rate =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  // The database's bounds (protocol_yield_history_apy_check).
  return Number.isFinite(rate) && rate >= 0 && rate < 1000 ? rate : null;
}

/**
 * Validates the served rows: a row without a valid day or range (or with its ends swapped) is
 * dropped, never plotted; the result is in day order, one point per day (the last row wins).
 */
export function parseYieldHistoryRows(rows: unknown): YieldPoint[] {
  if (!Array.isArray(rows)) return [];
  const byDay = new Map<string, YieldPoint>();
  for (const row of rows) {
    if (typeof row !== "object" || row === null) continue;
    const { day, apy_min: rawMin, apy_max: rawMax, source } = row as Record<string, unknown>;
    const min = apy(rawMin);
    const max = apy(rawMax);
    if (typeof day !== "string" || utcDay(day) === null || min === null || max === null || min > max) continue;
    byDay.set(day, {
      day,
      value: max,
      min,
      source: typeof source === "string" && source.trim() !== "" ? source.trim() : null,
    });
  }
  return [...byDay.values()].sort((a, b) => compareIsoDays(a.day, b.day));
}

/** Requested by the protocol page only (never on `/`). */
export function protocolYieldHistoryQueryOptions(protocolId: string) {
  return protocolQueryOptions(
    {
      key: "protocol-yield-history",
      table: "protocol_yield_history",
      select: "day,apy_min,apy_max,source",
      order: "day.asc",
      parse: parseYieldHistoryRows,
      fallback: "Failed to load the yield history",
    },
    protocolId,
  );
}

const rate2 = (rate: number) => formatEnUs(rate, { maximumFractionDigits: 2 });

/** 4.1 -> '4.1%'; 3.254 -> '3.25%' (the axis). */
export function formatRate(rate: number): string {
  return `${rate2(rate)}%`;
}

/** 3.25..3.59 -> '3.25-3.59%', as the directory writes a range; one figure when both ends agree. */
export function formatYieldRange(point: Pick<YieldPoint, "min" | "value">): string {
  const low = rate2(point.min);
  const high = rate2(point.value);
  return low === high ? `${high}%` : `${low}-${high}%`;
}

/**
 * What a screen reader hears instead of the band: 'Yield went from 3.61-3.95% on Aug 12, 2026 to
 * 3.25-3.59% on Sep 5, 2026, over 24 days and 8 data points.', then where data is missing and the
 * moves of more than 50% (of the upper end), as the TVL's summary says them.
 */
export function yieldHistorySummary(view: RangeView<YieldPoint> | null): string {
  const first = view?.points[0];
  const last = view?.points.at(-1);
  if (!view || !first || !last || view.points.length < MIN_CHART_POINTS) return "No yield history recorded yet";
  const days = daysBetween(first.day, last.day);
  const opening =
    `Yield went from ${formatYieldRange(first)} on ${formatAsOf(first.day)} to ${formatYieldRange(last)} on ` +
    `${formatAsOf(last.day)}, over ${days} ${days === 1 ? "day" : "days"} and ${view.points.length} data points.`;
  // The rules' own sentences on gaps and moves, after their first (which speaks of one figure).
  const full = describeHistory(view, { label: "Yield", formatValue: formatRate });
  const rest = full.slice(full.indexOf(" data points.") + " data points.".length).trim();
  return rest === "" ? opening : `${opening} ${rest}`;
}
