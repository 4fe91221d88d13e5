// The data half of the boot: the query client and the directory's request, started before the
// UI code is even evaluated, so the response overlaps React's start-up and the hydration.
import { createQueryClient } from "@/boot";
import { protocolsQueryOptions } from "@/features/protocols/queries";

export const queryClient = createQueryClient();

// The prerendered frame shows the loading state, so hydration must render it too: a response
// that lands before the hydrating render would make React's first render differ from the markup
// (a hydration error and a full re-render). The response is therefore held until render-app.tsx
// opens this gate: at once when it renders from scratch, after the hydration commit otherwise.
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
export function releaseProtocols(): void {
  openGate();
}

// The home page and the protocol pages read the list. This is prefetchProtocols (queries.ts) with
// the gate in front of the result; the request itself starts now. prefetchQuery never rejects; a
// failure surfaces as the page's error state.
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
