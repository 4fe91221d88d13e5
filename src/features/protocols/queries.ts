import { queryOptions } from "@tanstack/react-query";
import { readRest } from "@/lib/postgrest";
import { parseProtocolRows } from "./model";
import type { Protocol } from "./types";

/**
 * One read, no retry (SPEC 7). The server's message is what the error state shows; an empty one
 * stays empty so the page can fall back to 'Failed to load protocols'.
 */
async function fetchProtocols(signal: AbortSignal): Promise<Protocol[]> {
  return parseProtocolRows(await readRest("protocols?select=*&order=name.asc", signal));
}

export function protocolsQueryOptions() {
  return queryOptions({
    queryKey: ["protocols"] as const,
    queryFn: ({ signal }) => fetchProtocols(signal),
    // The list changes monthly: once fetched, it serves the visit's pages without a refetch.
    staleTime: 5 * 60 * 1000,
    // No retry (SPEC 2), not even when a page mounts after start.ts's request failed.
    retry: false,
    retryOnMount: false,
  });
}
