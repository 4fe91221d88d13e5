import { ALL } from "@/config/site";
import type { Protocol } from "./types";

export type ProtocolFilters = {
  searchQuery: string;
  selectedAssetClass: string;
  selectedRisk: string;
  selectedBlockchain: string;
};

export const DEFAULT_FILTERS: ProtocolFilters = {
  searchQuery: "",
  selectedAssetClass: ALL,
  selectedRisk: ALL,
  selectedBlockchain: ALL,
};

export function hasActiveFilters(filters: ProtocolFilters): boolean {
  return (
    filters.searchQuery.trim() !== "" ||
    filters.selectedAssetClass !== ALL ||
    filters.selectedRisk !== ALL ||
    filters.selectedBlockchain !== ALL
  );
}

/** AND of the four filters; 'all' disables a select, an empty query matches every name. */
export function filterProtocols(protocols: readonly Protocol[], filters: ProtocolFilters): Protocol[] {
  const query = filters.searchQuery.trim().toLowerCase();
  const { selectedAssetClass, selectedRisk, selectedBlockchain } = filters;
  return protocols.filter(
    (protocol) =>
      (query === "" || protocol.name.toLowerCase().includes(query)) &&
      (selectedAssetClass === ALL || protocol.assetClasses.includes(selectedAssetClass)) &&
      (selectedRisk === ALL || protocol.riskLevel === selectedRisk) &&
      (selectedBlockchain === ALL || protocol.blockchains.includes(selectedBlockchain)),
  );
}
