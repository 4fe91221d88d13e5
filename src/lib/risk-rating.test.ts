import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  type Assessment,
  type Assessments,
  contractFactor,
  maxDrawdown,
  MIN_EVIDENCED,
  overallRating,
  RISK_FACTORS,
  RISK_STEPS,
  scoreOf,
  trackRecordFactor,
} from "./risk-rating";

const ALL: Assessment[] = [...RISK_STEPS, "Unknown"];

function all(level: Assessment): Assessments {
  return Object.fromEntries(RISK_FACTORS.map((factor) => [factor, level])) as Assessments;
}

const assessmentsArb = fc
  .tuple(...RISK_FACTORS.map(() => fc.constantFrom(...ALL)))
  .map((levels) => Object.fromEntries(RISK_FACTORS.map((f, i) => [f, levels[i]])) as Assessments);

describe("overallRating", () => {
  it("rates seven known factors by their mean", () => {
    expect(overallRating(all("Low")).level).toBe("Low");
    expect(overallRating(all("Medium")).level).toBe("Medium");
    expect(overallRating(all("Very High")).level).toBe("Very High");
  });

  it("rounds the mean to the nearest step", () => {
    // scores 1,1,1,1,2,2,2 → mean 10/7 ≈ 1.43 → Low
    const low = { ...all("Low"), contract: "Medium", track_record: "Medium", regulation: "Medium" } as Assessments;
    expect(overallRating(low).level).toBe("Low");
    // scores 1,1,1,2,2,2,2 → mean 11/7 ≈ 1.57 → Medium
    expect(overallRating({ ...low, redemption: "Medium" }).level).toBe("Medium");
  });

  it("is 'Not rated' (null) below five evidenced factors, and rated at five", () => {
    const four = { asset: "Low", legal: "Low", custody: "Low", redemption: "Low" } as Assessments;
    expect(overallRating(four)).toMatchObject({ level: null, evidenced: 4 });
    const five = { ...four, regulation: "Low" } as Assessments;
    expect(overallRating(five).evidenced).toBe(MIN_EVIDENCED);
    expect(overallRating(five).level).not.toBeNull();
  });

  it("counts Unknown as Very High: two unknowns make five Low factors Medium", () => {
    const five = { asset: "Low", legal: "Low", custody: "Low", redemption: "Low", regulation: "Low" } as Assessments;
    // scores 1×5 + 4×2 = 13/7 ≈ 1.86 → Medium; weakest link: 4 - 2 = 2 → Medium
    expect(overallRating(five).level).toBe("Medium");
  });

  it("applies the weakest link: six Low factors and one Very High rate Medium, not Low", () => {
    const rating = overallRating({ ...all("Low"), redemption: "Very High" });
    // mean 10/7 ≈ 1.43 would be Low
    expect(rating.level).toBe("Medium");
    expect(rating.weakestLinkApplied).toBe(true);
  });

  it("property: worsening any one factor never lowers the overall level", () => {
    fc.assert(
      fc.property(assessmentsArb, fc.constantFrom(...RISK_FACTORS), fc.constantFrom(...ALL), (base, factor, to) => {
        const from = base[factor] ?? "Unknown";
        fc.pre(scoreOf(to) > scoreOf(from));
        const before = overallRating(base);
        const after = overallRating({ ...base, [factor]: to });
        fc.pre(before.level !== null && after.level !== null);
        expect(scoreOf(after.level!)).toBeGreaterThanOrEqual(scoreOf(before.level!));
      }),
      { numRuns: 2000 },
    );
  });

  it("property: an Unknown factor is never safer than any known assessment of it", () => {
    fc.assert(
      fc.property(
        assessmentsArb,
        fc.constantFrom(...RISK_FACTORS),
        fc.constantFrom(...RISK_STEPS),
        (base, factor, known) => {
          const withKnown = overallRating({ ...base, [factor]: known });
          const withUnknown = overallRating({ ...base, [factor]: "Unknown" });
          fc.pre(withKnown.level !== null && withUnknown.level !== null);
          expect(scoreOf(withUnknown.level!)).toBeGreaterThanOrEqual(scoreOf(withKnown.level!));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: the level is never more than two steps safer than the worst factor", () => {
    fc.assert(
      fc.property(assessmentsArb, (assessments) => {
        const rating = overallRating(assessments);
        fc.pre(rating.level !== null);
        const worst = Math.max(...RISK_FACTORS.map((f) => scoreOf(assessments[f] ?? "Unknown")));
        expect(scoreOf(rating.level!)).toBeGreaterThanOrEqual(worst - 2);
      }),
    );
  });
});

describe("contractFactor", () => {
  it("maps DefiLlama's audits flag", () => {
    expect(contractFactor(2).level).toBe("Medium");
    expect(contractFactor(1).level).toBe("High");
    expect(contractFactor(3).level).toBe("High");
  });

  it("reads 'DefiLlama records no audit' (0) and no flag as missing data: Unknown, never High", () => {
    expect(contractFactor(0)).toEqual({
      level: "Unknown",
      finding: "DefiLlama records no audit, which says nothing about the contracts.",
    });
    expect(contractFactor(null).level).toBe("Unknown");
  });

  it("property: any flag but 1, 2 or 3 is Unknown", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.constant(null)), (audits) => {
        fc.pre(audits === null || ![1, 2, 3].includes(audits));
        expect(contractFactor(audits).level).toBe("Unknown");
      }),
    );
  });
});

describe("trackRecordFactor", () => {
  it("takes the worse of age and size", () => {
    expect(trackRecordFactor({ since: "2020-01-01", asOf: "2026-09-05", tvlUsd: 2e9, history: [] }).level).toBe("Low");
    expect(trackRecordFactor({ since: "2024-03-20", asOf: "2026-09-05", tvlUsd: 2e9, history: [] }).level).toBe(
      "Medium",
    );
    expect(trackRecordFactor({ since: "2020-01-01", asOf: "2026-09-05", tvlUsd: 5e7, history: [] }).level).toBe("High");
    expect(trackRecordFactor({ since: "2020-01-01", asOf: "2026-09-05", tvlUsd: 5e6, history: [] }).level).toBe(
      "Very High",
    );
  });

  it("is Unknown, never High, without a date to count the age from, and without a figure", () => {
    expect(trackRecordFactor({ since: null, asOf: "2026-09-05", tvlUsd: 2e9, history: [] })).toEqual({
      level: "Unknown",
      finding: "No launch date and no DefiLlama listing date are on record.",
    });
    expect(trackRecordFactor({ since: "2020-01-01", asOf: "2026-09-05", tvlUsd: null, history: [] }).level).toBe(
      "Unknown",
    );
  });

  it("is Unknown, never Low, when the launch date or the figure's day is not a calendar date", () => {
    for (const since of ["", "2020", "2020-13-01", "2026-02-30", "01/02/2020", "soon"]) {
      expect(trackRecordFactor({ since, asOf: "2026-09-05", tvlUsd: 2e9, history: [] }), since).toEqual({
        level: "Unknown",
        finding: `The launch date on record ('${since}') is not a date.`,
      });
    }
    expect(trackRecordFactor({ since: "2020-01-01", asOf: "2026-9-5", tvlUsd: 2e9, history: [] })).toEqual({
      level: "Unknown",
      finding: "No dated TVL figure is on record.",
    });
  });

  it("property: a missing launch date is Unknown whatever the size and the history", () => {
    const points = fc.array(
      fc.record({
        day: fc
          .integer({ min: 0, max: 2000 })
          .map((n) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10)),
        tvlUsd: fc.double({ min: 0, max: 1e11, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e11, noNaN: true }), points, (tvlUsd, history) => {
        expect(trackRecordFactor({ since: null, asOf: "2026-09-05", tvlUsd, history }).level).toBe("Unknown");
      }),
    );
  });

  it("turns one year exactly on the anniversary", () => {
    expect(trackRecordFactor({ since: "2025-09-06", asOf: "2026-09-05", tvlUsd: 2e9, history: [] }).level).toBe("High");
    expect(trackRecordFactor({ since: "2025-09-05", asOf: "2026-09-05", tvlUsd: 2e9, history: [] }).level).toBe(
      "Medium",
    );
  });

  it("is one step worse after a fall of half or more, and says so", () => {
    const history = [
      { day: "2026-08-01", tvlUsd: 4e9 },
      { day: "2026-08-20", tvlUsd: 1.5e9 },
      { day: "2026-09-05", tvlUsd: 2e9 },
    ];
    const factor = trackRecordFactor({ since: "2020-01-01", asOf: "2026-09-05", tvlUsd: 2e9, history });
    expect(factor.level).toBe("Medium");
    expect(factor.finding).toBe(
      "TVL $2.0B on 2026-09-05, live since 2020-01-01 (6 years); our history shows a 63% fall from a peak.",
    );
  });
});

describe("maxDrawdown", () => {
  it("measures the largest fall from a running peak, in date order", () => {
    expect(maxDrawdown([])).toBe(0);
    expect(
      maxDrawdown([
        { day: "2026-01-03", tvlUsd: 50 },
        { day: "2026-01-01", tvlUsd: 100 },
        { day: "2026-01-02", tvlUsd: 80 },
      ]),
    ).toBeCloseTo(0.5);
  });
});
