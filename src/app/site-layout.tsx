import { useCallback, type ReactNode } from "react";
import { FLOATING_BUTTON_ROOM_PX, FloatingJoinButton } from "@/components/layout/floating-join-button";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { TopBanner } from "@/components/layout/top-banner";
import { useBottomClearance } from "@/components/layout/use-bottom-clearance";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";

/** Skip links: hidden until focused, then shown at the top left. */
const SKIP_LINK =
  "sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3";

type SiteLayoutProps = {
  children: ReactNode;
  /** The home page also gets the announcement banner and the floating join button. */
  home?: boolean;
  /** The loaded data's month for the footer's 'Data as of' (the home page passes it). */
  dataAsOf?: string | null;
};

export function SiteLayout({ children, home = false, dataAsOf = null }: SiteLayoutProps) {
  const { openWaitlist, prefetchWaitlist } = useWaitlistDialog();
  // The home page's comparison selection bar is fixed at the bottom; keep the floating button
  // and the end of the footer clear of it.
  const clearance = useBottomClearance("[data-selection-bar]");
  // Stable handlers: the header, banner, footer and floating button are memoised, so a page's own
  // re-render (the home page's, on each keystroke in its search) passes over them.
  const joinFromBanner = useCallback(() => openWaitlist({ source: "banner" }), [openWaitlist]);
  const joinFrom = useCallback((source: "header" | "drawer") => openWaitlist({ source }), [openWaitlist]);
  const joinFromFloating = useCallback(() => openWaitlist({ source: "floating" }), [openWaitlist]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className={SKIP_LINK}>
        Skip to main content
      </a>
      {home && (
        <a href="#protocols" className={SKIP_LINK}>
          Skip to protocols
        </a>
      )}
      {home && <TopBanner onJoinWaitlist={joinFromBanner} onIntent={prefetchWaitlist} />}
      <SiteHeader onJoinWaitlist={joinFrom} onIntent={prefetchWaitlist} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {/* Room at the end of the page for what is fixed at the bottom, so nothing ends up beneath it. */}
      <SiteFooter
        bottomClearance={home ? Math.max(clearance, FLOATING_BUTTON_ROOM_PX) : clearance}
        dataAsOf={dataAsOf}
      />
      {home && (
        <FloatingJoinButton
          onJoinWaitlist={joinFromFloating}
          onIntent={prefetchWaitlist}
          bottomClearance={clearance}
          // The tray shows (it is measured): on a phone it carries the join button (compare-tray.tsx).
          foldedIntoTray={clearance > 0}
        />
      )}
    </div>
  );
}
