// The data half of the boot: the query client, and the protocols read sent before the UI code
// (render-app.tsx) is even evaluated, so the response overlaps React's start-up.
import { QueryClient } from "@tanstack/react-query";
import { sendProtocolsRequestEarly } from "@/features/protocols/model/queries";

// The app's one query client. Each query sets its own staleTime and retry (queries.ts,
// history.ts); data this static is kept for the visit and never refetched on a tab switch.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { gcTime: 30 * 60_000, refetchOnWindowFocus: false } },
});

// The routes that read the list: the home page and the protocol pages.
if (window.location.pathname === "/" || window.location.pathname.startsWith("/protocols/")) {
  sendProtocolsRequestEarly();
}
