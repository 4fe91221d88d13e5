import { memo, useState, useSyncExternalStore } from "react";
import { Sparkles, X } from "lucide-react";
import { BANNER_DISMISSED_KEY } from "@/config/site";
import { Button } from "@/components/ui/button";
import { readSessionFlag, writeSessionFlag } from "@/components/layout/session-flag";

type TopBannerProps = {
  onJoinWaitlist: () => void;
  /** Hover/focus on the call to action: a chance to warm up the dialog code. */
  onIntent?: () => void;
};

const readDismissed = () => readSessionFlag(BANNER_DISMISSED_KEY);
const noSubscription = () => () => {};

export const TopBanner = memo(function TopBanner({ onJoinWaitlist, onIntent }: TopBannerProps) {
  // Read at render, so a banner dismissed earlier this session never shows. Hydrating the
  // prerendered home page, React reads "not dismissed", as the build did, so the markup matches;
  // the boot script keeps that banner hidden until React removes it, right after.
  const dismissedEarlier = useSyncExternalStore(noSubscription, readDismissed, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (dismissedEarlier || dismissed) return null;

  function dismiss() {
    writeSessionFlag(BANNER_DISMISSED_KEY);
    setDismissed(true);
  }

  return (
    // data-top-banner: the prerendered page's boot script hides it when dismissed earlier this session.
    <aside aria-label="Announcement" data-top-banner className="relative bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1.5 py-2 pr-12 pl-4 sm:gap-y-2 sm:px-12 sm:py-2.5">
        <p className="flex items-center gap-2 text-center text-xs text-banner-foreground sm:text-sm">
          <Sparkles className="hidden size-4 shrink-0 text-primary-highlight sm:block" aria-hidden="true" />
          <span>Portfolio Analytics Platform Coming Soon - Join the waitlist for early access</span>
        </p>
        <Button
          size="xs"
          shape="pill"
          variant="inverse"
          onClick={onJoinWaitlist}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          Get Early Access
        </Button>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss banner"
        className="absolute top-1/2 right-2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-primary-muted-foreground transition-colors hover:bg-primary-foreground/10 hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-primary-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
});
