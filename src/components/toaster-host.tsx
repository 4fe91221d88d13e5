import { Suspense, useSyncExternalStore } from "react";
import { useBottomClearance } from "@/components/layout/use-bottom-clearance";
import { onDemand } from "@/lib/on-demand";
import { onDemandComponent } from "@/lib/on-demand-component";
import { isToasterWanted, subscribeToToasterDemand } from "@/lib/toaster-demand";

const Toaster = onDemandComponent(
  onDemand(
    () => import("sonner"),
    (module) => module.Toaster,
  ),
);

/** sonner's default distances from the bottom edge: from its 600px breakpoint, and below it. */
const EDGE_PX = 24;
const PHONE_EDGE_PX = 16;

/** sonner's Toaster, loaded and mounted once something can toast (see lib/toaster-demand.ts). */
export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToToasterDemand, isToasterWanted, () => false);
  if (!wanted) return null;
  return <PlacedToaster />;
}

/**
 * At the bottom, where no heading or form is: the top holds the banner, the header and a dialog's
 * title, and the waitlist form sits in the middle. Bottom-right on wider screens, full width on
 * phones, and above the comparison tray while it is shown. A toast may pass over the floating
 * 'Join Waitlist' button for its few seconds; raised above it, it covered the feature cards'
 * headings at 1280x900. Toasts still show above an open dialog.
 */
function PlacedToaster() {
  const tray = useBottomClearance("[data-selection-bar]");
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        offset={{ bottom: Math.max(tray, EDGE_PX) }}
        mobileOffset={{ bottom: Math.max(tray, PHONE_EDGE_PX) }}
        richColors
        closeButton
        toastOptions={{ duration: 5000 }}
      />
    </Suspense>
  );
}
