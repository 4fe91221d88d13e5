// A calendar day as the data writes it: YYYY-MM-DD, UTC. Shared by the refresh (its run's date),
// the rating rule (a launch date) and the site (src/lib/iso-day.ts), so all three read a day alike.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a day the calendar has, written YYYY-MM-DD ('2025-02-30' and '2025-9-5' are not). */
export function isIsoDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Two YYYY-MM-DD days in calendar order, for sort(): as strings, which for this shape is the
 * calendar's order (a collator would also load a browser's collation data: docs/decisions/025).
 */
export function compareIsoDays(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
