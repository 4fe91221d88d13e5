import { lazy, Suspense, useSyncExternalStore } from "react";
import { FLOATING_BUTTON_ROOM_PX } from "@/components/layout/floating-join-button";
import { useBottomClearance } from "@/components/layout/use-bottom-clearance";
import { isToasterWanted, subscribeToToasterDemand } from "@/lib/toaster-demand";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** sonner's default distance from the edge on phones (below its 600px breakpoint). */
const PHONE_EDGE_PX = 16;

/** sonner's Toaster, loaded and mounted once something can toast (see lib/toaster-demand.ts). */
export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToToasterDemand, isToasterWanted, () => false);
  if (!wanted) return null;
  return <PlacedToaster />;
}

/**
 * At the bottom, where no heading or form is: the top holds the banner, the header and a dialog's
 * title, and the waitlist form sits in the middle. On wider screens bottom-right, above the
 * floating 'Join Waitlist' button; on phones full width along the bottom. Either way above the
 * comparison tray while it is shown. Toasts still show above an open dialog.
 */
function PlacedToaster() {
  const tray = useBottomClearance("[data-selection-bar]");
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        offset={{ bottom: tray + FLOATING_BUTTON_ROOM_PX }}
        mobileOffset={{ bottom: Math.max(tray, PHONE_EDGE_PX) }}
        richColors
        closeButton
        toastOptions={{ duration: 5000 }}
      />
    </Suspense>
  );
}
