import { useSyncExternalStore } from "react";

// Mirrors the grid's Tailwind breakpoints (sm: 640px -> 2 columns, lg: 1024px -> 3 columns).
const QUERIES = [
  ["(min-width: 1024px)", 3],
  ["(min-width: 640px)", 2],
] as const;

function subscribe(onChange: () => void) {
  const lists = QUERIES.map(([query]) => window.matchMedia(query));
  for (const list of lists) list.addEventListener("change", onChange);
  return () => {
    for (const list of lists) list.removeEventListener("change", onChange);
  };
}

function snapshot(): number {
  for (const [query, columns] of QUERIES) if (window.matchMedia(query).matches) return columns;
  return 1;
}

export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, snapshot, () => 1);
}
