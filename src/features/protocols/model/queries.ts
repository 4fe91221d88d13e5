import { queryOptions } from "@tanstack/react-query";
import { READ_ONCE, readRest } from "@/lib/postgrest";
import { parseProtocolRows } from "./model";
import type { Protocol } from "./types";

/**
 * The protocols read, never retried (docs/product.md, 'The directory', States). The server's message is what the error state shows; an empty one
 * stays empty so the page can fall back to 'Failed to load protocols'.
 */
async function fetchProtocols(signal?: AbortSignal): Promise<Protocol[]> {
  return parseProtocolRows(await readRest("protocols?select=*&order=name.asc", signal));
}

// The boot's read, sent before the app's UI code has even arrived (main.tsx), and handed to the
// query's first run. The response reaches the cache only when something runs the query: a route's
// loader, or the home page once it has hydrated (its first render must match the prerendered
// loading frame, so the data may not be in the cache before then).
let early: Promise<Protocol[]> | null = null;

/** Sends the protocols read now, for the query's first run to take. */
export function sendProtocolsRequestEarly(): void {
  early = fetchProtocols();
  // A failure is the query's to report, once it takes the promise.
  early.catch(() => {});
}

export function protocolsQueryOptions() {
  return queryOptions({
    queryKey: ["protocols"] as const,
    queryFn: ({ signal }) => {
      const sent = early;
      early = null;
      return sent ?? fetchProtocols(signal);
    },
    // The list changes monthly: once fetched, it serves the next 5 minutes' pages without a refetch.
    staleTime: 5 * 60 * 1000,
    // No retry, not even when a page mounts after the boot's read failed.
    ...READ_ONCE,
  });
}
