// The protocol page's chunk, loaded on demand like every page but `/`, with a preload that
// render-app.tsx awaits before replacing a prerendered protocol page.
import { lazy } from "react";

type ProtocolPageModule = typeof import("@/pages/protocol");
let protocolPageModule: ProtocolPageModule | undefined;

/**
 * Fetches the protocol page's chunk (once). render-app.tsx awaits it before replacing a protocol
 * page's prerendered frame.
 */
export function loadProtocolPage(): Promise<ProtocolPageModule> {
  return import("@/pages/protocol").then((module) => (protocolPageModule = module));
}

// Once the chunk is here, the lazy component resolves synchronously (a thenable that calls back at
// once), so the first render shows the page rather than a Suspense fallback for a frame: what lets
// a prerendered protocol page go straight to the live one.
type ProtocolPageExport = { default: ProtocolPageModule["ProtocolPage"] };
export const ProtocolPage = lazy(() =>
  protocolPageModule
    ? // React reads a thenable's result as soon as its `then` calls back; typed as the Promise lazy() asks for.
      ({
        then: (resolve: (module: ProtocolPageExport) => void) => resolve({ default: protocolPageModule!.ProtocolPage }),
      } as unknown as Promise<ProtocolPageExport>)
    : loadProtocolPage().then((m) => ({ default: m.ProtocolPage })),
);
