import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEnUs, formatUsdCompact, formatUsdWhole } from "./en-us-number";

const intl = (n: number, min = 0, max = 3) =>
  n.toLocaleString("en-US", { minimumFractionDigits: min, maximumFractionDigits: max });

describe("formatEnUs (en-US numbers without Intl)", () => {
  it("writes what Intl writes, for any double and any digits the app asks for", () => {
    const digits = fc
      .integer({ min: 0, max: 3 })
      .chain((min) => fc.tuple(fc.constant(min), fc.integer({ min, max: 4 })));
    fc.assert(
      fc.property(fc.double({ noNaN: true }), digits, (n, [min, max]) => {
        expect(formatEnUs(n, { minimumFractionDigits: min, maximumFractionDigits: max })).toBe(intl(n, min, max));
      }),
      { numRuns: 5_000 },
    );
  });

  it("writes amounts and rates as the site shows them, ties rounded half away from zero", () => {
    const samples = [
      0,
      -0,
      1,
      999,
      1000,
      1_000_000,
      1234.5,
      2966.94,
      0.125,
      0.0005,
      -0.0004,
      2.5,
      100_000,
      1e21,
      2 ** 53,
    ];
    for (const n of samples) {
      expect(formatEnUs(n)).toBe(intl(n));
      expect(formatEnUs(n, { maximumFractionDigits: 2 })).toBe(intl(n, 0, 2));
      expect(formatEnUs(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe(intl(n, 1, 1));
    }
    expect(formatEnUs(1_000_000)).toBe("1,000,000");
    expect(formatEnUs(2966.94, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe("2,966.9");
    expect(formatEnUs(-4, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe("-4.0");
    expect(formatEnUs(3.254, { maximumFractionDigits: 2 })).toBe("3.25");
  });

  it("leaves what is not a finite number to Intl's words", () => {
    expect(formatEnUs(Infinity)).toBe("∞");
    expect(formatEnUs(Number.NaN)).toBe("NaN");
  });
});

describe("formatUsdWhole and formatUsdCompact (the TVL history's amounts)", () => {
  const full = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  const compact = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  const amounts = fc.oneof(
    fc.double({ min: -1e15, max: 1e15, noNaN: true }),
    fc.integer({ min: 0, max: 1e13 }),
    fc.integer({ min: 0, max: 1e6 }).map((n) => n * 10 ** (3 * (n % 5)) - 1),
  );

  it("write what Intl writes", () => {
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatUsdWhole(amount)).toBe(full.format(amount));
        expect(formatUsdCompact(amount)).toBe(compact.format(amount));
      }),
      { numRuns: 5_000 },
    );
  });

  it("write the amounts the page shows", () => {
    const samples = [
      0, 950, 999.999, 999_999.999, 1_000, 2_850_000_000, 512_300_000, 123_456_789_012, 999_995_000_000_000,
    ];
    for (const amount of samples) {
      expect(formatUsdWhole(amount)).toBe(full.format(amount));
      expect(formatUsdCompact(amount)).toBe(compact.format(amount));
    }
    expect(formatUsdCompact(2_850_000_000)).toBe("$2.85B");
    expect(formatUsdCompact(999_999.999)).toBe("$1M");
    expect(formatUsdWhole(2_850_000_000)).toBe("$2,850,000,000");
  });
});
