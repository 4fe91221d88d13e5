import { cn } from "@/lib/utils";
import type { ProductView } from "@/features/protocols/products/product-view";
import type { ProductBest, ProductMetric, ProductsState } from "./product-context";

// The comparison's product rows as they render: one line per product, the best marked.

/** The classes that add the CSS-generated 'Best' tag after a line's value. */
const BEST_LINE =
  "after:ml-2 after:rounded after:bg-success after:px-1.5 after:py-0.5 after:text-[0.6875rem] after:font-bold after:tracking-wide after:text-success-foreground after:uppercase after:content-['Best']";

/** One protocol's lines for a metric: 'SYMBOL value' each, the best marked and described. */
export function ProductLines({
  state,
  metric,
  best,
  describedBy,
}: {
  state: ProductsState | undefined;
  metric: ProductMetric;
  best: ProductBest;
  describedBy: string;
}) {
  if (state === undefined || state.status === "pending")
    return <span className="text-muted-foreground">Loading...</span>;
  if (state.status === "error") return <span className="text-muted-foreground italic">Not available</span>;
  if (state.lines.length === 0) return <span className="text-muted-foreground italic">No product recorded</span>;
  return (
    <ul className="space-y-1.5">
      {state.lines.map(({ product, view }) => {
        const figure = metric === "timeToCash" ? view.timeToCash : view.afterFees;
        const isBest = best[metric].has(product.id);
        return (
          <li
            key={product.id}
            data-best={isBest || undefined}
            aria-describedby={isBest ? describedBy : undefined}
            className={cn("rounded px-1 py-0.5", isBest && "bg-success-soft")}
          >
            <span className="mr-1.5 font-semibold text-foreground">{product.symbol}</span>
            <span className={cn(figure.unknown ? "text-muted-foreground italic" : "font-medium", isBest && BEST_LINE)}>
              {figure.text}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** A term, product by product ('OUSG Qualified purchasers', 'USDY Retail, non-US only'); unranked. */
export function ProductTermLines({
  state,
  pick,
}: {
  state: ProductsState | undefined;
  pick: (view: ProductView) => { text: string; unknown: boolean };
}) {
  if (state === undefined || state.status === "pending")
    return <span className="text-muted-foreground">Loading...</span>;
  if (state.status === "error") return <span className="text-muted-foreground italic">Not available</span>;
  return (
    <ul className="space-y-1">
      {state.lines.map(({ product, view }) => {
        const { text, unknown } = pick(view);
        return (
          <li key={product.id}>
            <span className="mr-1.5 font-semibold text-foreground">{product.symbol}</span>
            <span className={unknown ? "text-muted-foreground italic" : "font-medium"}>{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
