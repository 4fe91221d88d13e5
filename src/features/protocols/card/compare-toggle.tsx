import { Check, Plus } from "lucide-react";
import { cn } from "@/lib/utils";

// Icons as constant elements: a card re-rendered for each keystroke passes over them (same element,
// same props) instead of building their SVG again (docs/decisions/024-typing-at-scale.md).
const CHECKED = <Check className="size-3" strokeWidth={3} />;
const UNCHECKED = <Plus className="size-3 text-placeholder" strokeWidth={3} />;

type CompareToggleProps = {
  name: string;
  selected: boolean;
  onToggle: () => void;
  /** The card's compact size or the protocol page's header size. */
  size?: "sm" | "md";
};

/**
 * The card's selection toggle (docs/product.md, 'The directory'), a checkbox button. A checkbox keeps one stable name ('Select X for comparison')
 * and announces its state, so it never shares a name with the selection bar's remove buttons.
 */
export function CompareToggle({ name, selected, onToggle, size = "sm" }: CompareToggleProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      aria-label={`Select ${name} for comparison`}
      onClick={onToggle}
      className={cn(
        "inline-flex items-center gap-2 rounded-md border text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        size === "sm" ? "h-9 px-3" : "h-10 px-4",
        selected
          ? "border-accent bg-accent text-accent-foreground hover:bg-accent-hover"
          : "border-border bg-surface text-foreground hover:border-control-border hover:bg-muted",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "flex size-4 items-center justify-center rounded-[4px] border",
          selected ? "border-accent-foreground bg-accent-foreground text-accent" : "border-control-border",
        )}
      >
        {selected ? CHECKED : UNCHECKED}
      </span>
      {selected ? "Selected" : "Compare"}
    </button>
  );
}
