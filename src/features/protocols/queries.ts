import { queryOptions } from "@tanstack/react-query";
import { postgrest } from "@/lib/postgrest";
import { parseProtocolRows } from "./model";
import type { Protocol } from "./types";

async function fetchProtocols(signal: AbortSignal): Promise<Protocol[]> {
  const { data, error } = await postgrest
    .from("protocols")
    .select("*")
    .order("name", { ascending: true })
    // SPEC 7: one read per page load. postgrest-js would otherwise retry 503s and network errors
    // up to 3 times with backoff, holding the error state back for ~7 s.
    .retry(false)
    .abortSignal(signal);
  // Keep the server's message (it is what the error state shows); an empty one stays empty
  // so the page can fall back to 'Failed to load protocols'.
  if (error) throw new Error(typeof error.message === "string" ? error.message : "");
  return parseProtocolRows(data);
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
