// One grid for the filter panel and its loading frame (directory-status.tsx), so the frame is
// exactly as tall as the loaded panel at every width and nothing moves when the data arrives.
// Six cells: search, four selects (asset class, risk, blockchain, investor type) and the sort.
export const FILTER_GRID =
  "grid gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,1.3fr)_repeat(4,minmax(0,1fr))_minmax(0,1.35fr)]";
export const FILTER_SEARCH_CELL = "md:col-span-2 lg:col-span-1";
export const FILTER_CELLS = 6;
