import { SlidersHorizontal } from "lucide-react";
import { memo, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { activeSelectCount, hasActiveFilters, type ProtocolFilters } from "./filter";
import type { FilterOptions } from "./filter-options";
import { ProtocolFiltersBar } from "./protocol-filters";
import type { SortKey } from "./sort";

type FilterPanelProps = {
  filters: ProtocolFilters;
  options: FilterOptions;
  onChange: (filters: ProtocolFilters) => void;
  sort: SortKey;
  onSortChange: (sort: SortKey) => void;
  /** Resets the search and the four filter selects. */
  onClearFilters: () => void;
};

/**
 * The spec's 'Filter Protocols' section. Below md its five selects fold behind one 'Filters'
 * button that says how many filters are on, so a phone reaches the cards in about a screen
 * (docs/decisions/017-phone-first-screen.md); from md up every select shows, as before.
 */
/** Memoised: a compare pick re-renders the directory, and the panel's five selects need not follow. */
export const FilterPanel = memo(function FilterPanel({
  filters,
  options,
  onChange,
  sort,
  onSortChange,
  onClearFilters,
}: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const foldId = useId();
  const active = activeSelectCount(filters);
  const resettable = hasActiveFilters(filters);

  return (
    <section
      aria-labelledby="filter-heading"
      className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="mb-3 flex items-center justify-between gap-3 sm:mb-4">
        <h2 id="filter-heading" className="flex items-center gap-2 text-lg font-bold tracking-tight text-foreground">
          <SlidersHorizontal className="hidden size-5 text-accent sm:block" aria-hidden="true" />
          Filter Protocols
        </h2>
        {resettable && (
          <Button variant="ghost" size="sm" onClick={onClearFilters} className="max-md:hidden">
            Reset filters
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={foldId}
          // 'Filters, 2 active' read as one phrase (an sr-only span would be read after a pause).
          aria-label={active > 0 ? `Filters, ${active} active` : undefined}
          onClick={() => setOpen((value) => !value)}
          className="md:hidden"
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {active > 0 && (
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs text-accent-foreground tabular-nums">
              {active}
            </span>
          )}
        </Button>
      </div>
      <ProtocolFiltersBar
        filters={filters}
        options={options}
        onChange={onChange}
        sort={sort}
        onSortChange={onSortChange}
        foldId={foldId}
        folded={!open}
      />
      {open && resettable && (
        <div className="mt-4 flex justify-end md:hidden">
          <Button variant="ghost" size="sm" onClick={onClearFilters}>
            Reset filters
          </Button>
        </div>
      )}
    </section>
  );
});
