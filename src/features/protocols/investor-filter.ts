import type { InvestorAccess } from "@/config/domain";
import { ALL } from "@/config/site";

/** The 'Investor type' filter's options, in menu order, with their URL values (`investor=`). */
export const INVESTOR_TYPES = [
  { value: "us-retail", label: "US retail" },
  { value: "non-us-retail", label: "Non-US retail" },
  { value: "us-accredited", label: "US accredited" },
  { value: "institution", label: "Institution" },
] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number]["value"];

export const ANY_INVESTOR_LABEL = "Any investor type";

// Who each investor type may buy from. 'unknown' is never open to anyone: an unstated answer
// is not a yes.
const OPEN_TO: Record<InvestorType, readonly InvestorAccess[]> = {
  "us-retail": ["retail"],
  "non-us-retail": ["retail", "retail-non-us"],
  "us-accredited": ["retail", "retail-non-us", "accredited"],
  institution: ["retail", "retail-non-us", "accredited", "qualified-purchaser", "institutional"],
};

export function isInvestorType(value: string): value is InvestorType {
  return Object.hasOwn(OPEN_TO, value);
}

/** True when `access` is open to the selected investor type; ALL (the default) disables the filter. */
export function isOpenTo(access: InvestorAccess, selected: string): boolean {
  if (selected === ALL) return true;
  return isInvestorType(selected) && OPEN_TO[selected].includes(access);
}
