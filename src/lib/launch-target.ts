// When the analytics platform's launch target ('Q1 2026', VITE_LAUNCH_TARGET) is over. No text may
// promise a date that has passed: once the period the target names has ended, every place that
// shows it says 'opening soon' instead (no invented date). Pure, so the build's warning
// (vite.config.ts) and the page share it. The add-to-waitlist function keeps a copy of these rules
// (it cannot import from src/); tests/integration/launch-target.test.ts checks the two agree.

/** The spec's launch target (section 9), used when VITE_LAUNCH_TARGET is unset. */
export const DEFAULT_LAUNCH_TARGET = "Q1 2026";

/** What the pages say instead of a target that has passed. */
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

/**
 * The build's warning about the target, naming the variable, or null when the target is ahead.
 * `value` is VITE_LAUNCH_TARGET as the build sees it (unset: the default, `fallback`).
 */
export function launchTargetWarning(value: string | undefined, fallback: string, now: Date): string | null {
  const set = value !== undefined && value.trim() !== "";
  const target = set ? value.trim() : fallback;
  const shown = set ? `VITE_LAUNCH_TARGET ("${target}")` : `VITE_LAUNCH_TARGET (unset, so the default "${target}")`;
  const end = launchTargetEnd(target);
  if (end === null) {
    return `${shown} names no period the site can read (e.g. "Q3 2027", "H1 2027", "March 2027", "2027-03"): it is shown as written, even once it has passed.`;
  }
  if (now.getTime() < end.getTime()) return null;
  const last = new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10);
  return `${shown} ended on ${last}: the site says '${OPENING_SOON}' wherever it would show the date. Set VITE_LAUNCH_TARGET to the new target.`;
}
