import type { InvestorAccess, Kyc, Redemption } from "@/config/domain";

// Display labels of the term sheet, shared by the comparison and the CSV export.

/** 'unknown' is shown as 'Unknown' everywhere; it is never merged with 'No' or left blank. */
export const UNKNOWN_LABEL = "Unknown";

export const INVESTOR_ACCESS_LABELS: Record<InvestorAccess, string> = {
  retail: "Retail, US included",
  "retail-non-us": "Retail, non-US only",
  accredited: "Accredited investors",
  "qualified-purchaser": "Qualified purchasers",
  institutional: "Institutions only",
  unknown: UNKNOWN_LABEL,
};

export const KYC_LABELS: Record<Kyc, string> = { yes: "Yes", no: "No", unknown: UNKNOWN_LABEL };

const REDEMPTION_LABELS: Record<Exclude<Redemption, "days">, string> = {
  instant: "Instant",
  queue: "Withdrawal queue",
  none: "No redemption",
  unknown: UNKNOWN_LABEL,
};

export function redemptionLabel(terms: { redemption: Redemption; redemptionDays: number | null }): string {
  if (terms.redemption !== "days") return REDEMPTION_LABELS[terms.redemption];
  if (terms.redemptionDays === null) return UNKNOWN_LABEL;
  return `Within ${terms.redemptionDays} ${terms.redemptionDays === 1 ? "day" : "days"}`;
}

export function feesLabel(fees: string): string {
  return fees === "unknown" ? UNKNOWN_LABEL : fees;
}
