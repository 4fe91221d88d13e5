// RFC 4180 CSV, written here rather than pulled in as a dependency: the format is small, and
// data:check needs the physical line on which each record starts to report problems precisely.

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

/** Parses CSV text. Tolerates a UTF-8 BOM and CRLF line ends; blank lines are skipped. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;

  while (i < text.length) {
    const startLine = line;
    const cells: string[] = [];
    let endOfRecord = false;

    while (!endOfRecord) {
      let cell = "";
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new CsvSyntaxError("unterminated quoted field", startLine);
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === "\n") line++;
          // A CRLF inside a quoted field is kept as a bare LF so cell values never depend on
          // the editor that saved the file.
          if (ch === "\r" && text[i + 1] === "\n") {
            i++;
            continue;
          }
          cell += ch;
          i++;
        }
        const next = text[i];
        if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
          throw new CsvSyntaxError("unexpected character after a closing quote", line);
        }
      } else {
        while (i < text.length && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") {
          if (text[i] === '"') throw new CsvSyntaxError("quote inside an unquoted field", line);
          cell += text[i];
          i++;
        }
      }
      cells.push(cell);

      const sep = text[i];
      if (sep === ",") {
        i++;
      } else {
        if (sep === "\r") i++;
        if (text[i] === "\n") i++;
        if (sep !== undefined) line++;
        endOfRecord = true;
      }
    }

    const blank = cells.length === 1 && cells[0] === "";
    if (!blank) records.push({ cells, line: startLine });
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
