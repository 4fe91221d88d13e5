// The methodology page's chunk, loaded on demand like every page but `/`, with a preload that
// render-app.tsx awaits before replacing the prerendered /methodology (as protocol-page-loader.ts).
import { lazy } from "react";
import { onDemand } from "@/lib/on-demand";

const methodologyPage = onDemand(() => import("@/pages/methodology"));

/** Fetches the page's chunk (once; again after a failure). */
export const loadMethodologyPage = methodologyPage.load;

// Once the chunk is here the lazy component resolves synchronously, so replacing the prerendered
// page renders the page itself, never a Suspense fallback in between.
type MethodologyPageExport = { default: typeof import("@/pages/methodology").MethodologyPage };
export const MethodologyPage = lazy(() => {
  const loaded = methodologyPage.current();
  return loaded
    ? ({
        then: (resolve: (module: MethodologyPageExport) => void) => resolve({ default: loaded.MethodologyPage }),
      } as unknown as Promise<MethodologyPageExport>)
    : methodologyPage.load().then((m) => ({ default: m.MethodologyPage }));
});
