// The app as the browser renders it: the query client, the router and the providers around it.
// src/main.tsx decides when and how it mounts.
import { QueryClient } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";

export function createApp() {
  // The app's one query client. Each query sets its own staleTime and retry (queries.ts,
  // history.ts); data this static is kept for the visit and never refetched on a tab switch.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { gcTime: 30 * 60_000, refetchOnWindowFocus: false } },
  });
  // Created now, so the first page's loader (its code and data) starts at once.
  const router = createBrowserRouter(createRoutes(queryClient));
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  return {
    // As a transition, React yields to the browser every few milliseconds instead of holding the
    // main thread for the whole tree (a long task on slow phones); an early click is replayed.
    /** Takes over the markup in `root`, which must be exactly the app's first render. */
    hydrate: (root: Element) => startTransition(() => void hydrateRoot(root, app)),
    /** Renders into `root`, replacing what it holds in the first commit (never blank in between). */
    render: (root: Element) => startTransition(() => createRoot(root).render(app)),
    /** Resolves once the router's first navigation is done: the page's loader has its code and data. */
    ready: () =>
      new Promise<void>((resolve) => {
        if (router.state.initialized) return resolve();
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      }),
  };
}
