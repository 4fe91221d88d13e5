// One protocol's products: GET /rest/v1/products?select=*&protocol_id=eq.<uuid>&order=symbol.asc,
// read by its page's Products section and by the comparison (one query per compared protocol).
import { queryOptions } from "@tanstack/react-query";
import { READ_ONCE, readRest } from "@/lib/postgrest";
import { parseProductRows, type Product } from "./product-model";

async function fetchProducts(protocolId: string, signal: AbortSignal): Promise<Product[]> {
  let rows: unknown;
  try {
    const query = new URLSearchParams({ select: "*", protocol_id: `eq.${protocolId}`, order: "symbol.asc" });
    rows = await readRest(`products?${query}`, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const message = error instanceof Error ? error.message.trim() : "";
    throw new Error(message !== "" ? message : "Failed to load the products", { cause: error });
  }
  return parseProductRows(rows);
}

export function protocolProductsQueryOptions(protocolId: string) {
  return queryOptions({
    queryKey: ["protocol-products", protocolId] as const,
    queryFn: ({ signal }) => fetchProducts(protocolId, signal),
    // Written by data:push and the daily refresh: a visit never needs it twice.
    staleTime: 30 * 60_000,
    ...READ_ONCE,
  });
}
