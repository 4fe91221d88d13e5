// Every page but `/` (which ships with the app's code) is its own chunk, loaded when its route is
// visited (lib/on-demand.ts: a failed download is tried again, under a fresh URL, on the next visit).
// render-app.tsx awaits a protocol or methodology page's code before replacing its prerendered
// frame, so the frame gives way straight to the page, never to a loading state.
import { onDemand } from "@/lib/on-demand";
import { onDemandComponent } from "@/lib/on-demand-component";

const protocolPage = onDemand(
  () => import("@/pages/protocol"),
  (m) => m.ProtocolPage,
);
const methodologyPage = onDemand(
  () => import("@/pages/methodology"),
  (m) => m.MethodologyPage,
);

/** Fetches the protocol page's code (once; again after a failure). */
export const loadProtocolPage = protocolPage.load;
/** Fetches the methodology page's code (once; again after a failure). */
export const loadMethodologyPage = methodologyPage.load;

export const ProtocolPage = onDemandComponent(protocolPage);
export const MethodologyPage = onDemandComponent(methodologyPage);
export const PrivacyPolicyPage = onDemandComponent(
  onDemand(
    () => import("@/pages/privacy-policy"),
    (m) => m.PrivacyPolicyPage,
  ),
);
export const ConfirmPage = onDemandComponent(
  onDemand(
    () => import("@/pages/confirm"),
    (m) => m.ConfirmPage,
  ),
);
export const NotFoundPage = onDemandComponent(
  onDemand(
    () => import("@/pages/not-found"),
    (m) => m.NotFoundPage,
  ),
);
