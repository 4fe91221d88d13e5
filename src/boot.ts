// Shared by the browser entry (main.tsx), the app shell (app.tsx) and the build-time prerender.
import { QueryClient } from "@tanstack/react-query";

/** Set on `#root` while it holds the build-time home frame (build/prerender.ts, main.tsx). */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The directory changes monthly: a fetched list stays fresh for the visit, and
      // switching tabs does not refetch it.
      queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}
