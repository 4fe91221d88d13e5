import { Info } from "lucide-react";
import { cn } from "@/lib/utils";
import { isUnknownFigure } from "../model/model";
import { isTracked, TRACKED_DETAIL, TRACKED_NOTE } from "../model/review-status";
import type { Protocol } from "../model/types";

// Icons as constant elements: a card re-rendered for each keystroke passes over them (same element,
// same props) instead of building their SVG again (docs/decisions/024-typing-at-scale.md).
const CARD_INFO = <Info className="mt-px size-3 shrink-0" aria-hidden="true" />;

/** The card's note (one short line that may wrap), or the page's note with what it means. */
export function TrackedNote({ protocol, variant }: { protocol: Protocol; variant: "card" | "page" }) {
  if (!isTracked(protocol)) return null;
  if (variant === "card") {
    return (
      <p className="mt-3 flex items-start gap-1.5 rounded-md border border-dashed border-border-strong bg-surface-subtle px-2 py-1 text-[0.6875rem] leading-4 font-medium text-secondary-foreground">
        {CARD_INFO}
        {TRACKED_NOTE}
      </p>
    );
  }
  return (
    <div className="mt-4 flex max-w-3xl items-start gap-2.5 rounded-lg border border-dashed border-border-strong bg-surface-subtle px-4 py-3 text-sm text-secondary-foreground">
      <Info className="mt-0.5 size-4 shrink-0 text-subtle-foreground" aria-hidden="true" />
      <p>
        <span className="font-semibold text-foreground">{TRACKED_NOTE}.</span> {TRACKED_DETAIL}
      </p>
    </div>
  );
}

/**
 * A text figure as stated, or 'Unknown' muted and in italics (never blank), as the terms show theirs.
 * `weight`: the figure's font weight, 'Unknown' included (medium when none is given).
 */
export function FigureText({
  value,
  weight,
  className,
}: {
  value: string;
  weight?: "font-semibold" | "font-bold";
  className?: string;
}) {
  if (isUnknownFigure(value)) {
    return <span className={cn("text-muted-foreground italic", weight ?? "font-medium", className)}>{value}</span>;
  }
  return <span className={cn(weight, className) || undefined}>{value}</span>;
}
