const AS_OF_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** '2025-10-31' -> 'Oct 31, 2025'. The date is a calendar day, so it is read in UTC (no shift). */
export function formatAsOf(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : AS_OF_FORMAT.format(date);
}
