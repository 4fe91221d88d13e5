// The TVL history of one protocol (protocol_tvl_history, written by the daily refresh), its
// request and its formats. The chart's rules (ranges, gaps, large moves, the summary) are the
// shared ones in lib/history-rules.ts.
import { describeHistory, type DayPoint, type RangeView } from "@/lib/history-rules";
import { compareIsoDays, utcDay } from "@/lib/iso-day";
import { protocolQueryOptions } from "@/lib/protocol-query";
import { formatUsdCompact } from "@/lib/en-us-number";

/** One day's TVL: `value` in US dollars, on a calendar day (YYYY-MM-DD, UTC). */
export type TvlPoint = DayPoint & { source: string | null };

function usd(value: unknown): number | null {
  // PostgREST serves `numeric` as a JSON number; a string is accepted too (large values, proxies).
  const amount =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(amount) && amount >= 0 ? amount : null;
}

/**
 * Validates the served rows: a row without a valid day or amount is dropped (never plotted as 0),
 * the result is in day order with one point per day (the last row for a day wins).
 */
export function parseHistoryRows(rows: unknown): TvlPoint[] {
  if (!Array.isArray(rows)) return [];
  const byDay = new Map<string, TvlPoint>();
  for (const row of rows) {
    if (typeof row !== "object" || row === null) continue;
    const { day, tvl_usd: tvlUsd, source } = row as Record<string, unknown>;
    const amount = usd(tvlUsd);
    if (typeof day !== "string" || utcDay(day) === null || amount === null) continue;
    byDay.set(day, {
      day,
      value: amount,
      source: typeof source === "string" && source.trim() !== "" ? source.trim() : null,
    });
  }
  return [...byDay.values()].sort((a, b) => compareIsoDays(a.day, b.day));
}

/** Requested by the protocol page only (never on `/`). */
export function protocolHistoryQueryOptions(protocolId: string) {
  return protocolQueryOptions(
    {
      key: "protocol-tvl-history",
      table: "protocol_tvl_history",
      select: "day,tvl_usd,source",
      order: "day.asc",
      parse: parseHistoryRows,
      fallback: "Failed to load the TVL history",
    },
    protocolId,
  );
}

// '$2.85B', '$512.3M' (the summary, the axis); '$2,850,000,000' (the data table: exact figures).
export { formatUsdCompact, formatUsdWhole as formatUsdFull } from "@/lib/en-us-number";

/**
 * What a screen reader hears instead of the line: 'TVL went from $1.2B on Jan 1, 2025 to $2.85B on
 * Oct 31, 2025 (+137.5%), over 303 days and 12 data points.', then where data is missing and the
 * moves of more than 50% (lib/history-rules.ts).
 */
export function historySummary(view: RangeView | null): string {
  return describeHistory(view, { label: "TVL", formatValue: formatUsdCompact });
}
