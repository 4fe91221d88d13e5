import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv, serializeCsv } from "./csv.ts";

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

/** The error parseCsv throws for text, as "line N: message". */
function syntaxError(text: string): string {
  try {
    parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return `line ${error.line}: ${error.message}`;
    throw error;
  }
  throw new Error("parsed without an error");
}

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and embedded newlines", () => {
    expect(cells('a,"b, c","say ""hi""","two\nlines"\n')).toEqual([["a", "b, c", 'say "hi"', "two\nlines"]]);
  });

  it("tolerates a BOM and CRLF line ends, and skips blank lines", () => {
    expect(cells("\uFEFFa,b\r\n\r\nc,d\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(cells("a,b\rc,d")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("keeps a CRLF inside a quoted field as LF, so values do not depend on the editor", () => {
    expect(cells('a,"x\r\ny"\r\n')).toEqual([["a", "x\ny"]]);
  });

  it("keeps empty cells, including a trailing one, and ragged rows as they are", () => {
    expect(cells("a,,\n")).toEqual([["a", "", ""]]);
    expect(cells("a,b,c\nd\ne,f,g,h\n")).toEqual([["a", "b", "c"], ["d"], ["e", "f", "g", "h"]]);
  });

  it("reports the physical line each record starts on", () => {
    const records = parseCsv('h1,h2\n"x\ny",1\n\nz,2\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it("counts lines the same with a BOM and with CRLF, multi-line fields included", () => {
    const records = parseCsv('\uFEFFh1,h2\r\n"x\r\ny\r\nz",1\r\n\r\n\r\nw,2\r\nlast,3');
    expect(records.map((r) => r.line)).toEqual([1, 2, 7, 8]);
  });

  it("rejects bad quoting with our message and the line to look at", () => {
    expect(syntaxError('a,b\n"open,1\n')).toBe("line 2: unterminated quoted field");
    // An unterminated quote swallows the rest of the file: the line is where the record starts.
    expect(syntaxError('a,b\n\n"open,1\nc,d\r\ne,f\n')).toBe("line 3: unterminated quoted field");
    expect(syntaxError('a,b\nx"y,1\n')).toBe("line 2: quote inside an unquoted field");
    expect(syntaxError('a,b\r\nc, "d"\r\n')).toBe("line 2: quote inside an unquoted field");
    expect(syntaxError('a\n"b"c\n')).toBe("line 2: unexpected character after a closing quote");
    // After a multi-line field, the line of the closing quote.
    expect(syntaxError('a\n"b\r\n\r\nc" d\n')).toBe("line 4: unexpected character after a closing quote");
  });
});

describe("serializeCsv", () => {
  it("quotes only cells with a comma, quote, line end or outer white space", () => {
    expect(serializeCsv([["a", "b c", " lead", "trail ", "x\ny", 'q"', "c,d", "", "é"]])).toBe(
      'a,b c," lead","trail ","x\ny","q""","c,d",,é\n',
    );
  });

  it("round-trips any table of cells", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "Z", " ", ",", '"', "\n", ";", "é", "$") });
    const table = fc
      .integer({ min: 1, max: 4 })
      .chain((width) =>
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 5 }),
      );
    fc.assert(
      fc.property(table, (rows) => {
        // A record made of one empty cell is a blank line, which the parser skips by design.
        const meaningful = rows.filter((r) => !(r.length === 1 && r[0] === ""));
        expect(cells(serializeCsv(meaningful))).toEqual(meaningful);
      }),
      { numRuns: 200 },
    );
  });
});
