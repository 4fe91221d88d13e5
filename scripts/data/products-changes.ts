// The change log's 'terms' rows (public.protocol_changes, kind 'terms'): when a reviewed product's
// terms change between the old data (the committed seed for data:build, the live table for
// data:push) and the new, one row per term that changed, dated the day the new value was read.
import { PRODUCT_TERMS, type ProductTerm } from "../../src/config/domain.ts";
import { timeToCash } from "../../src/lib/time-to-cash.ts";
import { feesLabel, minimumLabel, PRODUCT_ACCESS_LABELS, PRODUCT_KYC_LABELS } from "../../src/lib/product-terms.ts";
import type { ProductSyncRow } from "./products-db.ts";

/** One row for record_protocol_changes (and the seed's protocol_changes insert). */
export type TermChange = {
  name: string;
  day: string;
  product_symbol: string;
  kind: "terms";
  field: ProductTerm;
  old_value: string;
  new_value: string;
  reason: string;
  source_url: string | null;
};

/** The fields a term's words are made of (a product as the file, the seed or the table has it). */
export type TermFields = Pick<
  ProductSyncRow,
  | "protocol"
  | "symbol"
  | "investor_access"
  | "kyc"
  | "min_investment_usd"
  | "redemption"
  | "redemption_days"
  | "redemption_window"
  | "redemption_usual_hours"
  | "instant_facility"
  | "management_fee_pct"
  | "subscription_fee_pct"
  | "redemption_fee_pct"
  | "sources"
>;

/** Each of the five terms as the site says it. */
export function termWords(product: TermFields): Record<ProductTerm, string> {
  const known = (key: ProductTerm) => product.sources[key] !== undefined;
  return {
    investor_access: PRODUCT_ACCESS_LABELS[product.investor_access],
    kyc: PRODUCT_KYC_LABELS[product.kyc],
    min_investment: minimumLabel(product.min_investment_usd, known("min_investment")),
    redemption: timeToCash({
      redemption: product.redemption,
      redemptionDays: product.redemption_days,
      redemptionWindow: product.redemption_window,
      redemptionUsualHours: product.redemption_usual_hours,
      instantFacility: product.instant_facility,
    }).label,
    fees: feesLabel(
      {
        managementFeePct: product.management_fee_pct,
        subscriptionFeePct: product.subscription_fee_pct,
        redemptionFeePct: product.redemption_fee_pct,
      },
      known("fees"),
    ),
  };
}

const LABELS: Record<ProductTerm, string> = {
  investor_access: "Investor access",
  kyc: "KYC",
  min_investment: "Minimum investment",
  redemption: "Time to cash",
  fees: "Fees",
};

/**
 * The terms that read differently in `next` than in `previous`, for products both hold whose
 * protocol is reviewed. `today` dates a change whose new value has no source (it became Unknown).
 */
export function termChanges(
  previous: readonly TermFields[],
  next: readonly TermFields[],
  reviewed: ReadonlySet<string>,
  today: string,
): TermChange[] {
  const before = new Map(previous.map((p) => [`${p.protocol}\n${p.symbol}`, p]));
  const changes: TermChange[] = [];
  for (const product of next) {
    const old = before.get(`${product.protocol}\n${product.symbol}`);
    if (old === undefined || !reviewed.has(product.protocol)) continue;
    const was = termWords(old);
    const now = termWords(product);
    for (const term of PRODUCT_TERMS) {
      if (was[term] === now[term]) continue;
      const source = product.sources[term];
      changes.push({
        name: product.protocol,
        day: source?.read_on ?? today,
        product_symbol: product.symbol,
        kind: "terms",
        field: term,
        old_value: was[term],
        new_value: now[term],
        reason: `${LABELS[term]} of ${product.symbol}: ${source ? `as ${source.kind.toLowerCase()} states` : "no page states it now"}.`,
        source_url: source?.url ?? null,
      });
    }
  }
  return changes;
}
