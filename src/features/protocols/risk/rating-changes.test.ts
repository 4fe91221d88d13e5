import { describe, expect, it } from "vitest";
import { parseRatingChanges } from "./rating-changes";

const change = (extra: Record<string, unknown>) => ({
  day: "2026-11-27",
  kind: "risk_factor",
  field: "legal",
  old_value: "High",
  new_value: "Medium",
  reason: " A feeder fund share. ",
  source_url: "https://example.com/feeder",
  ...extra,
});

describe("parseRatingChanges", () => {
  it("keeps the rating's changes, newest first, and leaves out other kinds and anything malformed", () => {
    expect(
      parseRatingChanges([
        change({ day: "2026-10-01", kind: "risk_level", field: null, old_value: "Not rated", new_value: "High" }),
        change({}),
        change({ field: "custody", new_value: "Unknown", reason: null, source_url: null }),
        change({ kind: "tvl", field: "1d" }), // not the rating's
        change({ field: "fees" }), // not a factor
        change({ new_value: "Not rated" }), // a factor is Unknown, never 'Not rated'
        change({ kind: "risk_level", field: null, new_value: "Unknown" }), // the overall level is 'Not rated'
        change({ new_value: "High" }), // no change
        change({ day: "2026-02-30" }),
        change({ source_url: "javascript:alert(1)", field: "asset" }),
        null,
        "x",
      ]),
    ).toEqual([
      {
        day: "2026-11-27",
        factor: "legal",
        oldValue: "High",
        newValue: "Medium",
        reason: "A feeder fund share.",
        sourceUrl: "https://example.com/feeder",
      },
      { day: "2026-11-27", factor: "custody", oldValue: "High", newValue: "Unknown", reason: null, sourceUrl: null },
      {
        day: "2026-11-27",
        factor: "asset",
        oldValue: "High",
        newValue: "Medium",
        reason: "A feeder fund share.",
        sourceUrl: null,
      },
      {
        day: "2026-10-01",
        factor: null,
        oldValue: "Not rated",
        newValue: "High",
        reason: "A feeder fund share.",
        sourceUrl: "https://example.com/feeder",
      },
    ]);
    expect(parseRatingChanges({ message: "x" })).toEqual([]);
  });
});
