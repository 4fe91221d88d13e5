// How old a figure may be before the site says so. The footer promises "Updated monthly"; a figure
// more than 45 days old has missed at least one update, and readers must see that in text.

export const STALE_AFTER_DAYS = 45;

const DAY_MS = 86_400_000;

/** Whole days from an ISO calendar day (YYYY-MM-DD, read in UTC) to today's UTC day; null if malformed. */
export function ageInDays(isoDay: string, today: Date): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) return null;
  const day = Date.parse(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== isoDay) return null;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((todayUtc - day) / DAY_MS);
}

/** True when the figure dated isoDay is more than STALE_AFTER_DAYS old on today. A malformed day is not called stale. */
export function isStale(isoDay: string, today: Date): boolean {
  const age = ageInDays(isoDay, today);
  return age !== null && age > STALE_AFTER_DAYS;
}
