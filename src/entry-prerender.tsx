/* eslint-disable react-refresh/only-export-components -- a build-time entry, never hot-reloaded */
// Build-time render of the home page's first frame (build/prerender.ts injects it into
// index.html): header, banner, hero, stats and the directory's loading frame, with the
// protocols query pending, so the first paint needs no JavaScript.
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { AppProviders, AppRoutes } from "@/app";
import { PRERENDERED_ATTRIBUTE } from "@/boot";
import { BANNER_DISMISSED_KEY } from "@/config/site";

export { PRERENDERED_ATTRIBUTE };

/** The markup for `#root` on `/`: what the client's first (hydrating) render produces before data. */
export function renderHomeShell(): string {
  // Queries never run during a server render: the protocols query is pending with the same
  // optimistic state ("fetching") the browser's first render sees while the request is in flight.
  const queryClient = new QueryClient();
  try {
    return renderToString(
      <StrictMode>
        <StaticRouter location="/">
          <AppProviders queryClient={queryClient}>
            <AppRoutes />
          </AppProviders>
        </StaticRouter>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
  }
}

/**
 * A classic script placed before `#root` (parser-blocking, so it runs before the prerendered
 * frame can paint; a file, as the CSP allows no inline script). Every URL gets the same
 * index.html, but the frame is right only for the home page with the banner showing:
 * - another route (privacy policy, 404): the home frame stays hidden until React renders the page,
 *   instead of flashing the wrong page;
 * - the banner dismissed this session: the frame's banner is hidden, so it never flashes and the
 *   page does not shift when React renders without it.
 * Runs in every browser the app supports: no syntax newer than ES5, storage errors ignored.
 */
export function bootScript(): string {
  const rootRule = `#root[${PRERENDERED_ATTRIBUTE}]`;
  return `(function () {
  var home = location.pathname === "/";
  var dismissed = false;
  try { dismissed = sessionStorage.getItem(${JSON.stringify(BANNER_DISMISSED_KEY)}) === "1"; } catch (e) {}
  if (home && !dismissed) return;
  var style = document.createElement("style");
  style.textContent = home ? "${rootRule} [data-top-banner]{display:none}" : "${rootRule}{visibility:hidden}";
  document.head.appendChild(style);
})();
`;
}
