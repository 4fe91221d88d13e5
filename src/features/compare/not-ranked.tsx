import { Info } from "lucide-react";

/**
 * Beside a row's name when the row has no 'Best' mark: why (best-values.ts). The reason shows as
 * a tooltip on hover, on focus and on a tap (which focuses the button); a screen reader hears it as
 * the button's description (`describedBy`: the dialog's hidden text). The tooltip is CSS-generated
 * from `data-reason`, so the row's header keeps its own text.
 */
export function NotRanked({ reason, describedBy }: { reason: string; describedBy: string }) {
  return (
    <button
      type="button"
      aria-label="Why no Best mark"
      aria-describedby={describedBy}
      data-reason={reason}
      className="relative ml-1 inline-flex size-5 items-center justify-center rounded-full align-middle text-faint-foreground after:pointer-events-none after:invisible after:absolute after:top-full after:left-0 after:z-30 after:mt-1 after:w-64 after:rounded-md after:bg-primary after:px-2.5 after:py-1.5 after:text-left after:text-xs after:leading-snug after:font-normal after:tracking-normal after:whitespace-normal after:text-primary-foreground after:normal-case after:shadow-lg after:content-[attr(data-reason)] hover:text-foreground hover:after:visible focus-visible:outline-2 focus-visible:outline-ring focus-visible:after:visible"
    >
      <Info className="size-3.5" aria-hidden="true" />
    </button>
  );
}
