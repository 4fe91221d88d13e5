import { Download, SearchX } from "lucide-react";
import { memo, useId, useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FIRST_GRID_SIZE, SECOND_GRID_FADED, SECOND_GRID_MAX_HEIGHT_PX, SECOND_GRID_VISIBLE } from "@/config/site";
import { onDemand } from "@/lib/on-demand";
import { cn } from "@/lib/utils";
import { downloadProtocolsCsv } from "../export/export-csv";
import { ProtocolCard } from "../card/protocol-card";
import type { Protocol } from "../model/types";
import { useVirtualGrid } from "./use-virtual-grid";

const GRID = "grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3";
/**
 * A card out of the viewport is not styled, laid out or painted until it comes near it
 * (`content-visibility: auto`); it keeps its place with its last rendered height, or 440 px (the
 * median card at 375, 800 and 1280 px wide: 389-495 px) before it has been rendered. Each keystroke
 * or filter change rewrites every card in the grids, of which a screen shows two to six. Its text
 * stays in the page for find-in-page and screen readers. Not in the virtual grid, which measures
 * its rows to place them (decision 024).
 */
const RENDERED_ON_SCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_440px]";
/**
 * Past this many cards the expanded second grid only mounts the rows near the viewport. Below it
 * every card is in the page, so the browser's find-in-page and a screen reader's list reach all
 * of them; a hundred-odd cards mount in well under a frame's budget on a phone.
 */
export const VIRTUALIZE_AFTER = 200;

// The virtualizer is needed only by a long expanded list (thousands of rows, as in the scale
// run; the real directory has under a hundred), so its code (~11 KB gzip) is not on the boot path:
// it loads once a list is long enough to need it, before 'Show All' is clicked (and again, for a
// later list, if the download failed).
const virtualGridCode = onDemand(
  () => import("./virtual-grid"),
  (module) => module.VirtualGrid,
);

type DirectoryResultsProps = {
  /** The protocols the applied filters leave, in the chosen order. */
  results: readonly Protocol[];
  /** How many protocols the directory holds. */
  total: number;
  selectedSlugs: readonly string[];
  onToggleSelect: (slug: string) => void;
  /** Rendered between the first and second grid when there is at least one result. */
  promo?: ReactNode;
  /** A search or a select is set: the empty state offers 'Clear filters'. */
  canClear: boolean;
  onClearFilters: () => void;
};

/**
 * The count, the CSV download and the grids (or the empty state). Memoised: through a keystroke's
 * urgent render, which changes only the search box, its props keep their identity, so it renders
 * once per key, in the deferred render that applies the new query.
 */
export const DirectoryResults = memo(function DirectoryResults({
  results,
  total,
  selectedSlugs,
  onToggleSelect,
  promo,
  canClear,
  onClearFilters,
}: DirectoryResultsProps) {
  const [expanded, setExpanded] = useState(false);
  const selected = useMemo(() => new Set(selectedSlugs), [selectedSlugs]);
  // Every grid (the first, the second, the virtualized one) shows a protocol the same way.
  const card = (protocol: Protocol, className?: string) => (
    <ProtocolCard
      protocol={protocol}
      selected={selected.has(protocol.slug)}
      onToggleSelect={onToggleSelect}
      className={className}
    />
  );
  const secondGridId = useId();

  const firstGrid = results.slice(0, FIRST_GRID_SIZE);
  const secondGrid = results.slice(FIRST_GRID_SIZE);
  const canCollapse = secondGrid.length > SECOND_GRID_VISIBLE;
  const collapsed = canCollapse && !expanded;
  const secondGridShown = collapsed ? secondGrid.slice(0, SECOND_GRID_VISIBLE + SECOND_GRID_FADED) : secondGrid;

  const virtualize = secondGrid.length > VIRTUALIZE_AFTER;
  // Without the virtualizer the expanded list still works, mounting every card (slower, correct).
  const { VirtualGrid, failed: virtualGridFailed } = useVirtualGrid(virtualGridCode, virtualize);

  const summary =
    `Showing ${results.length} of ${total} protocols` +
    (selectedSlugs.length > 0 ? ` • ${selectedSlugs.length} selected` : "");

  return (
    <>
      {/* The target of the home page's 'Skip to protocols' link: the count, then the cards. */}
      <div
        id="protocols"
        tabIndex={-1}
        className="flex min-h-9 scroll-mt-20 flex-wrap items-center justify-between gap-x-4 gap-y-2 focus:outline-none"
      >
        {/* A polite live region: screen readers hear the new count after each filter change. */}
        <p
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className="text-sm font-medium text-muted-foreground tabular-nums"
        >
          {summary}
        </p>
        {results.length > 0 && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void downloadProtocolsCsv(results, "protocols")}
            title={`Download the ${results.length} listed ${results.length === 1 ? "protocol" : "protocols"} as a CSV file`}
          >
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        )}
      </div>

      {results.length === 0 ? (
        <div className="flex min-h-60 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
          <SearchX className="size-8 text-faint-foreground" aria-hidden="true" />
          <p className="text-base font-semibold text-foreground">
            {total === 0 ? "No protocols to show yet." : "No protocols match your filters."}
          </p>
          <p className="max-w-md text-sm text-muted-foreground">
            {total === 0
              ? "The directory is updated monthly; check back soon."
              : "Try a different name or widen the asset class, risk level or blockchain."}
          </p>
          {canClear && (
            <Button variant="outline" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </div>
      ) : (
        <>
          <h2 className="sr-only">Protocols</h2>
          {/* The grids key their cards by place: when a keystroke or a filter changes which
              protocols fill them, each card's text and links are updated in place rather than
              every card removed and built again (a card holds no state of its own). */}
          <ul className={GRID}>
            {firstGrid.map((protocol, index) => (
              <li key={index}>{card(protocol, RENDERED_ON_SCREEN)}</li>
            ))}
          </ul>

          {promo}

          {secondGrid.length > 0 && (
            <div className="space-y-5">
              <div
                id={secondGridId}
                className={cn("relative", collapsed && "overflow-hidden")}
                style={collapsed ? { maxHeight: SECOND_GRID_MAX_HEIGHT_PX } : undefined}
              >
                {!collapsed && virtualize && !virtualGridFailed ? (
                  VirtualGrid ? (
                    <VirtualGrid
                      protocols={secondGrid}
                      renderCard={card}
                      label={`${secondGrid.length} more protocols`}
                    />
                  ) : (
                    // Only if expanded within the few milliseconds the code takes to arrive.
                    <div className="min-h-[60vh]" aria-busy="true" />
                  )
                ) : (
                  <ul className={GRID}>
                    {secondGridShown.map((protocol, index) => {
                      const faded = collapsed && index >= SECOND_GRID_VISIBLE;
                      return (
                        <li
                          key={index}
                          aria-hidden={faded || undefined}
                          inert={faded}
                          data-faded={faded || undefined}
                          className={cn(faded && "pointer-events-none opacity-40 blur-[2px] select-none")}
                        >
                          {card(protocol, RENDERED_ON_SCREEN)}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {collapsed && (
                  <div
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-x-0 bottom-0 h-40 bg-gradient-to-t from-background via-background/80 to-transparent"
                  />
                )}
              </div>
              {canCollapse && (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    size="lg"
                    aria-expanded={expanded}
                    aria-controls={secondGridId}
                    onClick={() => setExpanded((value) => !value)}
                    className="min-w-56 shadow-sm"
                  >
                    {expanded ? "Show Less" : `Show All ${results.length} Protocols`}
                  </Button>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </>
  );
});
