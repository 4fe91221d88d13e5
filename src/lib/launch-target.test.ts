import { describe, expect, it } from "vitest";
import { isLaunchTargetPast, launchTargetEnd, launchTargetWarning } from "./launch-target";

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

describe("launchTargetEnd", () => {
  it.each([
    ["Q1 2026", "2026-04-01"],
    ["q4 2026", "2027-01-01"],
    ["Q2-2027", "2027-07-01"],
    ["2027 Q3", "2027-10-01"],
    ["H1 2027", "2027-07-01"],
    ["H2 2026", "2027-01-01"],
    ["March 2026", "2026-04-01"],
    ["Dec 2026", "2027-01-01"],
    ["Sept 2026", "2026-10-01"],
    ["2026-03", "2026-04-01"],
    ["2026-02-28", "2026-03-01"],
    ["2026", "2027-01-01"],
    ["  Q1   2026 ", "2026-04-01"],
  ])("%s ends before %s", (target, end) => expect(day(launchTargetEnd(target))).toBe(end));

  it.each(["soon", "Q5 2026", "Marching 2026", "2026-13", "2026-02-30", "early 2026", ""])(
    "%s names no period it can read",
    (target) => expect(launchTargetEnd(target)).toBeNull(),
  );
});

describe("isLaunchTargetPast", () => {
  it("is past from the first instant after the period, never for a text it cannot read", () => {
    expect(isLaunchTargetPast("Q1 2026", new Date("2026-03-31T23:59:59Z"))).toBe(false);
    expect(isLaunchTargetPast("Q1 2026", new Date("2026-04-01T00:00:00Z"))).toBe(true);
    expect(isLaunchTargetPast("Q1 2026", new Date("2026-11-25T00:00:00Z"))).toBe(true);
    expect(isLaunchTargetPast("soon", new Date("2099-01-01T00:00:00Z"))).toBe(false);
  });
});

describe("launchTargetWarning", () => {
  const november = new Date("2026-11-25T00:00:00Z");
  it("names the variable when the target (or the default) has passed", () => {
    expect(launchTargetWarning(undefined, "Q1 2026", november)).toBe(
      `VITE_LAUNCH_TARGET (unset, so the default "Q1 2026") ended on 2026-03-31: the site says 'opening soon' wherever it would show the date. Set VITE_LAUNCH_TARGET to the new target.`,
    );
    expect(launchTargetWarning("H1 2026", "Q1 2026", november)).toMatch(
      /^VITE_LAUNCH_TARGET \("H1 2026"\) ended on 2026-06-30/,
    );
  });

  it("says nothing about a target ahead, and warns about one it cannot read", () => {
    expect(launchTargetWarning("Q3 2027", "Q1 2026", november)).toBeNull();
    expect(launchTargetWarning(" ", "Q3 2027", november)).toBeNull();
    expect(launchTargetWarning("Spring", "Q1 2026", november)).toMatch(
      /^VITE_LAUNCH_TARGET \("Spring"\) names no period/,
    );
  });
});
