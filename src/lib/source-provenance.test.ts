import { describe, expect, it } from "vitest";
import { documentDateStart, formatDay, formatDocumentDate, isDocumentDate } from "./source-provenance";

describe("document dates", () => {
  it("are a calendar day, a month, or 'undated'", () => {
    for (const value of ["2026-09-30", "2026-09", "undated", "2024-02-29"])
      expect(isDocumentDate(value), value).toBe(true);
    for (const value of ["", "2026", "2026-13", "2026-02-30", "2025-02-29", "30 Sep 2026", "Undated", "2026-9-30"])
      expect(isDocumentDate(value), value).toBe(false);
  });

  it("start on the day, or the first of the month; undated has no start", () => {
    expect(documentDateStart("2026-09-30")).toBe("2026-09-30");
    expect(documentDateStart("2026-09")).toBe("2026-09-01");
    expect(documentDateStart("undated")).toBeNull();
    expect(documentDateStart("2026-13")).toBeNull();
  });

  it("read as '30 Sep 2026', 'Sep 2026' or 'undated', in every time zone", () => {
    expect(formatDocumentDate("2026-09-30")).toBe("30 Sep 2026");
    expect(formatDocumentDate("2026-09")).toBe("Sep 2026");
    expect(formatDocumentDate("undated")).toBe("undated");
    expect(formatDay("2026-11-27")).toBe("27 Nov 2026");
    expect(formatDay("2026-01-01")).toBe("1 Jan 2026");
    expect(formatDay("not a day")).toBe("not a day");
  });
});
