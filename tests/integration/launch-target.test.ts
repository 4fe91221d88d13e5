// The launch target's rules live twice: src/lib/launch-target.ts (pages, build warning) and the
// add-to-waitlist function's copy (the confirmation mail), since neither side may import the other.
// This test keeps them in step, so the mail never promises a date the pages already call passed.
import { describe, expect, it } from "vitest";
import * as site from "../../src/lib/launch-target.ts";
import * as mail from "../../supabase/functions/add-to-waitlist/lib/launch-target.ts";

const TARGETS = [
  "Q1 2026",
  "q4 2026",
  "2027 Q3",
  "Q2-2027",
  "H1 2027",
  "H2 2026",
  "March 2026",
  "Sept 2026",
  "Dec 2026",
  "2026-03",
  "2026-02-28",
  "2026-02-30",
  "2026",
  "soon",
  "Q5 2026",
  "",
];

describe("launch target rules: the pages' and the mail's copies", () => {
  it("share the default and the words", () => {
    expect(mail.DEFAULT_LAUNCH_TARGET).toBe(site.DEFAULT_LAUNCH_TARGET);
    expect(mail.OPENING_SOON).toBe(site.OPENING_SOON);
  });

  it.each(TARGETS)("read %j alike", (target) => {
    expect(mail.launchTargetEnd(target)).toEqual(site.launchTargetEnd(target));
    for (const now of ["2025-12-01T00:00:00Z", "2026-11-25T00:00:00Z", "2028-01-01T00:00:00Z"]) {
      expect(mail.isLaunchTargetPast(target, new Date(now))).toBe(site.isLaunchTargetPast(target, new Date(now)));
    }
  });
});
