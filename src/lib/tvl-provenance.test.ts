import { describe, expect, it } from "vitest";
import { formatAsOf, formatMonth } from "./tvl-provenance";

// The formats are spelled out by hand (no Intl date data at start-up); Intl stays the reference.
const intlDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const intlMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

function* days(from: string, to: string) {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    yield new Date(t).toISOString().slice(0, 10);
}

describe("formatAsOf and formatMonth", () => {
  it("write every day of 1999-2031 as en-US's Intl formats do, in UTC", () => {
    let checked = 0;
    for (const day of days("1999-01-01", "2031-12-31")) {
      const date = new Date(`${day}T00:00:00Z`);
      expect(formatAsOf(day)).toBe(intlDay.format(date));
      expect(formatMonth(day)).toBe(intlMonth.format(date));
      checked++;
    }
    expect(checked).toBe(12_053);
  });

  it("read a day as a calendar day, whatever the time zone ('Sep', not 'Sept')", () => {
    expect(formatAsOf("2026-09-01")).toBe("Sep 1, 2026");
    expect(formatAsOf("2025-12-31")).toBe("Dec 31, 2025");
    expect(formatMonth("2026-01-01")).toBe("January 2026");
  });

  it("return what is not a date as it came", () => {
    expect(formatAsOf("undated")).toBe("undated");
    expect(formatAsOf("2026-13-01")).toBe("2026-13-01");
    expect(formatMonth("")).toBe("");
  });
});
