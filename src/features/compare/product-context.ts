import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Product } from "@/features/protocols/products/product-model";
import { productView, type ProductView } from "@/features/protocols/products/product-view";
import { protocolProductsQueryOptions } from "@/features/protocols/products/products-query";
import type { Protocol } from "@/features/protocols/model/types";
import type { Holding } from "@/lib/yield-after-fees";

// The comparison's product rows' data, 'Time to cash' and 'Yield after fees': one line per product of each
// compared protocol (issue 28), the best line marked among every compared product, as the other
// rows mark theirs. A protocol with no product says so; its row's own terms stay in the term rows.

export type ProductLine = { product: Product; view: ProductView };

/** One compared protocol's products: loading, failed, or its lines. */
export type ProductsState = { status: "pending" } | { status: "error" } | { status: "success"; lines: ProductLine[] };

export type ProductMetric = "timeToCash" | "afterFees";

export const PRODUCT_BEST_DESCRIPTION: Record<ProductMetric, string> = {
  timeToCash: "Best: shortest guaranteed time to cash among compared products",
  afterFees: "Best: highest yield after fees among compared products",
};

/** Which product ids hold each metric's best value (all of them on a tie); none while any is loading. */
export type ProductBest = Record<ProductMetric, ReadonlySet<string>>;

const NONE: ProductBest = { timeToCash: new Set(), afterFees: new Set() };

/** A line's rankable value: the guaranteed wait in days (lower is better), or the yield after fees' upper end. */
function valueOf(line: ProductLine, metric: ProductMetric): number | null {
  if (metric === "timeToCash") return line.view.timeToCash.rank;
  const result = line.view.afterFees.result;
  return result.kind === "value" ? result.max : null;
}

/**
 * The same rule as the other rows: at least two lines, a known value, values that differ (an unknown
 * differs from a known one, and is never best).
 */
export function bestProductLines(lines: readonly ProductLine[], metric: ProductMetric): Set<string> {
  if (lines.length < 2) return new Set();
  const values = lines.map((line) => ({ id: line.product.id, value: valueOf(line, metric) }));
  const known = values.filter((entry): entry is { id: string; value: number } => entry.value !== null);
  if (known.length === 0 || new Set(values.map((entry) => entry.value)).size < 2) return new Set();
  const numbers = known.map((entry) => entry.value);
  const top = metric === "timeToCash" ? Math.min(...numbers) : Math.max(...numbers);
  return new Set(known.filter((entry) => entry.value === top).map((entry) => entry.id));
}

/** Each compared protocol's products (fetched while the dialog is open), their lines and the best marks. */
export function useProductContext(
  protocols: readonly Protocol[],
  open: boolean,
  holding: Holding,
): { products: ReadonlyMap<string, ProductsState>; productBest: ProductBest } {
  const data = useQueries({
    queries: protocols.map((protocol) => ({
      ...protocolProductsQueryOptions(protocol.id),
      enabled: open && protocol.products.count > 0,
    })),
    combine: (results) => results.map((query) => (query.isError ? "error" : query.data)),
  });
  return useMemo(() => {
    const products = new Map<string, ProductsState>();
    protocols.forEach((protocol, index) => {
      const rows = data[index];
      products.set(
        protocol.id,
        protocol.products.count === 0
          ? { status: "success", lines: [] }
          : rows === undefined
            ? { status: "pending" }
            : rows === "error"
              ? { status: "error" }
              : { status: "success", lines: rows.map((product) => ({ product, view: productView(product, holding) })) },
      );
    });
    const states = [...products.values()];
    if (states.some((state) => state.status === "pending")) return { products, productBest: NONE };
    const lines = states.flatMap((state) => (state.status === "success" ? state.lines : []));
    return {
      products,
      productBest: {
        timeToCash: bestProductLines(lines, "timeToCash"),
        afterFees: bestProductLines(lines, "afterFees"),
      },
    };
  }, [protocols, data, holding]);
}
