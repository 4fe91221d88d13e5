// RFC 4180 CSV through csv-parse (docs/decisions/003-libraries-for-infrastructure.md). What stays
// here is our contract: the physical line each record starts on (data:check reports
// `line N, column: …`), our three syntax messages, and blank lines skipped.
import { CsvError, parse } from "csv-parse/sync";

export type CsvRecord = { cells: string[]; line: number };

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

const MESSAGES: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: "unterminated quoted field",
  CSV_INVALID_CLOSING_QUOTE: "unexpected character after a closing quote",
  INVALID_OPENING_QUOTE: "quote inside an unquoted field",
};

/** Parses CSV text. Tolerates a UTF-8 BOM and CRLF (or CR) line ends; blank lines are skipped. */
export function parseCsv(input: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let start = 1; // the line the next record starts on
  try {
    // Every line end becomes LF first: cell values never depend on the editor that saved the file,
    // and csv-parse counts a CRLF inside a quoted field as two lines.
    parse(input.replace(/\r\n?/g, "\n"), {
      bom: true,
      record_delimiter: "\n",
      relax_column_count: true, // data:check reports ragged rows itself, with the expected header
      skip_empty_lines: false, // a blank line is a record of one empty cell, so every line is counted
      on_record: (cells: string[], { lines }) => {
        if (cells.length > 1 || cells[0] !== "") records.push({ cells, line: start });
        start = lines + 1;
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // An open quote runs to the end of the file: the record's first line is the one to look at.
    const line = error.code === "CSV_QUOTE_NOT_CLOSED" ? start : Number(error.lines);
    throw new CsvSyntaxError(MESSAGES[error.code] ?? error.message, line);
  }
  return records;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) || cell !== cell.trim() ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Serializes rows with LF line ends and a final newline, quoting only where needed. */
export function serializeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quote).join(",")).join("\n") + "\n";
}

/** Byte (code-point) order, the sort key of the seed and the diff, so it never depends on a locale. */
export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
