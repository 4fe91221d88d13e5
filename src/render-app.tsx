// The UI half of the boot (React DOM, router, pages), evaluated in a task of its own after the
// data half (start.ts) so neither is one long task on slow phones. docs/architecture.md, "Boot".
import type { QueryClient } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app";
import { readSessionFlag } from "@/components/layout/session-flag";
import { BANNER_DISMISSED_KEY } from "@/config/site";
import { protocolsQueryOptions } from "@/features/protocols/queries";
import { frameRoute, PRERENDERED_ATTRIBUTE, routePath } from "@/frame";
import { METHODOLOGY_PATH } from "@/pages/methodology-seo";
import { loadMethodologyPage, loadProtocolPage } from "@/pages/lazy-pages";

/** The longest a protocol page's frame waits for the live data before React takes over anyway. */
const LIVE_DATA_WAIT_MS = 3000;

/**
 * Hydrates the prerendered frame or renders the page. `queryClient` already runs the boot
 * request; `releaseProtocols` lets its response into the cache (see start.ts).
 */
export async function mountApp(queryClient: QueryClient, releaseProtocols: () => void): Promise<void> {
  const { search } = window.location;
  const path = routePath(window.location.pathname);
  const container = document.getElementById("root")!;
  const frame = frameRoute(container);

  // Hydrate only the state index.html's frame shows: the bare home URL (the query string holds
  // search, filters and selection) with the banner not dismissed this session. Any other state
  // renders from scratch; React swaps the markup in its first commit (no blank frame).
  if (frame === "/" && path === "/" && search === "" && !readSessionFlag(BANNER_DISMISSED_KEY)) {
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
    return;
  }

  releaseProtocols();
  if (frame !== null && frame === path && path === METHODOLOGY_PATH) {
    // The methodology's own file is the page itself (no data): replaced once its code is in, so the
    // text never gives way to a loading frame.
    await Promise.race([loadMethodologyPage(), new Promise((resolve) => setTimeout(resolve, LIVE_DATA_WAIT_MS))]);
  } else if (frame !== null && frame === path && path !== "/") {
    // A protocol page's own file shows the build's figures: replaced, never hydrated (the live
    // figures differ), once the live data and the page's code are in, so the frame goes straight to
    // the live page; after LIVE_DATA_WAIT_MS the page's own loading state takes over.
    await Promise.race([
      Promise.all([loadProtocolPage(), settled(queryClient, protocolsQueryOptions().queryKey)]),
      new Promise((resolve) => setTimeout(resolve, LIVE_DATA_WAIT_MS)),
    ]);
  } else if (frame !== null && frame !== path) {
    // Another route's frame, kept hidden by the boot script: drop it and render this page.
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

/** Resolves once the query has data or an error (never starts a request of its own). */
function settled(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    const check = () => {
      const state = queryClient.getQueryState(queryKey);
      if (state && state.status !== "pending") {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = cache.subscribe(check);
    check();
  });
}
