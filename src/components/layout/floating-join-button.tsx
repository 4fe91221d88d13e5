import { Sparkles } from "lucide-react";
import { FLOATING_BUTTON_SCROLL_PX } from "@/config/site";
import { Button } from "@/components/ui/button";
import { useScrolledPast } from "@/components/layout/use-scrolled-past";
import { cn } from "@/lib/utils";

type FloatingJoinButtonProps = {
  onJoinWaitlist: () => void;
  onIntent?: () => void;
  /** Px to keep clear at the bottom of the viewport (another fixed bar); 0 for none. */
  bottomClearance?: number;
};

// Bottom-right, above the safe area. When another bar is fixed at the bottom (the comparison
// selection bar), the layout passes its measured height and this button rises just above it,
// so neither ever covers the other, at any width.
export function FloatingJoinButton({ onJoinWaitlist, onIntent, bottomClearance = 0 }: FloatingJoinButtonProps) {
  const visible = useScrolledPast(FLOATING_BUTTON_SCROLL_PX);

  return (
    <div
      aria-hidden={!visible}
      inert={!visible}
      style={bottomClearance > 0 ? { bottom: bottomClearance } : undefined}
      className={cn(
        "fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30 transition-all duration-200 sm:right-6 sm:bottom-[calc(1.5rem+env(safe-area-inset-bottom))]",
        visible ? "translate-y-0 opacity-100" : "pointer-events-none invisible translate-y-3 opacity-0",
      )}
    >
      {/* Like every join button (the banner's too), it warms the dialog on hover or focus; the looks differ, so each button spells out its props. */}
      <Button
        variant="accent"
        size="lg"
        className="rounded-full pr-5 pl-4 shadow-lg ring-1 shadow-teal-900/25 ring-white/20"
        onClick={onJoinWaitlist}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        <Sparkles aria-hidden="true" />
        Join Waitlist
      </Button>
    </div>
  );
}
