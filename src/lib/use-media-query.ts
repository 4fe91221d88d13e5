import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the CSS media query matches now, re-rendering when that changes. The app's one reader
 * of `matchMedia` (the comparison's phone layout, the grid's column count). The prerendered shell
 * and hydration see `serverValue`, so the first client render matches the HTML.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
