// The launch target's rules for the confirmation mail: a copy of src/lib/launch-target.ts (the
// functions cannot import from src/), checked against it by tests/integration/launch-target.test.ts.
// Once the target's period is over, the mail says 'opening soon' instead of a date that has passed.

/** The spec's launch target (section 9), used when WAITLIST_LAUNCH_TARGET is unset. */
export const DEFAULT_LAUNCH_TARGET = "Q1 2026";

/** What the mail says instead of a target that has passed. */
export const OPENING_SOON = "opening soon";

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** The first instant (UTC) after the period: 'Q1 2026' -> 2026-04-01T00:00Z. */
function after(year: number, monthIndex: number, day = 1): Date {
  return new Date(Date.UTC(year, monthIndex, day));
}

/**
 * The first instant after the period a target names, or null for a text that names none we read.
 * Read: 'Q1 2026' (also 'Q1-2026', '2026 Q1'), 'H2 2026', 'March 2026' / 'Mar 2026', '2026-03',
 * '2026-03-15' and '2026'.
 */
export function launchTargetEnd(target: string): Date | null {
  const text = target.trim().replace(/\s+/g, " ");
  let match: RegExpExecArray | null;
  if ((match = /^Q([1-4])[ -]?(\d{4})$/i.exec(text))) return after(Number(match[2]), Number(match[1]) * 3);
  if ((match = /^(\d{4})[ -]?Q([1-4])$/i.exec(text))) return after(Number(match[1]), Number(match[2]) * 3);
  if ((match = /^H([12])[ -]?(\d{4})$/i.exec(text))) return after(Number(match[2]), Number(match[1]) * 6);
  if ((match = /^([A-Za-z]{3,9})\.? (\d{4})$/.exec(text))) {
    const name = match[1]!.toLowerCase();
    // A month's name or its three-letter abbreviation ('Sept' too), never a word like 'Marching'.
    const month = MONTHS.findIndex(
      (full) => name === full || name === full.slice(0, 3) || (name === "sept" && full === "september"),
    );
    return month === -1 ? null : after(Number(match[2]), month + 1);
  }
  if ((match = /^(\d{4})-(\d{2})$/.exec(text))) {
    const month = Number(match[2]);
    return month >= 1 && month <= 12 ? after(Number(match[1]), month) : null;
  }
  if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text))) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = after(year, month - 1, day);
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return after(year, month - 1, day + 1);
  }
  if ((match = /^(\d{4})$/.exec(text))) return after(Number(match[1]) + 1, 0);
  return null;
}

/** Whether the target's period has ended by `now`. A target we cannot read is shown as written. */
export function isLaunchTargetPast(target: string, now: Date): boolean {
  const end = launchTargetEnd(target);
  return end !== null && now.getTime() >= end.getTime();
}
