// The UI half of the boot (React DOM, the router, the pages), evaluated in a task of its own after
// the data half (start.ts) so neither is one long task on slow phones. docs/architecture.md, "Boot".
import type { QueryClient } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, type DataRouter } from "react-router-dom";
import { readSessionFlag } from "@/components/layout/session-flag";
import { BANNER_DISMISSED_KEY } from "@/config/site";
import { frameRoute, PRERENDERED_ATTRIBUTE, routePath } from "@/frame";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";

/** Hydrates the prerendered frame, or renders the page (`queryClient`: start.ts's, its read already sent). */
export async function mountApp(queryClient: QueryClient): Promise<void> {
  const container = document.getElementById("root")!;
  const frame = frameRoute(container);
  const path = routePath(window.location.pathname);
  const router = createBrowserRouter(createRoutes(queryClient));
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  // Hydrate only the state index.html's frame shows: the bare home URL (the query string holds
  // search, filters and selection) with the banner not dismissed this session. The frame is the
  // home page's loading state and the home route has no loader, so the router is ready at once
  // and the first render matches the frame; the page's query takes start.ts's read once hydrated.
  if (frame === "/" && path === "/" && window.location.search === "" && !readSessionFlag(BANNER_DISMISSED_KEY)) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole tree (a long task on slow phones); an early click is replayed.
    startTransition(() => void hydrateRoot(container, app));
    return;
  }

  if (frame !== null && frame === path && path !== "/") {
    // A protocol page's or the methodology's own file: replaced, never hydrated (a protocol's live
    // figures differ from the build's), once the route's loader has its code and data, so the
    // frame gives way straight to the live page.
    await initialized(router);
  } else if (frame !== null && frame !== path) {
    // Another route's frame, kept hidden by the boot script: drop it; the page's loading frame
    // shows until its loader is done.
    container.replaceChildren();
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

/** Resolves once the router's first navigation (its loaders) is done. */
function initialized(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
