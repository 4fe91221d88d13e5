// Time to cash: how soon a holder of a product can turn it back into cash, in one line computed
// from the product's redemption terms and any instant-liquidity facility. A pure, versioned rule:
// /methodology states it (src/lib/product-method.ts) and docs/methodology.md says the same.
// Relative imports: the data tooling and the build use it outside Vite's aliases.
import type { ProductRedemption, RedemptionWindow } from "../config/domain.ts";

export const TIME_TO_CASH_VERSION = "1.0";

/** What the rule reads from a product. */
export type CashTerms = {
  redemption: ProductRedemption;
  /** Business days to be paid, with redemption 'days'. */
  redemptionDays: number | null;
  /** With redemption 'window'. */
  redemptionWindow: RedemptionWindow | null;
  /** With redemption 'queue': the usual wait the issuer states, in hours (null when it states none). */
  redemptionUsualHours: number | null;
  /** A facility that pays out the same day beside the normal redemption (a USDC swap, a PSM). */
  instantFacility: string | null;
};

export type TimeToCash = {
  /** 'Same day (USDC swap)', 'T+1', 'Queue: usually under 24 h, no guaranteed maximum', 'Monthly window', 'Unknown'. */
  label: string;
  /** The facility's description when the label could not hold it; null otherwise. */
  detail: string | null;
  /** The guaranteed longest wait in days, for ranking (0: same day); null when none is stated or guaranteed. */
  days: number | null;
};

/** A facility's name fits in the label's brackets up to this many characters. */
export const FACILITY_LABEL_MAX = 40;

/** The longest wait a window implies, in days: the next window may be this far away. */
export const WINDOW_DAYS: Record<RedemptionWindow, number> = { daily: 1, weekly: 7, monthly: 31, quarterly: 92 };

const WINDOW_LABELS: Record<RedemptionWindow, string> = {
  daily: "Daily window",
  weekly: "Weekly window",
  monthly: "Monthly window",
  quarterly: "Quarterly window",
};

/** '24 h' up to two days, then whole days ('5 days'). */
export function formatUsualWait(hours: number): string {
  if (hours <= 48) return `${Math.round(hours * 10) / 10} h`;
  const days = Math.ceil(hours / 24);
  return `${days} days`;
}

/**
 * The rule, in order: an instant facility means the same day, named in brackets; then the
 * redemption itself: 'instant' is the same day, 'days' is T+n, a window names its frequency, a
 * queue says it guarantees no maximum (and its usual wait when stated), no redemption says so, and
 * anything not stated is 'Not disclosed' or 'Unknown'.
 */
export function timeToCash(terms: CashTerms): TimeToCash {
  const facility = terms.instantFacility?.trim() ?? "";
  if (facility !== "" && terms.redemption !== "none") {
    const fits = facility.length <= FACILITY_LABEL_MAX;
    return {
      label: `Same day (${fits ? facility : "instant facility"})`,
      detail: fits ? null : facility,
      days: 0,
    };
  }
  switch (terms.redemption) {
    case "instant":
      return { label: "Same day", detail: null, days: 0 };
    case "days":
      return terms.redemptionDays === null
        ? { label: "Unknown", detail: null, days: null }
        : { label: `T+${terms.redemptionDays}`, detail: null, days: terms.redemptionDays };
    case "window":
      return terms.redemptionWindow === null
        ? { label: "Periodic window", detail: null, days: null }
        : {
            label: WINDOW_LABELS[terms.redemptionWindow],
            detail: null,
            days: WINDOW_DAYS[terms.redemptionWindow],
          };
    case "queue":
      return {
        label:
          terms.redemptionUsualHours === null
            ? "Queue: no guaranteed maximum"
            : `Queue: usually under ${formatUsualWait(terms.redemptionUsualHours)}, no guaranteed maximum`,
        detail: null,
        days: null,
      };
    case "none":
      return { label: "No redemption (sale only)", detail: null, days: null };
    case "not-disclosed":
      return { label: "Not disclosed", detail: null, days: null };
    case "unknown":
      return { label: "Unknown", detail: null, days: null };
  }
}
