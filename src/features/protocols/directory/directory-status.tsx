import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { FILTER_CELLS, FILTER_GRID, FILTER_SEARCH_CELL } from "../filters/filter-layout";

const bar = "rounded bg-muted";

/**
 * The directory while the list loads, and what the prerendered index.html shows: the filter panel
 * (the search and five selects, as protocol-filters.tsx, folded below md), the count line and the first grid's
 * cards, each as tall as the loaded version so nothing moves when the data arrives (the CLS
 * budget in docs/performance.md).
 */
export function DirectoryLoading() {
  return (
    <div className="space-y-6">
      <div aria-hidden="true" className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6">
        {/* Below md the heading row also holds the 'Filters' button (filter-panel.tsx). */}
        <div className="mb-3 flex h-9 items-center justify-between sm:mb-4 md:h-7">
          <div className={`h-5 w-40 ${bar}`} />
          <div className="h-9 w-24 rounded-md border border-border bg-muted/40 md:hidden" />
        </div>
        <div className={FILTER_GRID}>
          {Array.from({ length: FILTER_CELLS }, (_, index) => (
            <div
              key={index}
              // Below md the selects are folded behind the 'Filters' button.
              className={
                index === 0 ? `flex flex-col gap-1.5 ${FILTER_SEARCH_CELL}` : "hidden flex-col gap-1.5 md:flex"
              }
            >
              <div className="flex h-4 items-center">
                <div className={`h-3 w-20 ${bar}`} />
              </div>
              <div className="h-10 rounded-md border border-border bg-muted/40" />
            </div>
          ))}
        </div>
      </div>
      <div id="protocols" tabIndex={-1} className="flex min-h-9 scroll-mt-20 items-center focus:outline-none">
        <p role="status" className="text-sm font-medium text-muted-foreground">
          Loading protocols...
        </p>
      </div>
      <ul aria-hidden="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <li
            key={index}
            className="h-[27.6875rem] animate-pulse rounded-xl border border-border bg-surface p-5 sm:h-[26.6875rem]"
          >
            <div className={`h-5 w-2/3 ${bar}`} />
            <div className={`mt-3 h-4 w-full ${bar}`} />
            <div className={`mt-2 h-4 w-4/5 ${bar}`} />
            <div className="mt-5 h-24 rounded-lg bg-muted/70" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The protocols request failed (home and protocol pages): the server's message, or the spec's fallback. */
export function DirectoryError({ message }: { message: string }) {
  return (
    <Alert variant="destructive" radius="xl" className="min-h-60 py-12 [&>svg]:size-7">
      <AlertTitle className="text-base">Error loading protocols</AlertTitle>
      <AlertDescription>{message.trim() || "Failed to load protocols"}</AlertDescription>
    </Alert>
  );
}
