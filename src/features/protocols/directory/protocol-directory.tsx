import { useDeferredValue, useMemo, useState, type ReactNode } from "react";
import { loadSelect } from "@/components/ui/lazy-select";
import { hasActiveFilters, narrowingFilter, type ProtocolFilters } from "../filters/filter";
import { canonicalFilters, filterOptions } from "../filters/filter-options";
import { FilterPanel } from "../filters/filter-panel";
import { sortProtocols, type SortKey } from "../filters/sort";
import type { Protocol } from "../model/types";
import { DirectoryResults } from "./directory-results";

/**
 * The filter selects' code (lazy-select.tsx) starts downloading on intent anywhere in the
 * directory: a pointer over its filters or cards, a touch, focus in it. Warming only on the
 * trigger itself left the download inside the first press (measured 2026-11-25: 2.7 s against 0.9 s for
 * later ones on a cold load), since a pointer reaches a select only just before pressing it.
 * Input comes first, so nothing is added to the boot. A failed load is left for the press to retry.
 */
const warmSelects = () => void loadSelect().catch(() => {});

type ProtocolDirectoryProps = {
  protocols: readonly Protocol[];
  /** Slugs of the protocols picked for comparison. */
  selectedSlugs: readonly string[];
  onToggleSelect: (slug: string) => void;
  /** Rendered between the first and second grid when there is at least one result. */
  promo?: ReactNode;
  /** The view is owned by the page (it lives in the URL there). */
  filters: ProtocolFilters;
  onFiltersChange: (filters: ProtocolFilters) => void;
  sort: SortKey;
  onSortChange: (sort: SortKey) => void;
  /** Resets the search and the three selects; the sort is kept (it never hides a protocol). */
  onClearFilters: () => void;
};

export function ProtocolDirectory({
  protocols,
  selectedSlugs,
  onToggleSelect,
  promo,
  filters: requestedFilters,
  onFiltersChange,
  sort,
  onSortChange,
  onClearFilters,
}: ProtocolDirectoryProps) {
  // The selects offer the spec's lists, then the chains (and 'Unclassified') the data holds; the
  // URL's chain or class is spelled as the data spells it, or ignored when the data has none.
  const options = useMemo(() => filterOptions(protocols), [protocols]);
  const filters = useMemo(() => canonicalFilters(requestedFilters, options), [requestedFilters, options]);
  // Sorted once per data/sort change, not per keystroke.
  const sorted = useMemo(() => sortProtocols(protocols, sort), [protocols, sort]);
  // Typing stays responsive on large lists: the grid re-filters at lower priority.
  const deferredQuery = useDeferredValue(filters.searchQuery);
  // Keyed on the selects and the deferred query only: the urgent render a keystroke starts (the
  // box's new text) keeps the same filters and so the same results, and leaves the 10,000-row
  // filter and the grid to the deferred render, instead of running them twice per key.
  const { selectedAssetClass, selectedRisk, selectedBlockchain, selectedInvestor } = filters;
  const appliedFilters = useMemo(
    () => ({ selectedAssetClass, selectedRisk, selectedBlockchain, selectedInvestor, searchQuery: deferredQuery }),
    [selectedAssetClass, selectedRisk, selectedBlockchain, selectedInvestor, deferredQuery],
  );
  // Typing on searches the last results rather than the whole list (filter.ts).
  const [filterProtocols] = useState(narrowingFilter);
  const results = useMemo(() => filterProtocols(sorted, appliedFilters), [filterProtocols, sorted, appliedFilters]);

  return (
    <div className="space-y-6" onPointerEnter={warmSelects} onTouchStart={warmSelects} onFocus={warmSelects}>
      <FilterPanel
        filters={filters}
        options={options}
        onChange={onFiltersChange}
        sort={sort}
        onSortChange={onSortChange}
        onClearFilters={onClearFilters}
      />

      <DirectoryResults
        results={results}
        total={protocols.length}
        selectedSlugs={selectedSlugs}
        onToggleSelect={onToggleSelect}
        promo={promo}
        canClear={hasActiveFilters(filters)}
        onClearFilters={onClearFilters}
      />
    </div>
  );
}
