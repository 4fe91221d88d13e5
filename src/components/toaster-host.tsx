import { useSyncExternalStore } from "react";
import type { Toaster } from "sonner";
import { useBottomClearance } from "@/components/layout/use-bottom-clearance";

// sonner (~10 KB gzip) is not on the boot path: only code loaded on demand shows toasts, and it
// brings sonner's Toaster along (lib/toast.ts), which then goes on the page here.
type ToasterComponent = typeof Toaster;
let loaded: ToasterComponent | null = null;
const listeners = new Set<() => void>();

/** Puts sonner's Toaster on the page, once: lib/toast.ts calls it as it loads, before any toast. */
// eslint-disable-next-line react-refresh/only-export-components -- the host's one way in, beside it
export function mountToaster(component: ToasterComponent): void {
  loaded ??= component;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's default distances from the bottom edge: from its 600px breakpoint, and below it. */
const EDGE_PX = 24;
const PHONE_EDGE_PX = 16;

/** Where toasts show, once code that can toast has loaded (nothing until then). */
export function ToasterHost() {
  const Loaded = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  return Loaded && <PlacedToaster Toaster={Loaded} />;
}

/**
 * At the bottom, where no heading or form is: the top holds the banner, the header and a dialog's
 * title, and the waitlist form sits in the middle. Bottom-right on wider screens, full width on
 * phones, and above the comparison tray while it is shown. A toast may pass over the floating
 * 'Join Waitlist' button for its few seconds; raised above it, it covered the feature cards'
 * headings at 1280x900. Toasts still show above an open dialog.
 */
function PlacedToaster({ Toaster }: { Toaster: ToasterComponent }) {
  const tray = useBottomClearance("[data-selection-bar]");
  return (
    <Toaster
      position="bottom-right"
      offset={{ bottom: Math.max(tray, EDGE_PX) }}
      mobileOffset={{ bottom: Math.max(tray, PHONE_EDGE_PX) }}
      richColors
      closeButton
      toastOptions={{ duration: 5000 }}
    />
  );
}
