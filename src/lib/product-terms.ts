// A product's terms in words: the protocol page's Products section, the comparison, the open
// data's products.csv and the change log all say them the same way. Relative imports: the data
// tooling uses this outside Vite's aliases.
import type { ProductInvestorAccess, ProductKyc } from "../config/domain.ts";
import { INVESTOR_ACCESS_LABELS, KYC_LABELS, UNKNOWN_LABEL } from "./terms.ts";
import { formatEnUs } from "./en-us-number";

/** A page was checked and states nothing on the term. */
export const NOT_DISCLOSED_LABEL = "Not disclosed";

export const PRODUCT_ACCESS_LABELS: Record<ProductInvestorAccess, string> = {
  ...INVESTOR_ACCESS_LABELS,
  "not-disclosed": NOT_DISCLOSED_LABEL,
};

export const PRODUCT_KYC_LABELS: Record<ProductKyc, string> = { ...KYC_LABELS, "not-disclosed": NOT_DISCLOSED_LABEL };

/** '$500', '$2,500', '$10K', '$2.5K', '$5M', '$1.5B': the directory's short amounts. */
export function formatUsd(amount: number): string {
  const short = (value: number, unit: string) => `$${formatEnUs(Number(value.toFixed(1)))}${unit}`;
  if (amount >= 1e9) return short(amount / 1e9, "B");
  if (amount >= 1e6) return short(amount / 1e6, "M");
  if (amount >= 1e4) return short(amount / 1e3, "K");
  return `$${formatEnUs(Number(amount.toFixed(2)))}`;
}

/** The minimum in words: an amount, 'No minimum' (0), 'Not disclosed' (a page checked, silent) or 'Unknown'. */
export function minimumLabel(minUsd: number | null, known: boolean): string {
  if (minUsd === null) return known ? NOT_DISCLOSED_LABEL : UNKNOWN_LABEL;
  return minUsd === 0 ? "No minimum" : formatUsd(minUsd);
}

export type FeeNumbers = {
  managementFeePct: number | null;
  subscriptionFeePct: number | null;
  redemptionFeePct: number | null;
};

const pct = (value: number) => `${Number(value.toFixed(3))}%`;

/**
 * '0.15% management · 0.05% redemption', with a fee stated as 0 said as such ('0.25% management · no
 * redemption fee'), 'No fees' when all three are stated as 0, 'Not disclosed' when a page was checked
 * and states none, 'Unknown' when none was checked.
 */
export function feesLabel(fees: FeeNumbers, known: boolean): string {
  if (!known) return UNKNOWN_LABEL;
  const named: Array<[number | null, string]> = [
    [fees.managementFeePct, "management"],
    [fees.subscriptionFeePct, "subscription"],
    [fees.redemptionFeePct, "redemption"],
  ];
  const stated = named.filter((entry): entry is [number, string] => entry[0] !== null);
  if (stated.length === 0) return NOT_DISCLOSED_LABEL;
  if (stated.length === 3 && stated.every(([value]) => value === 0)) return "No fees";
  return stated.map(([value, name]) => (value === 0 ? `no ${name} fee` : `${pct(value)} ${name}`)).join(" · ");
}
