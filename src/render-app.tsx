// The UI half of the app (React DOM, router, pages), evaluated in a task of its own after the
// data half (start.ts) so neither is one long task on slow phones.
import type { QueryClient } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app";
import { PRERENDERED_ATTRIBUTE } from "@/boot";
import { readSessionFlag } from "@/components/layout/session-flag";
import { BANNER_DISMISSED_KEY } from "@/config/site";

/**
 * Hydrates the prerendered frame or renders the page. `queryClient` already runs the boot
 * request; `releaseProtocols` lets its response into the cache (see start.ts).
 */
export function renderApp(queryClient: QueryClient, releaseProtocols: () => void): void {
  const { pathname, search } = window.location;
  const container = document.getElementById("root")!;

  // index.html carries the prerendered first frame of `/` in its default state (build/prerender.ts).
  // Hydrate only when this visit renders exactly that: the bare home URL (the query string holds
  // search, filters and selection) with the banner not dismissed this session. Another state of the
  // home page renders from scratch and React swaps the markup in its first commit (no blank frame;
  // the boot script already hid a dismissed banner). Another route drops the home frame, which the
  // boot script kept hidden, and renders its page. See docs/architecture.md, "Prerendered shell".
  const prerendered = container.firstElementChild !== null;
  if (prerendered && pathname === "/" && search === "" && !readSessionFlag(BANNER_DISMISSED_KEY)) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole tree (a long task on slow phones); an early click is replayed.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} onFirstCommit={releaseProtocols} />
        </StrictMode>,
      );
    });
  } else {
    releaseProtocols();
    if (prerendered && pathname !== "/") {
      container.replaceChildren();
      container.removeAttribute(PRERENDERED_ATTRIBUTE);
    }
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  }
}
