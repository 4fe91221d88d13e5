import { Search, X } from "lucide-react";
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef } from "react";
import { Input } from "@/components/ui/input";
import { LazySelect } from "@/components/ui/lazy-select";
import { ALL, ASSET_CLASSES, BLOCKCHAINS, RISK_LEVELS } from "@/config/site";
import type { FilterOptions } from "./filter-options";
import type { ProtocolFilters } from "./filter";
import { FILTER_FOLD, FILTER_GRID, FILTER_SEARCH_CELL } from "./filter-layout";
import { ANY_INVESTOR_LABEL, INVESTOR_TYPES } from "./investor-filter";
import { SORT_KEYS, SORT_LABELS, type SortKey } from "./sort";

type FilterSelectProps = {
  label: string;
  /** The first option; omitted for a select that has no "off" value (the sort). */
  allLabel?: string;
  options: readonly string[];
  optionLabel?: (option: string) => string;
  value: string;
  onChange: (value: string) => void;
};

/**
 * Memoised, with a stable `onChange` (ProtocolFiltersBar): a keystroke in the search box changes
 * the filters but not this select's value, so its Radix Select is not rendered again per key.
 */
const FilterSelect = memo(function FilterSelect({
  label,
  allLabel,
  options,
  optionLabel = (option) => option,
  value,
  onChange,
}: FilterSelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-subtle-foreground uppercase">
        {label}
      </label>
      <LazySelect
        id={id}
        value={value}
        onValueChange={onChange}
        items={[
          ...(allLabel === undefined ? [] : [{ value: ALL, label: allLabel }]),
          ...options.map((option) => ({ value: option, label: optionLabel(option) })),
        ]}
      />
    </div>
  );
});

const sortLabel = (key: string) => SORT_LABELS[key as SortKey];

const INVESTOR_VALUES = INVESTOR_TYPES.map((type) => type.value);
const investorLabel = (value: string) => INVESTOR_TYPES.find((type) => type.value === value)?.label ?? value;

/** Without data (the loading frame, tests): the spec's vocabularies alone. */
const SPEC_OPTIONS: FilterOptions = { assetClasses: ASSET_CLASSES, blockchains: BLOCKCHAINS };

type ProtocolFiltersProps = {
  filters: ProtocolFilters;
  /** What the asset-class and blockchain selects offer (filter-options.ts): the spec's lists, then the data's others. */
  options?: FilterOptions;
  onChange: (filters: ProtocolFilters) => void;
  sort: SortKey;
  onSortChange: (sort: SortKey) => void;
  /** The selects' wrapper: its id (the 'Filters' button controls it) and, below md, whether it is folded. */
  foldId?: string;
  folded?: boolean;
};

export function ProtocolFiltersBar({
  filters,
  options = SPEC_OPTIONS,
  onChange,
  sort,
  onSortChange,
  foldId,
  folded = false,
}: ProtocolFiltersProps) {
  const searchId = useId();
  // The handlers never change (the memoised selects keep their props): they read the latest
  // filters and callbacks when called.
  const latest = useRef({ filters, onChange, onSortChange });
  useLayoutEffect(() => {
    latest.current = { filters, onChange, onSortChange };
  });
  const set = useCallback(
    (key: keyof ProtocolFilters, value: string) => latest.current.onChange({ ...latest.current.filters, [key]: value }),
    [],
  );
  const on = useMemo(
    () => ({
      assetClass: (value: string) => set("selectedAssetClass", value),
      risk: (value: string) => set("selectedRisk", value),
      blockchain: (value: string) => set("selectedBlockchain", value),
      investor: (value: string) => set("selectedInvestor", value),
      sort: (value: string) => latest.current.onSortChange(value as SortKey),
    }),
    [set],
  );

  return (
    <div className={FILTER_GRID}>
      <div className={`flex min-w-0 flex-col gap-1.5 ${FILTER_SEARCH_CELL}`}>
        <label htmlFor={searchId} className="text-xs font-semibold tracking-wide text-subtle-foreground uppercase">
          Search by name
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-placeholder"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search protocols..."
            autoComplete="off"
            spellCheck={false}
            value={filters.searchQuery}
            onChange={(event) => set("searchQuery", event.target.value)}
            className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {filters.searchQuery !== "" && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => set("searchQuery", "")}
              className="absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded text-placeholder hover:bg-muted hover:text-foreground"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      {/* Below md the five selects fold behind the panel's 'Filters' button (filter-panel.tsx). */}
      <div id={foldId} className={`${folded ? "hidden" : "grid"} ${FILTER_FOLD}`}>
        {/* Kept as five calls of one FilterSelect (alike in shape only): each has its own label, options and field. */}
        <FilterSelect
          label="Asset class"
          allLabel="All asset classes"
          options={options.assetClasses}
          value={filters.selectedAssetClass}
          onChange={on.assetClass}
        />
        <FilterSelect
          label="Risk level"
          allLabel="All risk levels"
          options={RISK_LEVELS}
          value={filters.selectedRisk}
          onChange={on.risk}
        />
        <FilterSelect
          label="Blockchain"
          allLabel="All blockchains"
          options={options.blockchains}
          value={filters.selectedBlockchain}
          onChange={on.blockchain}
        />
        <FilterSelect
          label="Investor type"
          allLabel={ANY_INVESTOR_LABEL}
          options={INVESTOR_VALUES}
          optionLabel={investorLabel}
          value={filters.selectedInvestor}
          onChange={on.investor}
        />
        <FilterSelect label="Sort by" options={SORT_KEYS} optionLabel={sortLabel} value={sort} onChange={on.sort} />
      </div>
    </div>
  );
}
