import { Sparkles } from "lucide-react";
import { FLOATING_BUTTON_SCROLL_PX } from "@/config/site";
import { Button } from "@/components/ui/button";
import { useScrolledPast } from "@/components/layout/use-scrolled-past";
import { cn } from "@/lib/utils";

type FloatingJoinButtonProps = { onJoinWaitlist: () => void; onIntent?: () => void };

// Bottom-right, above the safe area. The comparison selection bar (marked with
// [data-selection-bar]) sits at the bottom; while it is on screen this button lifts
// above it with pure CSS (:has), so neither covers the other and no JS coordination is needed.
export function FloatingJoinButton({ onJoinWaitlist, onIntent }: FloatingJoinButtonProps) {
  const visible = useScrolledPast(FLOATING_BUTTON_SCROLL_PX);

  return (
    <div
      aria-hidden={!visible}
      inert={!visible}
      className={cn(
        "fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30 transition-all duration-200 sm:right-6 sm:bottom-[calc(1.5rem+env(safe-area-inset-bottom))]",
        "[body:has([data-selection-bar])_&]:bottom-[calc(6.5rem+env(safe-area-inset-bottom))]",
        visible ? "translate-y-0 opacity-100" : "pointer-events-none invisible translate-y-3 opacity-0",
      )}
    >
      <Button
        variant="accent"
        size="lg"
        className="rounded-full pr-5 pl-4 shadow-lg shadow-teal-900/25 ring-1 ring-white/20"
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
