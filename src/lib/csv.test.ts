import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("quotes every field, plain text and empty ones too", () => {
    expect(csvCell("Centrifuge")).toBe('"Centrifuge"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell("")).toBe('""');
  });

  // One literal expectation per input, not a table: each line is a rule a reader can check by eye.
  it("keeps commas, quotes and line breaks inside the quotes, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Ethereum, Solana")).toBe('"Ethereum, Solana"');
    expect(csvCell('The "Prime" pool')).toBe('"The ""Prime"" pool"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1")).toBe('"\'+1"');
    expect(csvCell("-5%")).toBe('"\'-5%"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("\tcmd")).toBe('"\'\tcmd"');
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    // Only a cell's first character matters: a sign inside text is fine.
    expect(csvCell("3.8-4.2%")).toBe('"3.8-4.2%"');
    expect(csvCell("$2.8B")).toBe('"$2.8B"');
  });

  it("neutralises a formula after a ';', where semicolon locales start a new cell", () => {
    expect(csvCell("Foo;=cmd|' /c calc'!A0;")).toBe("\"Foo;'=cmd|' /c calc'!A0;\"");
    for (const trigger of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`a;${trigger}x`)).toBe(`"a;'${trigger}x"`);
    }
    expect(csvCell("a; =x")).toBe('"a; =x"');
    expect(csvCell("a;b")).toBe('"a;b"');
  });

  it("drops NUL characters, which truncate or corrupt cells in some readers", () => {
    expect(csvCell("Cen\u0000trifuge")).toBe('"Centrifuge"');
    expect(csvCell("\u0000=1")).toBe('"\'=1"');
  });

  it("keeps non-ASCII text as is (the file is UTF-8)", () => {
    expect(csvCell("€100 • Gnosis Chain")).toBe('"€100 • Gnosis Chain"');
  });
});

describe("toCsv", () => {
  it("writes a header and one CRLF-terminated record per row", () => {
    expect(
      toCsv(
        ["Name", "TVL"],
        [
          ["A, Inc.", "$1M"],
          ["B", null],
        ],
      ),
    ).toBe('"Name","TVL"\r\n"A, Inc.","$1M"\r\n"B",""\r\n');
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(["Name"], [])).toBe('"Name"\r\n');
  });
});
