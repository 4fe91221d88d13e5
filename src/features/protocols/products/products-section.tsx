import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useMemo, useRef } from "react";
import { Link } from "react-router-dom";
import { HoldingControls } from "@/components/holding-controls";
import { useScrollIntoViewOnHash } from "@/components/layout/use-scroll-into-view-on-hash";
import { useHolding } from "@/lib/use-holding";
import { useMediaQuery } from "@/lib/use-media-query";
import { PRODUCTS_SECTION_ID } from "../model/figure-provenance";
import { productCountText } from "../model/product-summary";
import type { Protocol } from "../model/types";
import { NoteLine } from "./product-cells";
import { ProductStack, ProductTable } from "./product-layouts";
import { productView } from "./product-view";
import { protocolProductsQueryOptions } from "./products-query";

/** From 1024px the table; below it one block per product. */
const WIDE_QUERY = "(min-width: 1024px)";

/**
 * 'Products': every token the protocol issues, with its own terms (who may buy, KYC, minimum, time
 * to cash, fees), its yield and what is kept after fees for the visit's holding; each figure links
 * the page that states it and says its dates.
 */
export function ProductsSection({ protocol }: { protocol: Protocol }) {
  const { data, error } = useQuery(protocolProductsQueryOptions(protocol.id));
  const holding = useHolding();
  const wide = useMediaQuery(WIDE_QUERY, true);
  const section = useRef<HTMLElement>(null);
  useScrollIntoViewOnHash(section, PRODUCTS_SECTION_ID, data !== undefined || error !== null);
  const entries = useMemo(
    () => (data ?? []).map((product) => ({ product, view: productView(product, holding) })),
    [data, holding],
  );

  let body;
  if (error) {
    body = (
      <p role="alert" className="mt-4 text-sm text-danger">
        The products could not be loaded: {error.message}
      </p>
    );
  } else if (data === undefined) {
    body = (
      <p role="status" className="mt-4 text-sm text-muted-foreground">
        Loading products...
      </p>
    );
  } else if (entries.length === 0) {
    body = <p className="mt-4 text-sm text-muted-foreground">No product of this protocol is recorded yet.</p>;
  } else {
    const notes = entries.flatMap(({ product }) => product.notes.map((note) => ({ symbol: product.symbol, note })));
    body = (
      <>
        {wide ? <ProductTable entries={entries} protocolName={protocol.name} /> : <ProductStack entries={entries} />}
        {notes.length > 0 && (
          <ul className="mt-4 space-y-1 text-xs leading-relaxed text-secondary-foreground">
            {notes.map(({ symbol, note }) => (
              <li key={`${symbol}-${note}`}>
                <span className="font-semibold text-foreground">{symbol}</span> · <NoteLine text={note} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section id={PRODUCTS_SECTION_ID} ref={section} aria-labelledby="products-heading" className="scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="products-heading" className="text-xl font-bold tracking-tight text-primary">
          Products
          <span className="ml-2 text-sm font-medium text-muted-foreground">
            {productCountText(protocol.products.count)}
          </span>
        </h2>
        <Link
          to="/methodology#products"
          className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          How time to cash and yield after fees are worked out
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-secondary-foreground">
        What you can buy: each token's own terms, how fast it turns back into cash, and what you keep of its yield after
        fees. Not investment advice: each figure carries the date its page was read.
      </p>
      <HoldingControls className="mt-4" />
      {body}
    </section>
  );
}
