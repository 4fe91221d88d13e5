// One protocol's rows from a table, as a query: what the protocol page and the comparison read
// beside the protocol list (the TVL and yield histories, the risk factors). The read is
// lib/postgrest.ts's GET; this adds the protocol filter, the message an error shows, the parse and
// the query's options, the same for every such table.
import { queryOptions } from "@tanstack/react-query";
import { READ_ONCE, readRest } from "@/lib/postgrest";

/** How one table is read for one protocol. */
export type ProtocolRead<T> = {
  /** The query key's first part (['protocol-tvl-history', id]). */
  key: string;
  table: string;
  /** PostgREST's `select` (the columns) and, when the rows have one, `order`. */
  select: string;
  order?: string;
  /** More PostgREST filters beside the protocol's ({ kind: "in.(a,b)" }). */
  filters?: Record<string, string>;
  /** Validates the served rows into what the page shows. */
  parse: (rows: unknown) => T;
  /** What the error says when the server's has no message ('Failed to load the TVL history'). */
  fallback: string;
};

/**
 * GET the protocol's rows. A failure rejects with the server's message, or `fallback` when it sent
 * none (the cause kept); an aborted read rejects as it was aborted.
 */
async function readProtocolRows<T>(read: ProtocolRead<T>, protocolId: string, signal: AbortSignal): Promise<T> {
  let rows: unknown;
  try {
    const query = new URLSearchParams({
      select: read.select,
      protocol_id: `eq.${protocolId}`,
      ...read.filters,
      ...(read.order === undefined ? {} : { order: read.order }),
    });
    rows = await readRest(`${read.table}?${query}`, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const message = error instanceof Error ? error.message.trim() : "";
    throw new Error(message !== "" ? message : read.fallback, { cause: error });
  }
  return read.parse(rows);
}

/** The query for one protocol's rows of `read`'s table: read once, no retry. */
export function protocolQueryOptions<T>(read: ProtocolRead<T>, protocolId: string) {
  return queryOptions({
    queryKey: [read.key, protocolId] as const,
    queryFn: ({ signal }) => readProtocolRows(read, protocolId, signal),
    // Written once a day by the refresh, or with the protocols by data:push: a visit never needs it twice.
    staleTime: 30 * 60_000,
    ...READ_ONCE,
  });
}
