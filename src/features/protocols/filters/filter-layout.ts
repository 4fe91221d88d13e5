// One grid for the filter panel and its loading frame (directory-status.tsx), so the frame is
// exactly as tall as the loaded panel at every width and nothing moves when the data arrives.
// Six cells: search, four selects (asset class, risk, blockchain, investor type) and the sort.
// At most three to a row, so every label and option reads in full ('All asset classes', 'Any
// investor type', 'Minimum investment (low to high)') at any width: six in one row at 1280 px cut
// them to 'All asset class…' (e2e/filter-labels.spec.ts checks 1280, 1024, 768, 375).
export const FILTER_GRID = "grid gap-4 md:grid-cols-2 lg:grid-cols-3";
export const FILTER_SEARCH_CELL = "md:col-span-2 lg:col-span-1";
export const FILTER_CELLS = 6;
/**
 * The five selects' wrapper: below md a folded panel of its own (one column, shown by the
 * 'Filters' button); from md up it is not a box at all (display: contents), so the selects are
 * cells of the grid above, as before.
 */
export const FILTER_FOLD = "gap-4 md:contents";
