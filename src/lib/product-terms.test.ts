import { describe, expect, it } from "vitest";
import { feesLabel, formatUsd, minimumLabel } from "./product-terms";

describe("product terms in words", () => {
  it("writes amounts as the directory does", () => {
    expect(formatUsd(1)).toBe("$1");
    expect(formatUsd(500)).toBe("$500");
    expect(formatUsd(2500)).toBe("$2,500");
    expect(formatUsd(10_000)).toBe("$10K");
    expect(formatUsd(12_500)).toBe("$12.5K");
    expect(formatUsd(5_000_000)).toBe("$5M");
    expect(formatUsd(1_500_000_000)).toBe("$1.5B");
  });

  it("tells a minimum of zero, one not disclosed and one nobody checked apart", () => {
    expect(minimumLabel(0, true)).toBe("No minimum");
    expect(minimumLabel(100_000, true)).toBe("$100K");
    expect(minimumLabel(null, true)).toBe("Not disclosed");
    expect(minimumLabel(null, false)).toBe("Unknown");
  });

  it("names each stated fee, a fee stated as zero, and what is not stated", () => {
    const fees = { managementFeePct: 0.15, subscriptionFeePct: null, redemptionFeePct: 0.05 };
    expect(feesLabel(fees, true)).toBe("0.15% management · 0.05% redemption");
    expect(feesLabel({ ...fees, redemptionFeePct: 0 }, true)).toBe("0.15% management · no redemption fee");
    expect(feesLabel({ managementFeePct: 0, subscriptionFeePct: 0, redemptionFeePct: 0 }, true)).toBe("No fees");
    expect(feesLabel({ managementFeePct: null, subscriptionFeePct: null, redemptionFeePct: null }, true)).toBe(
      "Not disclosed",
    );
    expect(feesLabel(fees, false)).toBe("Unknown");
  });
});
