import { Info } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * Beside a row's name when the row has no 'Best' mark: why (best-values.ts). The reason shows as
 * a tooltip on hover, on focus and on a tap (which focuses the button); a screen reader hears it as
 * the button's description (`describedBy`: the dialog's hidden text). The tooltip is CSS-generated
 * from `data-reason`, so the row's header keeps its own text.
 *
 * Hidden, the tooltip takes no room (display: none): an invisible box still widens what scrolls,
 * and on a phone it made the comparison scroll sideways. `spanRow` (the phone's stacked layout)
 * hangs it under the whole heading row, which must be positioned, instead of under the button, so
 * a button near the right edge never pushes it off the screen.
 */
export function NotRanked({
  reason,
  describedBy,
  spanRow = false,
}: {
  reason: string;
  describedBy: string;
  spanRow?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label="Why no Best mark"
      aria-describedby={describedBy}
      data-reason={reason}
      className={cn(
        "ml-1 inline-flex size-5 items-center justify-center rounded-full align-middle text-faint-foreground after:pointer-events-none after:absolute after:top-full after:left-0 after:z-30 after:mt-1 after:hidden after:rounded-md after:bg-primary after:px-2.5 after:py-1.5 after:text-left after:text-xs after:leading-snug after:font-normal after:tracking-normal after:whitespace-normal after:text-primary-foreground after:normal-case after:shadow-lg after:content-[attr(data-reason)] hover:text-foreground hover:after:block focus:after:block focus-visible:outline-2 focus-visible:outline-ring",
        spanRow ? "after:right-0" : "relative after:w-64",
      )}
    >
      <Info className="size-3.5" aria-hidden="true" />
    </button>
  );
}
