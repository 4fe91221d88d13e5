/** One CSV cell's value; null and undefined become an empty cell. */
export type CsvValue = string | number | null | undefined;

/** Excel reads a UTF-8 file as UTF-8 (not the system code page) only when it starts with a BOM. */
export const CSV_BOM = "\uFEFF";

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180 field: neutralises formula triggers with a leading apostrophe, then quotes the field
 * when it holds a quote, comma, CR or LF (quotes doubled).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header row first; every record ends with CRLF as RFC 4180 describes. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}
