import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv, serializeCsv } from "./csv.ts";

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and embedded newlines", () => {
    expect(cells('a,"b, c","say ""hi""","two\nlines"\n')).toEqual([["a", "b, c", 'say "hi"', "two\nlines"]]);
  });

  it("tolerates a BOM and CRLF line ends, and skips blank lines", () => {
    expect(cells("\uFEFFa,b\r\n\r\nc,d\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("keeps empty cells, including a trailing one", () => {
    expect(cells("a,,\n")).toEqual([["a", "", ""]]);
  });

  it("reports the physical line each record starts on", () => {
    const records = parseCsv('h1,h2\n"x\ny",1\n\nz,2\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it("rejects an unterminated quote and stray quotes with their line", () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\nx"y,1\n')).toThrow(/quote inside an unquoted field/);
    try {
      parseCsv('a\n"b"c\n');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });
});

describe("serializeCsv", () => {
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
