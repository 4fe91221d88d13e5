import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOLDING,
  formatPercentRange,
  yieldAfterFees,
  type FeeTerms,
  type YieldFigure,
} from "./yield-after-fees";

const noFees: FeeTerms = {
  managementFeePct: null,
  subscriptionFeePct: null,
  redemptionFeePct: null,
  feesKnown: false,
  minInvestmentUsd: null,
};
const gross = (apy: number): YieldFigure => ({ apyMin: apy, apyMax: apy, netOfManagementFee: false });

describe("yieldAfterFees", () => {
  it("subtracts the management fee from a gross yield and the one-off fees spread over the period", () => {
    const fees: FeeTerms = { ...noFees, managementFeePct: 0.3, redemptionFeePct: 0.05, feesKnown: true };
    const oneYear = yieldAfterFees(gross(4), fees, DEFAULT_HOLDING);
    expect(oneYear).toMatchObject({ kind: "value", min: 3.65, max: 3.65, gainUsdMin: 3650, management: "subtracted" });
    const fiveYears = yieldAfterFees(gross(4), fees, { years: 5, amountUsd: 10_000 });
    expect(fiveYears).toMatchObject({ kind: "value", min: 3.69, gainUsdMin: 1845 });
  });

  it("leaves a yield that is already net of the management fee alone", () => {
    const fees: FeeTerms = { ...noFees, managementFeePct: 0.5, feesKnown: true };
    const result = yieldAfterFees({ apyMin: 3.25, apyMax: 3.59, netOfManagementFee: true }, fees, DEFAULT_HOLDING);
    expect(result).toMatchObject({ kind: "value", min: 3.25, max: 3.59, management: "already-net" });
  });

  it("takes a yield of unknown treatment as gross, so it never looks better than the documents allow", () => {
    const fees: FeeTerms = { ...noFees, managementFeePct: 0.15, feesKnown: true };
    const result = yieldAfterFees({ apyMin: 4, apyMax: 4, netOfManagementFee: null }, fees, DEFAULT_HOLDING);
    expect(result).toMatchObject({ kind: "value", min: 3.85, management: "assumed-gross" });
  });

  it("says when no fee is stated, and has no result without a yield or below the minimum", () => {
    expect(yieldAfterFees(gross(5), noFees, DEFAULT_HOLDING)).toMatchObject({
      kind: "value",
      min: 5,
      management: "none-stated",
      feesKnown: false,
    });
    expect(yieldAfterFees(null, noFees, DEFAULT_HOLDING)).toEqual({ kind: "no-yield" });
    expect(yieldAfterFees(gross(5), { ...noFees, minInvestmentUsd: 5_000_000 }, DEFAULT_HOLDING)).toEqual({
      kind: "below-minimum",
      minimumUsd: 5_000_000,
    });
  });

  it("refuses a holding outside the bounds a visitor may enter", () => {
    expect(() => yieldAfterFees(gross(5), noFees, { years: 0, amountUsd: 100 })).toThrow(RangeError);
    expect(() => yieldAfterFees(gross(5), noFees, { years: 1, amountUsd: Number.NaN })).toThrow(RangeError);
  });

  it("never rises when any fee rises (property)", () => {
    const fee = fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null });
    const feesArb = fc.record({
      managementFeePct: fee,
      subscriptionFeePct: fee,
      redemptionFeePct: fee,
      feesKnown: fc.boolean(),
      minInvestmentUsd: fc.constant(null),
    });
    const figureArb = fc
      .tuple(fc.double({ min: 0, max: 30, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }))
      .chain(([low, spread]) =>
        fc.record({
          apyMin: fc.constant(low),
          apyMax: fc.constant(low + spread),
          netOfManagementFee: fc.constantFrom(true, false, null),
        }),
      );
    const holdingArb = fc.record({
      years: fc.double({ min: 0.25, max: 30, noNaN: true }),
      amountUsd: fc.double({ min: 1, max: 1e9, noNaN: true }),
    });
    fc.assert(
      fc.property(
        figureArb,
        feesArb,
        holdingArb,
        fc.constantFrom("managementFeePct", "subscriptionFeePct", "redemptionFeePct"),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (figure, fees, holding, which, raise) => {
          const before = yieldAfterFees(figure, fees, holding);
          const after = yieldAfterFees(figure, { ...fees, [which]: (fees[which] ?? 0) + raise }, holding);
          if (before.kind !== "value" || after.kind !== "value") return before.kind === after.kind;
          return after.min <= before.min && after.max <= before.max && after.gainUsdMin <= before.gainUsdMin;
        },
      ),
    );
  });
});

describe("formatPercentRange", () => {
  it("shows one figure when both ends round alike, else the range, to the hundredth", () => {
    expect(formatPercentRange(3.65, 3.65)).toBe("3.65%");
    expect(formatPercentRange(3.1, 3.444)).toBe("3.10-3.44%");
  });
});
