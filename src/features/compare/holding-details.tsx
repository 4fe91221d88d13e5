import { HoldingControls } from "@/components/holding-controls";
import { formatUsd } from "@/lib/product-terms";
import type { Holding } from "@/lib/yield-after-fees";

/** Under the comparison: the holding 'Yield after fees' assumes, which the visitor can open and change. */
export function HoldingDetails({ holding }: { holding: Holding }) {
  return (
    <details className="shrink-0 border-t border-border px-5 py-2.5 text-xs text-muted-foreground sm:px-6">
      <summary className="cursor-pointer rounded-sm font-medium text-secondary-foreground focus-visible:outline-2 focus-visible:outline-ring">
        Yield after fees is for {holding.years} {holding.years === 1 ? "year" : "years"} and{" "}
        {formatUsd(holding.amountUsd)}: change
      </summary>
      <HoldingControls className="mt-2 pb-1" />
    </details>
  );
}
