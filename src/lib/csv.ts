/** One CSV cell's value; null and undefined become an empty cell. */
export type CsvValue = string | number | null | undefined;

/** Excel reads a UTF-8 file as UTF-8 (not the system code page) only when it starts with a BOM. */
export const CSV_BOM = "\uFEFF";

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;
// Excel in locales whose list separator is ';' may split a cell there, so a trigger right after
// a ';' starts a cell of its own: `Foo;=cmd|' /c calc'!A0` would run the second half.
const FORMULA_AFTER_SEMICOLON = /;(?=[=+\-@\t\r])/g;
// eslint-disable-next-line no-control-regex -- NUL is what we drop
const NUL = /\u0000/g;

/**
 * RFC 4180 field, always quoted (quotes doubled), so no separator or line break inside a value
 * can start a new cell in any locale. NUL characters are dropped. A value that starts with a
 * formula trigger, or holds one right after a ';', gets an apostrophe before the trigger, which
 * spreadsheets read as "this is text".
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  let text = String(value).replace(NUL, "");
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEMICOLON, ";'");
  return `"${text.replace(/"/g, '""')}"`;
}

/** Header row first; every record ends with CRLF as RFC 4180 describes. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}
