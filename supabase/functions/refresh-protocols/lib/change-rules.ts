// When a figure's move goes into the public change log (public.protocol_changes), one rule for the
// daily refresh (written in the same transaction as the figures) and for data:build, which replays
// the committed history (data/tvl-history.csv, data/yield-history.csv) into the seed's change log.
// Pure and runtime-neutral.
//
// - TVL, 1 day: the new figure against the last published one when that is the day before, moved
//   by at least `tvlDayPct` percent.
// - TVL, 7 days: otherwise, against the oldest point of the 7 days before (and never from before
//   the last TVL move recorded, so one drop is told once, not again on each of the next six days),
//   moved by at least `tvlWeekPct` percent.
// - Yield: either end of the range moved by at least `yieldPoints` percentage points against the
//   last published range.
import { formatYieldRange } from "./yields.ts";

export type ChangeThresholds = {
  /** Percent, e.g. 10 for a move of 10% or more in a day. */
  tvlDayPct: number;
  /** Percent over the 7 days before. */
  tvlWeekPct: number;
  /** Percentage points, either end of the yield range. */
  yieldPoints: number;
};

/** The defaults: 10% in a day, 20% over 7 days, 1 percentage point. */
export const DEFAULT_CHANGE_THRESHOLDS: ChangeThresholds = { tvlDayPct: 10, tvlWeekPct: 20, yieldPoints: 1 };

/** Reads thresholds from settings (env or CLI), each optional; a value that is not a positive number is an error. */
export function readChangeThresholds(
  get: (name: keyof typeof THRESHOLD_SETTINGS) => string | undefined,
): ChangeThresholds {
  const out = { ...DEFAULT_CHANGE_THRESHOLDS };
  for (const [name, key] of Object.entries(THRESHOLD_SETTINGS) as Array<
    [keyof typeof THRESHOLD_SETTINGS, keyof ChangeThresholds]
  >) {
    const text = get(name)?.trim() ?? "";
    if (text === "") continue;
    const value = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0))
      throw new Error(`${name} must be a positive number, e.g. ${DEFAULT_CHANGE_THRESHOLDS[key]}`);
    out[key] = value;
  }
  return out;
}

/** The settings' names (the refresh function's env, data:refresh's environment). */
export const THRESHOLD_SETTINGS = {
  CHANGE_TVL_DAY_PCT: "tvlDayPct",
  CHANGE_TVL_WEEK_PCT: "tvlWeekPct",
  CHANGE_YIELD_POINTS: "yieldPoints",
} as const;

export type TvlPoint = { day: string; usd: number };
export type TvlMove = { field: "1d" | "7d"; old_value: string; new_value: string; reason: string };
export type YieldMove = { old_value: string; new_value: string; reason: string };

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const dollars = (usd: number) => String(Math.round(usd));
const moved = (before: number, after: number) => (before > 0 ? (Math.abs(after - before) / before) * 100 : 0);

/**
 * The TVL move to record for `day`, if any. `before`: the published points of the days before
 * `day` (any order; older ones are ignored); `lastMoveDay`: the day of the last TVL change recorded
 * for the protocol, if any.
 */
export function tvlMove(
  day: string,
  usd: number,
  before: readonly TvlPoint[],
  lastMoveDay: string | null,
  t: ChangeThresholds = DEFAULT_CHANGE_THRESHOLDS,
): TvlMove | null {
  if (!(usd >= 0)) return null;
  const since = addDays(day, -7);
  const window = before
    .filter((p) => p.day < day && p.day >= since && (lastMoveDay === null || p.day >= lastMoveDay) && p.usd > 0)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const previous = window.at(-1);
  if (previous && previous.day === addDays(day, -1) && moved(previous.usd, usd) >= t.tvlDayPct) {
    return {
      field: "1d",
      old_value: dollars(previous.usd),
      new_value: dollars(usd),
      reason: `A move of ${t.tvlDayPct}% or more in a day.`,
    };
  }
  const oldest = window[0];
  if (oldest && moved(oldest.usd, usd) >= t.tvlWeekPct) {
    return {
      field: "7d",
      old_value: dollars(oldest.usd),
      new_value: dollars(usd),
      reason: `A move of ${t.tvlWeekPct}% or more over 7 days.`,
    };
  }
  return null;
}

export type YieldRange = { min: number; max: number };

/** The yield move to record, if either end moved by at least the threshold (in percentage points). */
export function yieldMove(
  before: YieldRange | null,
  after: YieldRange,
  t: ChangeThresholds = DEFAULT_CHANGE_THRESHOLDS,
): YieldMove | null {
  if (before === null) return null;
  // Rounded to the hundredth, so 4.20 -> 5.20 is a point, not 0.9999999.
  const points = Math.max(Math.abs(after.min - before.min), Math.abs(after.max - before.max));
  if (Math.round(points * 100) / 100 < t.yieldPoints) return null;
  return {
    old_value: formatYieldRange(before.min, before.max),
    new_value: formatYieldRange(after.min, after.max),
    reason: `A move of ${t.yieldPoints} percentage point${t.yieldPoints === 1 ? "" : "s"} or more.`,
  };
}

export type ReplayedChange = {
  name: string;
  day: string;
  kind: "tvl" | "yield";
  field: "1d" | "7d" | null;
  old_value: string;
  new_value: string;
  reason: string;
};

/**
 * Replays saved histories in day order, as the daily refresh would have seen them, and returns the
 * changes it would have recorded: the seed's change log (data:build) and the /changes page's
 * prerendered frame are this real history, not examples.
 */
export function replayChanges(
  tvl: ReadonlyArray<{ name: string; day: string; tvl_usd: number }>,
  yields: ReadonlyArray<{ name: string; day: string; apy_min: number; apy_max: number }>,
  t: ChangeThresholds = DEFAULT_CHANGE_THRESHOLDS,
): ReplayedChange[] {
  const out: ReplayedChange[] = [];
  const byName = <T extends { name: string; day: string }>(rows: readonly T[]) => {
    const groups = new Map<string, T[]>();
    for (const row of rows) groups.set(row.name, [...(groups.get(row.name) ?? []), row]);
    for (const list of groups.values()) list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    return groups;
  };
  for (const [name, points] of byName(tvl)) {
    let lastMoveDay: string | null = null;
    points.forEach((point, i) => {
      const before = points.slice(0, i).map((p) => ({ day: p.day, usd: p.tvl_usd }));
      const move = tvlMove(point.day, point.tvl_usd, before, lastMoveDay, t);
      if (!move) return;
      lastMoveDay = point.day;
      out.push({ name, day: point.day, kind: "tvl", ...move });
    });
  }
  for (const [name, points] of byName(yields)) {
    points.forEach((point, i) => {
      const previous = points[i - 1];
      const move = yieldMove(
        previous ? { min: previous.apy_min, max: previous.apy_max } : null,
        {
          min: point.apy_min,
          max: point.apy_max,
        },
        t,
      );
      if (move) out.push({ name, day: point.day, kind: "yield", field: null, ...move });
    });
  }
  return out;
}
