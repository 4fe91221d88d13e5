import { queryOptions } from "@tanstack/react-query";
import { postgrest } from "@/lib/postgrest";
import { parseProtocolRows } from "./model";
import type { Protocol } from "./types";

async function fetchProtocols(signal: AbortSignal): Promise<Protocol[]> {
  const { data, error } = await postgrest
    .from("protocols")
    .select("*")
    .order("name", { ascending: true })
    // SPEC 7: the read is made once per home load. postgrest-js would otherwise retry 503s and
    // network errors up to 3 times with backoff, holding the error state back for ~7 s.
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
    // The directory is refreshed monthly: refetching on every focus would only cost requests.
    staleTime: 5 * 60 * 1000,
    // Once, as above: the app-wide default may retry, this query does not. A boot-time prefetch
    // that failed must not be repeated when the page mounts either (SPEC 2: no retry).
    retry: false,
    retryOnMount: false,
  });
}
