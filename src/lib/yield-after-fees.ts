// Yield after fees: what a holder keeps of a product's yield, per year, for a holding period and an
// amount. A pure, versioned rule: /methodology states it (src/lib/product-method.ts) and
// docs/methodology.md says the same.

export const YIELD_AFTER_FEES_VERSION = "1.0";

/** The holding the site assumes until the visitor changes it. */
export const DEFAULT_HOLDING: Holding = { years: 1, amountUsd: 100_000 };
/** Bounds of what a visitor may enter. */
export const HOLDING_YEARS_MIN = 0.25;
export const HOLDING_YEARS_MAX = 30;
export const AMOUNT_USD_MIN = 1;
export const AMOUNT_USD_MAX = 1_000_000_000;

export type Holding = { years: number; amountUsd: number };

/** The yield a product states or DefiLlama measures: one figure (min = max) or a range over pools. */
export type YieldFigure = {
  apyMin: number;
  apyMax: number;
  /** true: already net of the management fee (a NAV or exchange-rate yield); null: not known. */
  netOfManagementFee: boolean | null;
};

/** The fee terms, in percent; null where the product's documents state none. */
export type FeeTerms = {
  managementFeePct: number | null;
  subscriptionFeePct: number | null;
  redemptionFeePct: number | null;
  /** Whether a page states the fees (numbers, or that there are none). */
  feesKnown: boolean;
  /** The smallest amount the product takes (null: not stated). */
  minInvestmentUsd: number | null;
};

/** How the management fee entered the result. */
export type ManagementFeeTreatment = "subtracted" | "already-net" | "assumed-gross" | "none-stated";

export type YieldAfterFees =
  | {
      kind: "value";
      /** Percent a year after fees, for the lowest and highest yield of the figure. */
      min: number;
      max: number;
      /** US dollars kept over the whole period on the amount (lowest and highest). */
      gainUsdMin: number;
      gainUsdMax: number;
      management: ManagementFeeTreatment;
      /** false when no page states the fees: the result is before fees nobody has stated. */
      feesKnown: boolean;
    }
  | { kind: "no-yield" }
  | { kind: "below-minimum"; minimumUsd: number };

function isValidHolding({ years, amountUsd }: Holding): boolean {
  return (
    Number.isFinite(years) &&
    Number.isFinite(amountUsd) &&
    years >= HOLDING_YEARS_MIN &&
    years <= HOLDING_YEARS_MAX &&
    amountUsd >= AMOUNT_USD_MIN &&
    amountUsd <= AMOUNT_USD_MAX
  );
}

/**
 * The rule: start from the yield; subtract the management fee unless the yield is already net of
 * it (a yield whose treatment is not known is taken as gross, so the result never looks better
 * than the documents allow); subtract the one-off subscription and redemption fees spread over
 * the holding period (their sum divided by the years held). A fee no page states counts as zero
 * and the result says the fees are not known. An amount below the product's minimum has no result.
 */
export function yieldAfterFees(figure: YieldFigure | null, fees: FeeTerms, holding: Holding): YieldAfterFees {
  if (!isValidHolding(holding)) throw new RangeError(`not a holding the rule takes: ${JSON.stringify(holding)}`);
  if (fees.minInvestmentUsd !== null && holding.amountUsd < fees.minInvestmentUsd)
    return { kind: "below-minimum", minimumUsd: fees.minInvestmentUsd };
  if (figure === null) return { kind: "no-yield" };
  const management = fees.managementFeePct ?? 0;
  const treatment: ManagementFeeTreatment =
    figure.netOfManagementFee === true
      ? "already-net"
      : fees.managementFeePct === null
        ? "none-stated"
        : figure.netOfManagementFee === false
          ? "subtracted"
          : "assumed-gross";
  const yearly = figure.netOfManagementFee === true ? 0 : management;
  const oneOff = ((fees.subscriptionFeePct ?? 0) + (fees.redemptionFeePct ?? 0)) / holding.years;
  const after = (apy: number) => round(apy - yearly - oneOff);
  const min = after(figure.apyMin);
  const max = after(figure.apyMax);
  const gain = (pct: number) => Math.round((holding.amountUsd * pct * holding.years) / 100);
  return {
    kind: "value",
    min,
    max,
    gainUsdMin: gain(min),
    gainUsdMax: gain(max),
    management: treatment,
    feesKnown: fees.feesKnown,
  };
}

/** Percent to four decimals: enough for a 0.15% fee spread over 30 years, free of float noise. */
function round(pct: number): number {
  return Math.round(pct * 10_000) / 10_000;
}

/** '3.35%', or '3.10-3.44%' for a range; two decimals, as fees are quoted to the hundredth. */
export function formatPercentRange(min: number, max: number): string {
  const low = min.toFixed(2);
  const high = max.toFixed(2);
  return low === high ? `${low}%` : `${low}-${high}%`;
}
