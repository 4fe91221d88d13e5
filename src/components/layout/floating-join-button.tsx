import { memo } from "react";
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
  /** Below 640px the comparison tray carries the join button while it is shown: this one stays out. */
  foldedIntoTray?: boolean;
};

/** Px at the end of the page that the button needs, so nothing ends up beneath it there. */
export const FLOATING_BUTTON_ROOM_PX = 88;

// Bottom-right, above the safe area. The spec's rule: hidden until the page has scrolled past
// 400 px, shown from then on, hidden again above it. Like any floating action button it may pass
// over content while the page scrolls; the footer keeps FLOATING_BUTTON_ROOM_PX at the end of the
// page, so it never rests on the last figures. When another bar is fixed at the bottom (the
// comparison selection bar), the layout passes its measured height and this button rises just
// above it; on a phone the tray carries the join button instead, while it is shown.
export const FloatingJoinButton = memo(function FloatingJoinButton({
  onJoinWaitlist,
  onIntent,
  bottomClearance = 0,
  foldedIntoTray = false,
}: FloatingJoinButtonProps) {
  const visible = useScrolledPast(FLOATING_BUTTON_SCROLL_PX);

  return (
    <div
      aria-hidden={!visible}
      inert={!visible}
      data-floating-join=""
      style={bottomClearance > 0 ? { bottom: bottomClearance } : undefined}
      className={cn(
        "fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30 transition-all duration-200 sm:right-6 sm:bottom-[calc(1.5rem+env(safe-area-inset-bottom))]",
        visible ? "translate-y-0 opacity-100" : "pointer-events-none invisible translate-y-3 opacity-0",
        foldedIntoTray && "max-sm:hidden",
      )}
    >
      {/* Like every join button (the banner's too), it warms the dialog on hover or focus; the looks differ, so each button spells out its props. */}
      <Button
        variant="accent"
        size="lg"
        shape="pill"
        elevation="floating"
        className="pr-5 pl-4 ring-1 shadow-accent-strong/25 ring-accent-foreground/20"
        onClick={onJoinWaitlist}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        <Sparkles aria-hidden="true" />
        Join Waitlist
      </Button>
    </div>
  );
});
