// Shared by the data half of the boot (start.ts) and the app shell (app.tsx). The prerendered
// frame's attribute lives in frame.ts.
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The directory changes monthly: a fetched list stays fresh for the visit, and
      // switching tabs does not refetch it.
      queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}
