import { describe, expect, it } from "vitest";
import { timeToCash, type CashTerms } from "./time-to-cash";

const base: CashTerms = {
  redemption: "unknown",
  redemptionDays: null,
  redemptionWindow: null,
  redemptionUsualHours: null,
  instantFacility: null,
};
const label = (terms: Partial<CashTerms>) => timeToCash({ ...base, ...terms }).label;

describe("timeToCash", () => {
  it("reads the issue's five examples", () => {
    expect(label({ redemption: "days", redemptionDays: 1, instantFacility: "USDC swap" })).toBe("Same day (USDC swap)");
    expect(label({ redemption: "days", redemptionDays: 1 })).toBe("T+1");
    expect(label({ redemption: "queue", redemptionUsualHours: 24 })).toBe(
      "Queue: usually under 24 h, no guaranteed maximum",
    );
    expect(label({ redemption: "window", redemptionWindow: "monthly" })).toBe("Monthly window");
    expect(label({})).toBe("Unknown");
  });

  it("ranks by the longest guaranteed wait, and never ranks a queue, no redemption or an unknown", () => {
    const days = (terms: Partial<CashTerms>) => timeToCash({ ...base, ...terms }).days;
    expect(days({ redemption: "instant" })).toBe(0);
    expect(days({ redemption: "days", redemptionDays: 3 })).toBe(3);
    expect(days({ redemption: "window", redemptionWindow: "quarterly" })).toBe(92);
    expect(days({ redemption: "queue", redemptionUsualHours: 2 })).toBeNull();
    expect(days({ redemption: "none" })).toBeNull();
    expect(days({ redemption: "not-disclosed" })).toBeNull();
    expect(days({ redemption: "days", redemptionDays: null })).toBeNull();
  });

  it("keeps a long facility description out of the label and gives it as the detail", () => {
    const facility = "Instant redemption via stablecoins from the issuer's liquidity, subject to capacity";
    expect(timeToCash({ ...base, redemption: "days", redemptionDays: 7, instantFacility: facility })).toEqual({
      label: "Same day (instant facility)",
      detail: facility,
      days: 0,
    });
  });

  it("says what is not stated, and that a sale is the only way out without redemption", () => {
    expect(label({ redemption: "not-disclosed" })).toBe("Not disclosed");
    expect(label({ redemption: "none", instantFacility: "Market maker pool" })).toBe("No redemption (sale only)");
    expect(label({ redemption: "queue" })).toBe("Queue: no guaranteed maximum");
    expect(label({ redemption: "queue", redemptionUsualHours: 120 })).toBe(
      "Queue: usually under 5 days, no guaranteed maximum",
    );
    expect(label({ redemption: "window" })).toBe("Periodic window");
    expect(label({ redemption: "instant" })).toBe("Same day");
  });
});
