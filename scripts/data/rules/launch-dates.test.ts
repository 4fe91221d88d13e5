import { describe, expect, it } from "vitest";
import { checkLaunchDatesCsv, LAUNCH_COLUMNS } from "./launch-dates.ts";

const names = new Set(["Fund A", "Fund B"]);
const check = (lines: string[]) =>
  checkLaunchDatesCsv([LAUNCH_COLUMNS.join(","), ...lines].join("\n") + "\n", names, "2026-11-27");
const SOURCE = "https://example.org/fund/launch,Press release,primary,2024-03-20,2026-11-27";

describe("checkLaunchDatesCsv", () => {
  it("accepts a day or a month, with its source like a finding's", () => {
    const result = check([`Fund A,2024-03-20,${SOURCE}`, `Fund B,2024-03,${SOURCE}`]);
    expect(result.problems).toEqual([]);
    expect(result.rows.map((r) => [r.protocol, r.launch_date, r.source_tier])).toEqual([
      ["Fund A", "2024-03-20", "primary"],
      ["Fund B", "2024-03", "primary"],
    ]);
  });

  it("rejects an unknown or repeated protocol, a malformed or future date, a bad source and missing provenance", () => {
    expect(
      check([
        `Nobody,2024-03,${SOURCE}`,
        `Fund A,2024-3,${SOURCE}`,
        `Fund A,2027-01,${SOURCE}`,
        "Fund B,2008-12,https://iq.wiki/wiki/fund,Research,secondary,undated,2026-11-27",
        "Fund B,2024-03,https://example.org/,,tertiary,someday,2026-11-28",
      ]).problems.map((p) => `${p.line} ${p.column}`),
    ).toEqual([
      "2 protocol",
      "3 launch_date",
      "4 protocol",
      "4 launch_date",
      "5 launch_date",
      "5 source_url",
      "6 protocol",
      "6 source_url",
      "6 read_on",
      "6 source_kind",
      "6 source_tier",
      "6 document_date",
    ]);
    expect(checkLaunchDatesCsv("protocol,launch_date\n", names, "2026-11-27").problems[0]?.column).toBe("header");
  });
});
