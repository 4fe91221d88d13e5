// The checks of one cell that every data file's rules share: dates, lists, lengths, URLs and
// enums, with the same patterns and bounds as the CHECK constraints in supabase/migrations.

/** Reports a problem in a column of the row being checked. */
export type Add<C extends string = string> = (column: C, message: string) => void;

export const URL_PATTERN = /^https?:\/\/[^\s]+$/;
export const LIST_SEPARATOR = ";";
export const AS_OF_MIN = "2015-01-01";
/** data:check's freshness rule: a figure older than this needs the monthly refresh. */
export const MAX_AGE_DAYS = 120;

const DAY_MS = 86_400_000;

/** Parses a YYYY-MM-DD calendar date to UTC midnight epoch ms; null when malformed or not a real date. */
export function parseIsoDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return ms;
}

/** Today's date in UTC as YYYY-MM-DD (the default clock of data:check). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A ';'-separated cell as its trimmed items (an empty cell has none). */
export function splitList(cell: string): string[] {
  return cell === "" ? [] : cell.split(LIST_SEPARATOR).map((item) => item.trim());
}

/** The cell is at most max characters long. */
export function checkLength<C extends string>(column: C, value: string, max: number, add: Add<C>) {
  const length = [...value].length;
  if (length > max) add(column, `is ${length} characters long, at most ${max} allowed`);
}

/** A list of allowed values, separated by ';', with no empty item and no repeat; returns its items. */
export function checkList<C extends string>(
  column: C,
  value: string,
  allowed: readonly string[],
  add: Add<C>,
): string[] {
  if (value.trim() === "") return [];
  const items = splitList(value);
  if (items.some((item) => item === ""))
    add(column, `has an empty item (separate values with '${LIST_SEPARATOR}', no trailing '${LIST_SEPARATOR}')`);
  for (const item of items.filter((i) => i !== "" && !allowed.includes(i))) {
    add(column, `'${item}' is not one of ${allowed.join(", ")}`);
  }
  for (const item of new Set(items.filter((item, i) => item !== "" && items.indexOf(item) !== i))) {
    add(column, `lists '${item}' more than once`);
  }
  return items;
}

/** An https URL without spaces, with a host name (an empty cell is not checked). */
export function checkUrl<C extends string>(column: C, value: string, add: Add<C>) {
  if (value === "") return;
  if (!URL_PATTERN.test(value)) {
    add(column, `'${value}' is not an http(s) URL without spaces`);
    return;
  }
  if (!value.startsWith("https://")) {
    add(column, `'${value}' must use https`);
    return;
  }
  try {
    if (!new URL(value).hostname.includes(".")) add(column, `'${value}' has no valid host name`);
  } catch {
    add(column, `'${value}' is not a valid URL`);
  }
}

/** Equal ignoring a trailing slash and the case of the host. */
export function sameUrl(a: string, b: string): boolean {
  const norm = (u: string) => u.replace(/\/+$/, "").toLowerCase();
  return norm(a) === norm(b);
}

/**
 * A real YYYY-MM-DD date, not before AS_OF_MIN nor after today and, with freshness, at most
 * MAX_AGE_DAYS old (an empty cell is not checked).
 */
export function checkAsOf<C extends string>(
  column: C,
  value: string,
  todayMs: number,
  today: string,
  freshness: boolean,
  add: Add<C>,
) {
  if (value === "") return;
  const ms = parseIsoDate(value);
  if (ms === null) {
    add(column, `'${value}' is not a real date in YYYY-MM-DD form`);
    return;
  }
  if (value < AS_OF_MIN) {
    add(column, `${value} is before ${AS_OF_MIN}`);
    return;
  }
  if (ms > todayMs) {
    add(column, `${value} is in the future (today is ${today})`);
    return;
  }
  const age = Math.round((todayMs - ms) / DAY_MS);
  if (freshness && age > MAX_AGE_DAYS) {
    add(
      column,
      `${value} is ${age} days old as of ${today} (limit ${MAX_AGE_DAYS}): refresh the figure, or review a historical snapshot with --today`,
    );
  }
}

/** One of the allowed values (an empty cell is not checked). */
export function checkEnum<C extends string>(column: C, value: string, allowed: readonly string[], add: Add<C>) {
  if (value !== "" && !allowed.includes(value)) add(column, `'${value}' is not one of ${allowed.join(", ")}`);
}
