import { utcDay } from "@/lib/iso-day";

// How old a figure may be before the site says so. The footer promises "Updated monthly"; a figure
// more than 45 days old has missed at least one update, and readers must see that in text.

export const STALE_AFTER_DAYS = 45;

/** Whole days from an ISO calendar day (YYYY-MM-DD, read in UTC) to today's UTC day; null if malformed. */
export function ageInDays(isoDay: string, today: Date): number | null {
  const day = utcDay(isoDay);
  // Whole days elapsed since that day's UTC midnight = the number of UTC dates in between.
  return day === null ? null : Math.floor((today.getTime() - day.getTime()) / 864e5);
}

/** True when the figure dated isoDay is more than STALE_AFTER_DAYS old on today. A malformed day is not called stale. */
export function isStale(isoDay: string, today: Date): boolean {
  return (ageInDays(isoDay, today) ?? 0) > STALE_AFTER_DAYS;
}
