// The TVL history of one protocol (protocol_tvl_history, written by the daily refresh), its
// request, and the pure maths the chart, its summary and its data table share.
import { queryOptions } from "@tanstack/react-query";
import { utcDay } from "@/lib/iso-day";
import { readRest } from "@/lib/postgrest";
import { formatAsOf } from "@/lib/tvl-provenance";

/** One day's TVL, in US dollars. `day` is a calendar day (YYYY-MM-DD, UTC). */
export type TvlPoint = { day: string; tvlUsd: number; source: string | null };

export type HistoryRange = "3M" | "1Y" | "All";
export const HISTORY_RANGES: readonly HistoryRange[] = ["3M", "1Y", "All"];

/** Fewer points than this make no line: the page says 'No history recorded yet'. */
export const MIN_CHART_POINTS = 2;

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
      tvlUsd: amount,
      source: typeof source === "string" && source.trim() !== "" ? source.trim() : null,
    });
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

async function fetchHistory(protocolId: string, signal: AbortSignal): Promise<TvlPoint[]> {
  let rows: unknown;
  try {
    const query = new URLSearchParams({
      select: "day,tvl_usd,source",
      protocol_id: `eq.${protocolId}`,
      order: "day.asc",
    });
    rows = await readRest(`protocol_tvl_history?${query}`, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const message = error instanceof Error ? error.message.trim() : "";
    throw new Error(message !== "" ? message : "Failed to load the TVL history", { cause: error });
  }
  return parseHistoryRows(rows);
}

export function protocolHistoryQueryOptions(protocolId: string) {
  return queryOptions({
    queryKey: ["protocol-tvl-history", protocolId] as const,
    queryFn: ({ signal }) => fetchHistory(protocolId, signal),
    // Written once a day by the refresh: a visit never needs it twice.
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/** 'YYYY-MM-DD' `months` calendar months before `day` (clamped to the month's end). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The points of the range, counted back from the latest point (not from today: a paused refresh still shows its last year). */
export function pointsInRange(points: readonly TvlPoint[], range: HistoryRange): TvlPoint[] {
  const latest = points.at(-1);
  if (!latest || range === "All") return [...points];
  const from = monthsBefore(latest.day, range === "3M" ? 3 : 12);
  return points.filter((point) => point.day >= from);
}

const USD_COMPACT = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const USD_FULL = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** 2_850_000_000 -> '$2.85B'; 512_300_000 -> '$512.3M'. */
export function formatUsdCompact(amount: number): string {
  return USD_COMPACT.format(amount);
}

/** 2_850_000_000 -> '$2,850,000,000' (the data table: exact figures). */
export function formatUsdFull(amount: number): string {
  return USD_FULL.format(amount);
}

/** '+12.3%', '-4.0%', '0.0%'; null when the first value is 0 (no meaningful ratio). */
export function percentChange(first: number, last: number): string | null {
  if (first === 0) return null;
  const change = ((last - first) / first) * 100;
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return "0.0%";
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}%`;
}

/**
 * What a screen reader hears instead of the line: 'TVL went from $1.2B on Jan 1, 2025 to $2.85B on
 * Oct 31, 2025 (+137.5%), 304 days, 12 points.'
 */
export function historySummary(points: readonly TvlPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < MIN_CHART_POINTS) return "No history recorded yet";
  const change = percentChange(first.tvlUsd, last.tvlUsd);
  const days = Math.round((Date.parse(`${last.day}T00:00:00Z`) - Date.parse(`${first.day}T00:00:00Z`)) / 86_400_000);
  return (
    `TVL went from ${formatUsdCompact(first.tvlUsd)} on ${formatAsOf(first.day)} to ${formatUsdCompact(last.tvlUsd)} on ${formatAsOf(last.day)}` +
    `${change ? ` (${change})` : ""}, over ${days} ${days === 1 ? "day" : "days"} and ${points.length} data points.`
  );
}
