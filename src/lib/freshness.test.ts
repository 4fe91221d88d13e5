import { describe, expect, it } from "vitest";
import { ageInDays, isStale, STALE_AFTER_DAYS } from "./freshness";

describe("isStale", () => {
  const today = new Date("2026-02-02T23:30:00Z");

  it("calls a figure stale only when it is more than 45 days old", () => {
    expect(STALE_AFTER_DAYS).toBe(45);
    expect(isStale("2025-12-19", today)).toBe(false); // exactly 45 days
    expect(isStale("2025-12-18", today)).toBe(true); // 46 days
    expect(isStale("2026-02-02", today)).toBe(false);
    expect(isStale("2024-01-01", today)).toBe(true);
  });

  it("counts calendar days in UTC, whatever the time of day", () => {
    expect(ageInDays("2026-02-01", new Date("2026-02-02T00:00:01Z"))).toBe(1);
    expect(ageInDays("2026-02-01", new Date("2026-02-02T23:59:59Z"))).toBe(1);
    expect(ageInDays("2025-12-19", today)).toBe(45);
  });

  it("never calls a future or malformed day stale", () => {
    expect(isStale("2026-03-01", today)).toBe(false);
    expect(ageInDays("2026-03-01", today)).toBe(-27);
    for (const bad of ["", "2025-02-30", "2025-13-01", "19/12/2025", "2025-12-19T00:00:00Z", "yesterday"]) {
      expect(ageInDays(bad, today)).toBeNull();
      expect(isStale(bad, today)).toBe(false);
    }
  });
});
