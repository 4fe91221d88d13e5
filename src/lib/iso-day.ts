import { isIsoDay } from "../../supabase/functions/_shared/iso-day.ts";

export { compareIsoDays } from "../../supabase/functions/_shared/iso-day.ts";

/**
 * The UTC midnight of a calendar day written YYYY-MM-DD, or null when the text is not one: another
 * shape, or a day the calendar lacks ('2025-02-30', '2025-13-01'). Dates in the data are calendar
 * days, so they are read in UTC (no shift by the visitor's time zone).
 */
export function utcDay(isoDay: string): Date | null {
  return isIsoDay(isoDay) ? new Date(`${isoDay}T00:00:00Z`) : null;
}
