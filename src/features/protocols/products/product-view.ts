// A product's figures in words, the same on the protocol page (table or stacked) and in the
// comparison: who may buy, KYC, the minimum, time to cash, fees, the yield and what is kept of it
// after fees for the visit's holding.
import type { ProductSourceKey } from "@/config/domain";
import { feesLabel, formatUsd, minimumLabel, PRODUCT_ACCESS_LABELS, PRODUCT_KYC_LABELS } from "@/lib/product-terms";
import type { TermSource } from "@/lib/product-sources";
import { UNKNOWN_LABEL } from "@/lib/terms";
import { timeToCash, type TimeToCash } from "@/lib/time-to-cash";
import { formatPercentRange, yieldAfterFees, type Holding, type YieldAfterFees } from "@/lib/yield-after-fees";
import type { Product } from "./product-model";

/** One figure: its words, a line of detail when there is one, and the page(s) that state it. */
export type FigureView = { text: string; detail: string | null; sources: TermSource[]; unknown: boolean };

export type ProductView = {
  access: FigureView;
  kyc: FigureView;
  minimum: FigureView;
  timeToCash: FigureView & { rank: number | null };
  fees: FigureView;
  yield: FigureView;
  afterFees: FigureView & { result: YieldAfterFees };
};

const sourcesOf = (product: Product, ...keys: ProductSourceKey[]) =>
  keys.flatMap((key) => (product.sources[key] ? [product.sources[key]!] : []));

function figure(text: string, detail: string | null, sources: TermSource[]): FigureView {
  return { text, detail, sources, unknown: text === UNKNOWN_LABEL };
}

function yieldText(product: Product): FigureView {
  const stated = product.yield;
  if (stated === null) return figure(UNKNOWN_LABEL, null, []);
  const net =
    stated.netOfManagementFee === true
      ? "net of the management fee"
      : stated.netOfManagementFee === false
        ? "before the management fee"
        : "net of the management fee or not: not stated";
  const from = stated.from === "defillama" ? "DefiLlama's pools" : "Issuer's stated yield";
  return {
    text: formatPercentRange(stated.apyMin, stated.apyMax),
    detail: `${from}, ${net}`,
    sources: stated.from === "stated" ? sourcesOf(product, "stated_yield") : [],
    unknown: false,
  };
}

function afterFeesText(result: YieldAfterFees): string {
  if (result.kind === "no-yield") return UNKNOWN_LABEL;
  if (result.kind === "below-minimum") return `Below the ${formatUsd(result.minimumUsd)} minimum`;
  return formatPercentRange(result.min, result.max);
}

function afterFeesDetail(result: YieldAfterFees, holding: Holding): string | null {
  if (result.kind !== "value") return null;
  const years = `${holding.years} ${holding.years === 1 ? "year" : "years"}`;
  const gain =
    result.gainUsdMin === result.gainUsdMax
      ? formatUsd(result.gainUsdMin)
      : `${formatUsd(result.gainUsdMin)}-${formatUsd(result.gainUsdMax)}`;
  const management = {
    subtracted: "",
    "already-net": " (yield already net of the management fee)",
    "assumed-gross": " (management fee subtracted: the yield is not said to be net)",
    "none-stated": " (no management fee stated)",
  }[result.management];
  const fees = result.feesKnown ? "" : "; fees not known";
  return `${gain} kept on ${formatUsd(holding.amountUsd)} over ${years}${management}${fees}`;
}

export function productView(product: Product, holding: Holding): ProductView {
  const feesKnown = product.sources.fees !== undefined;
  const cash: TimeToCash = timeToCash(product);
  const result = yieldAfterFees(
    product.yield,
    {
      managementFeePct: product.managementFeePct,
      subscriptionFeePct: product.subscriptionFeePct,
      redemptionFeePct: product.redemptionFeePct,
      feesKnown,
      minInvestmentUsd: product.minInvestmentUsd,
    },
    holding,
  );
  return {
    access: figure(PRODUCT_ACCESS_LABELS[product.investorAccess], null, sourcesOf(product, "investor_access")),
    kyc: figure(PRODUCT_KYC_LABELS[product.kyc], null, sourcesOf(product, "kyc")),
    minimum: figure(
      minimumLabel(product.minInvestmentUsd, product.sources.min_investment !== undefined),
      product.minInvestmentNote,
      sourcesOf(product, "min_investment"),
    ),
    timeToCash: {
      ...figure(
        cash.label,
        cash.detail ?? product.redemptionNote,
        sourcesOf(product, "instant_facility", "redemption"),
      ),
      rank: cash.days,
    },
    fees: figure(
      feesLabel(
        {
          managementFeePct: product.managementFeePct,
          subscriptionFeePct: product.subscriptionFeePct,
          redemptionFeePct: product.redemptionFeePct,
        },
        feesKnown,
      ),
      product.feesNote,
      sourcesOf(product, "fees"),
    ),
    yield: yieldText(product),
    afterFees: {
      ...figure(afterFeesText(result), afterFeesDetail(result, holding), []),
      unknown: result.kind !== "value",
      result,
    },
  };
}
