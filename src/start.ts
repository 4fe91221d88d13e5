// The data half of the boot: the query client and the directory's request, started before the
// UI code (render-app.tsx) is even evaluated, so the response overlaps React's start-up.
import { QueryClient } from "@tanstack/react-query";
import { protocolsQueryOptions } from "@/features/protocols/queries";

// The app's one query client. Each query sets its own staleTime and retry (queries.ts,
// history.ts); data this static is kept for the visit and never refetched on a tab switch.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { gcTime: 30 * 60_000, refetchOnWindowFocus: false } },
});

// Hydration must render the prerendered loading frame, so the response waits behind this gate
// until render-app.tsx opens it (after the hydration commit, or at once when it renders from
// scratch). A response let in earlier would be a hydration mismatch (React error #418).
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
export function releaseProtocols(): void {
  openGate();
}

// The routes that read the list (home and the protocol pages) get their request now. A failure
// surfaces as the page's error state (prefetchQuery never rejects; the query does not retry).
if (window.location.pathname === "/" || window.location.pathname.startsWith("/protocols/")) {
  const options = protocolsQueryOptions();
  const fetchRows = options.queryFn as Exclude<typeof options.queryFn, symbol | undefined>;
  void queryClient.prefetchQuery({
    ...options,
    queryFn: async (context) => {
      try {
        return await fetchRows(context);
      } finally {
        await gate;
      }
    },
  });
}
