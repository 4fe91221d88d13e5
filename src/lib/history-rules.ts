// The rules every history chart follows, over plain (day, value) points: the TVL history today,
// the yield history when it arrives. Pure: the chart, its spoken summary and its 'Show data' table
// all read the same answers, so what is drawn, said and listed never disagree.
//
// - A range (3M, 1Y, All) is measured back from the newest point, not from today: a paused
//   refresh still shows its last months. 3M and 1Y span their whole window even where there is no
//   data, so the three ranges draw different pictures and the empty part reads as empty.
// - 'Latest' is the newest stretch without a gap: from the first point after the last gap to the
//   newest. A history with a gap opens on it when it holds a line (so the first view shows data,
//   not a long 'No data' band); without a gap it is the same as All and is not offered.
// - A range holding fewer than MIN_CHART_POINTS points is disabled, with the reason.
// - Consecutive points more than GAP_DAYS apart are a gap: drawn as a break, not a straight line
//   as if measured, and named in the summary and the table (as is a window's empty start).
// - A move of more than JUMP_RATIO (50%) between two consecutive points is marked, with the figure.
import { formatAsOf } from "@/lib/tvl-provenance";
import { formatEnUs } from "./en-us-number";

/** One day's figure. `day` is a calendar day (YYYY-MM-DD, UTC). */
export type DayPoint = { day: string; value: number };

export type HistoryRange = "Latest" | "3M" | "1Y" | "All";
export const HISTORY_RANGES: readonly HistoryRange[] = ["Latest", "3M", "1Y", "All"];
export const RANGE_NAMES: Record<HistoryRange, string> = {
  Latest: "latest stretch without a gap",
  "3M": "last 3 months",
  "1Y": "last year",
  All: "all recorded history",
};
const RANGE_MONTHS: Record<Exclude<HistoryRange, "All" | "Latest">, number> = { "3M": 3, "1Y": 12 };

/** Fewer points than this make no line. */
export const MIN_CHART_POINTS = 2;
/** Points further apart than this many days have a gap between them. */
export const GAP_DAYS = 7;
/** A move between two consecutive points larger than this share (50%) is marked. */
export const JUMP_RATIO = 0.5;

const DAY_MS = 86_400_000;

function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Whole days from `from` to `to` ('2025-11-01' to '2025-11-24': 23). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

function addDays(day: string, days: number): string {
  return new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' `months` calendar months before `day` (clamped to the month's end). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** '+12.3%', '-4.0%', '+2,966.9%', '0.0%'; null when the first value is 0 (no meaningful ratio). */
export function percentChange(first: number, last: number): string | null {
  if (first === 0) return null;
  const rounded = Math.round(((last - first) / first) * 1000) / 10;
  if (rounded === 0) return "0.0%";
  return `${rounded > 0 ? "+" : ""}${formatEnUs(rounded, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** A stretch of the shown window with no data: before the first point, or between two points. */
export type Missing = {
  /** The last day with data before the stretch, or null when the stretch opens the window. */
  after: string | null;
  /** The first day with data after it. */
  before: string;
  /** The first and last day of the stretch itself. */
  first: string;
  last: string;
  /** Days without data. */
  days: number;
};

/** A move of more than JUMP_RATIO between two consecutive points. */
export type Jump<P extends DayPoint = DayPoint> = {
  from: P;
  to: P;
  /** '+2,966.9%', '-62.0%', or 'from 0' when the earlier value was 0. */
  label: string;
};

export type RangeView<P extends DayPoint = DayPoint> = {
  range: HistoryRange;
  /** The window, first and last day; `to` is the newest point's day. */
  from: string;
  to: string;
  points: P[];
  /** Why the range cannot be chosen (fewer than two points in it), or null. */
  disabledReason: string | null;
  missing: Missing[];
  jumps: Jump<P>[];
};

/** Gaps of more than GAP_DAYS between consecutive points, and a window's empty start. */
export function findMissing(points: readonly DayPoint[], windowFrom?: string): Missing[] {
  const missing: Missing[] = [];
  const first = points[0];
  if (first && windowFrom !== undefined && daysBetween(windowFrom, first.day) > GAP_DAYS) {
    missing.push({
      after: null,
      before: first.day,
      first: windowFrom,
      last: addDays(first.day, -1),
      days: daysBetween(windowFrom, first.day),
    });
  }
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const apart = daysBetween(a.day, b.day);
    if (apart > GAP_DAYS) {
      missing.push({
        after: a.day,
        before: b.day,
        first: addDays(a.day, 1),
        last: addDays(b.day, -1),
        days: apart - 1,
      });
    }
  }
  return missing;
}

/** Moves of more than JUMP_RATIO between consecutive points (a gap between them included). */
export function findJumps<P extends DayPoint>(points: readonly P[]): Jump<P>[] {
  const jumps: Jump<P>[] = [];
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1]!;
    const to = points[i]!;
    if (from.value === 0) {
      if (to.value !== 0) jumps.push({ from, to, label: "from 0" });
      continue;
    }
    if (Math.abs(to.value - from.value) / from.value > JUMP_RATIO) {
      jumps.push({ from, to, label: percentChange(from.value, to.value)! });
    }
  }
  return jumps;
}

/** The first day of the newest stretch without a gap: the point after the last gap, else the first point. */
export function latestStretchStart(points: readonly DayPoint[]): string | undefined {
  let start = points.length - 1;
  while (start > 0 && daysBetween(points[start - 1]!.day, points[start]!.day) <= GAP_DAYS) start -= 1;
  return points[start]?.day;
}

/** The range's window and points, counted back from the newest point; null without points. */
export function rangeView<P extends DayPoint>(points: readonly P[], range: HistoryRange): RangeView<P> | null {
  const first = points[0];
  const latest = points.at(-1);
  if (!first || !latest) return null;
  const from =
    range === "All"
      ? first.day
      : range === "Latest"
        ? latestStretchStart(points)!
        : monthsBefore(latest.day, RANGE_MONTHS[range]);
  const inRange = points.filter((point) => point.day >= from);
  const disabledReason =
    inRange.length >= MIN_CHART_POINTS
      ? null
      : `${inRange.length === 0 ? "No data points" : "Only 1 data point"} in the ${RANGE_NAMES[range]}`;
  return {
    range,
    from,
    to: latest.day,
    points: inRange,
    disabledReason,
    missing: findMissing(inRange, range === "All" || range === "Latest" ? undefined : from),
    jumps: findJumps(inRange),
  };
}

/** 'No data before Nov 13, 2025' / 'No data from Nov 2 to Nov 23, 2025 (22 days)'. */
export function describeMissing(stretch: Missing): string {
  if (stretch.after === null) return `No data before ${formatAsOf(stretch.before)}`;
  const span =
    stretch.first === stretch.last
      ? `on ${formatAsOf(stretch.first)}`
      : `from ${formatAsOf(stretch.first)} to ${formatAsOf(stretch.last)}`;
  return `No data ${span} (${stretch.days} days)`;
}

/** At most this many stretches or moves are spelled out in the summary; the table lists them all. */
const SPELLED_OUT = 3;

function listed(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * What a screen reader hears instead of the line: 'TVL went from $1.2B on Jan 1, 2025 to $2.85B on
 * Oct 31, 2025 (+137.5%), over 303 days and 12 data points.', then where data is missing and the
 * moves of more than 50%.
 */
export function describeHistory(
  view: RangeView | null,
  { label, formatValue }: { label: string; formatValue: (value: number) => string },
): string {
  const first = view?.points[0];
  const last = view?.points.at(-1);
  if (!view || !first || !last || view.points.length < MIN_CHART_POINTS) return "No history recorded yet";
  const change = percentChange(first.value, last.value);
  const days = daysBetween(first.day, last.day);
  const sentences = [
    `${label} went from ${formatValue(first.value)} on ${formatAsOf(first.day)} to ${formatValue(last.value)} on ${formatAsOf(last.day)}` +
      `${change ? ` (${change})` : ""}, over ${days} ${days === 1 ? "day" : "days"} and ${view.points.length} data points.`,
  ];
  const { missing, jumps } = view;
  if (missing.length > 0 && missing.length <= SPELLED_OUT) {
    sentences.push(`${missing.map(describeMissing).join(". ")}.`);
  } else if (missing.length > SPELLED_OUT) {
    sentences.push(
      `Data is missing in ${missing.length} stretches of more than ${GAP_DAYS} days; 'Show data' lists them.`,
    );
  }
  if (jumps.length > 0 && jumps.length <= SPELLED_OUT) {
    const moves = jumps.map((jump) => `${jump.label} on ${formatAsOf(jump.to.day)}`);
    sentences.push(`${jumps.length === 1 ? "A move" : "Moves"} of more than 50% between two points: ${listed(moves)}.`);
  } else if (jumps.length > SPELLED_OUT) {
    sentences.push(`${jumps.length} moves of more than 50% between two points; 'Show data' lists them.`);
  }
  return sentences.join(" ");
}

/** Epoch seconds of a calendar day at 00:00 UTC (the chart's x values). */
export function epochSeconds(day: string): number {
  return dayMs(day) / 1000;
}

/**
 * The chart's data: x in epoch seconds and y with a null one day after each gap's last point, so
 * the line breaks there instead of bridging the gap. `pointAt[i]` is the point behind index i
 * (null for a break); `isolated` lists the indices of points with no neighbour to draw a line to.
 */
export function chartSeries<P extends DayPoint>(view: RangeView<P>) {
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  const pointAt: (P | null)[] = [];
  const breaks = new Set(view.missing.filter((stretch) => stretch.after !== null).map((stretch) => stretch.after));
  view.points.forEach((point, index) => {
    xs.push(epochSeconds(point.day));
    ys.push(point.value);
    pointAt.push(point);
    if (breaks.has(point.day) && index < view.points.length - 1) {
      xs.push(epochSeconds(point.day) + DAY_MS / 1000);
      ys.push(null);
      pointAt.push(null);
    }
  });
  const isolated = ys.flatMap((y, i) =>
    y !== null && (ys[i - 1] ?? null) === null && (ys[i + 1] ?? null) === null ? [i] : [],
  );
  return { xs, ys, pointAt, isolated };
}

/**
 * The ranges a history offers, and the one it opens on: 'Latest' only when it differs from All
 * (there is a gap) and holds a line, and then it is the default; otherwise All is.
 */
export function offeredRanges(views: ReadonlyMap<HistoryRange, RangeView | null>): {
  ranges: HistoryRange[];
  preferred: HistoryRange;
} {
  const latest = views.get("Latest");
  const all = views.get("All");
  const latestOffered = !!latest && !!all && latest.from !== all.from && latest.disabledReason === null;
  return {
    ranges: HISTORY_RANGES.filter((range) => range !== "Latest" || latestOffered),
    preferred: latestOffered ? "Latest" : "All",
  };
}
