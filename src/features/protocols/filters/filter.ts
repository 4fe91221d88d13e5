import { ALL } from "@/config/site";
import { isOpenTo } from "./investor-filter";
import { investorAccessOf } from "../model/product-summary";
import type { Protocol } from "../model/types";

export type ProtocolFilters = {
  searchQuery: string;
  selectedAssetClass: string;
  selectedRisk: string;
  selectedBlockchain: string;
  /** An InvestorType value, or ALL (the default: every protocol, 'Unknown' access included). */
  selectedInvestor: string;
};

export const DEFAULT_FILTERS: ProtocolFilters = {
  searchQuery: "",
  selectedAssetClass: ALL,
  selectedRisk: ALL,
  selectedBlockchain: ALL,
  selectedInvestor: ALL,
};

export function hasActiveFilters(filters: ProtocolFilters): boolean {
  return (
    filters.searchQuery.trim() !== "" ||
    filters.selectedAssetClass !== ALL ||
    filters.selectedRisk !== ALL ||
    filters.selectedBlockchain !== ALL ||
    filters.selectedInvestor !== ALL
  );
}

/** How many of the four filter selects narrow the list (the phone's 'Filters' button shows it). */
export function activeSelectCount(filters: ProtocolFilters): number {
  return [
    filters.selectedAssetClass,
    filters.selectedRisk,
    filters.selectedBlockchain,
    filters.selectedInvestor,
  ].filter((value) => value !== ALL).length;
}

// Each protocol's lower-cased name, made once per protocol object rather than once per keystroke
// (10,000 new strings a key on the bench's scale run). The list's objects live as long as its data.
const lowerNames = new WeakMap<Protocol, string>();
function lowerName(protocol: Protocol): string {
  let name = lowerNames.get(protocol);
  if (name === undefined) {
    name = protocol.name.toLowerCase();
    lowerNames.set(protocol, name);
  }
  return name;
}

/** AND of the five filters; 'all' disables a select, an empty query matches every name. */
export function filterProtocols(protocols: readonly Protocol[], filters: ProtocolFilters): Protocol[] {
  const query = filters.searchQuery.trim().toLowerCase();
  const { selectedAssetClass, selectedRisk, selectedBlockchain, selectedInvestor } = filters;
  return protocols.filter(
    (protocol) =>
      (query === "" || lowerName(protocol).includes(query)) &&
      (selectedAssetClass === ALL || protocol.assetClasses.includes(selectedAssetClass)) &&
      (selectedRisk === ALL || protocol.riskLevel === selectedRisk) &&
      (selectedBlockchain === ALL || protocol.blockchains.includes(selectedBlockchain)) &&
      // Any of its products fits: the row's summary holds the most open access among them.
      (selectedInvestor === ALL || isOpenTo(investorAccessOf(protocol), selectedInvestor)),
  );
}

/**
 * filterProtocols that remembers its last answer: when only the query changed and the new one
 * contains the last (typing on), it searches the last results instead of the whole list. A name
 * that contains the new query contains the old one, so the answer, order included, is the same
 * (filter.test.ts checks it against filterProtocols over random edits). Any other change (a select,
 * the list, the order, a deleted letter) filters the whole list again.
 */
export function narrowingFilter(): (protocols: readonly Protocol[], filters: ProtocolFilters) => Protocol[] {
  let last: { protocols: readonly Protocol[]; filters: ProtocolFilters; query: string; results: Protocol[] } | null =
    null;
  return (protocols, filters) => {
    const query = filters.searchQuery.trim().toLowerCase();
    const narrows =
      last !== null &&
      last.protocols === protocols &&
      last.query !== "" &&
      query.includes(last.query) &&
      last.filters.selectedAssetClass === filters.selectedAssetClass &&
      last.filters.selectedRisk === filters.selectedRisk &&
      last.filters.selectedBlockchain === filters.selectedBlockchain &&
      last.filters.selectedInvestor === filters.selectedInvestor;
    const results = filterProtocols(narrows ? last!.results : protocols, filters);
    last = { protocols, filters, query, results };
    return results;
  };
}
