import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text alone and empties null/undefined", () => {
    expect(csvCell("Centrifuge")).toBe("Centrifuge");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes fields with commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Ethereum, Solana")).toBe('"Ethereum, Solana"');
    expect(csvCell('The "Prime" pool')).toBe('"The ""Prime"" pool"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-5%")).toBe("'-5%");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe("\"'\rcmd\"");
    // Only the first character matters: a sign inside text is fine.
    expect(csvCell("3.8-4.2%")).toBe("3.8-4.2%");
    expect(csvCell("$2.8B")).toBe("$2.8B");
  });

  it("keeps non-ASCII text as is (the file is UTF-8)", () => {
    expect(csvCell("€100 • Gnosis Chain")).toBe("€100 • Gnosis Chain");
  });
});

describe("toCsv", () => {
  it("writes a header and one CRLF-terminated record per row", () => {
    expect(toCsv(["Name", "TVL"], [["A, Inc.", "$1M"], ["B", null]])).toBe('Name,TVL\r\n"A, Inc.",$1M\r\nB,\r\n');
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(["Name"], [])).toBe("Name\r\n");
  });
});
