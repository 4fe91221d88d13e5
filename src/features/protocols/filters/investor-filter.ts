import { INVESTOR_ACCESS, type InvestorAccess } from "@/config/domain";
import { ALL } from "@/config/site";

// INVESTOR_ACCESS runs from the most open to the most restricted, then 'unknown'. Each investor
// type may buy the first `opens` of them: 'US retail' retail only, 'Non-US retail' adds
// retail-non-us, 'US accredited' adds accredited, 'Institution' everything but 'unknown' (an
// unstated answer is never a yes).
/** The 'Investor type' filter's options, in menu order, with their URL values (`investor=`). */
export const INVESTOR_TYPES = [
  { value: "us-retail", label: "US retail", opens: 1 },
  { value: "non-us-retail", label: "Non-US retail", opens: 2 },
  { value: "us-accredited", label: "US accredited", opens: 3 },
  { value: "institution", label: "Institution", opens: 5 },
] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number]["value"];

export const ANY_INVESTOR_LABEL = "Any investor type";

export function isInvestorType(value: string): value is InvestorType {
  return INVESTOR_TYPES.some((type) => type.value === value);
}

/** True when `access` is open to the selected investor type; ALL (the default) disables the filter. */
export function isOpenTo(access: InvestorAccess, selected: string): boolean {
  if (selected === ALL) return true;
  const type = INVESTOR_TYPES.find((t) => t.value === selected);
  return type !== undefined && INVESTOR_ACCESS.indexOf(access) < type.opens;
}
