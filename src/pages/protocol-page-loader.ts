// The protocol page's chunk, loaded on demand like every page but `/`, with a preload that
// render-app.tsx awaits before replacing a prerendered protocol page.
import { lazy } from "react";
import { onDemand } from "@/lib/on-demand";

const protocolPage = onDemand(() => import("@/pages/protocol"));

/**
 * Fetches the protocol page's chunk (once; again after a failure). render-app.tsx awaits it before
 * replacing a protocol page's prerendered frame.
 */
export const loadProtocolPage = protocolPage.load;

// Once the chunk is here, the lazy component resolves synchronously (a thenable that calls back at
// once), so the first render shows the page rather than a Suspense fallback for a frame: what lets
// a prerendered protocol page go straight to the live one.
type ProtocolPageExport = { default: typeof import("@/pages/protocol").ProtocolPage };
export const ProtocolPage = lazy(() => {
  const loaded = protocolPage.current();
  return loaded
    ? // React reads a thenable's result as soon as its `then` calls back; typed as the Promise lazy() asks for.
      ({
        then: (resolve: (module: ProtocolPageExport) => void) => resolve({ default: loaded.ProtocolPage }),
      } as unknown as Promise<ProtocolPageExport>)
    : protocolPage.load().then((m) => ({ default: m.ProtocolPage }));
});
