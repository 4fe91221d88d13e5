/* eslint-disable react-refresh/only-export-components -- a build-time entry, never hot-reloaded */
// Build-time render of the home page's first frame (build/prerender.ts injects it into
// index.html): header, banner, hero, stats and the directory's loading frame, with the
// protocols query pending, so the first paint needs no JavaScript.
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Route,
  Routes,
  StaticRouter,
  StaticRouterProvider,
} from "react-router-dom";
import { parseProtocolRows } from "@/features/protocols/model/model";
import { protocolsQueryOptions } from "@/features/protocols/model/queries";
import {
  jsonLdText,
  protocolDescription,
  protocolJsonLd,
  protocolPageTitle,
  protocolPath,
} from "@/features/protocols/page/seo";
import { changesQueryOptions, parseChangeRows } from "@/features/protocols/changes/changes";
import { CHANGES_DESCRIPTION, CHANGES_PATH, changesJsonLd, changesTitle } from "@/features/protocols/changes/seo";
import { feedUrl } from "@/lib/feed-url";
import { ChangesPage } from "@/pages/changes";
import { MethodologyPage } from "@/pages/methodology";
import { METHODOLOGY_DESCRIPTION, METHODOLOGY_PATH, methodologyJsonLd, methodologyTitle } from "@/lib/methodology-seo";
import { ProtocolPage } from "@/pages/protocol";
import { parseProductRows } from "@/features/protocols/products/product-model";
import { protocolProductsQueryOptions } from "@/features/protocols/products/products-query";
import { PRERENDERED_ATTRIBUTE, routePath } from "@/frame";
import { BANNER_DISMISSED_KEY, site } from "@/config/site";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";

export { PRERENDERED_ATTRIBUTE };

/**
 * The markup for `#root` on `/`: what the browser's first (hydrating) render produces before data,
 * from the same routes and providers (render-app.tsx). Only the home route's loader runs (it fetches
 * the page's code, as in the browser before it hydrates), and queries never run during a server
 * render, so the protocols query is pending with the optimistic state ("fetching") the browser's first render sees.
 */
export async function renderHomeShell(): Promise<string> {
  const queryClient = new QueryClient();
  try {
    const routes = createRoutes(queryClient);
    const { dataRoutes, query } = createStaticHandler(routes);
    // The home route's loader fetches the page's code, as the browser's does before it hydrates.
    const context = await query(new Request("http://localhost/"), {
      filterMatchesToLoad: (match) => match.route.id === "home",
    });
    if (context instanceof Response) throw new Error(`The home route answered ${context.status}`);
    return renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
  }
}

/** What build/prerender.ts writes for one page: the markup for `#root` and its head. */
export type PageRender = {
  path: string;
  markup: string;
  title: string;
  description: string;
  jsonLd: string;
  /** This page's own Atom feed, announced beside the site's (a protocol's changes). */
  feed?: { title: string; href: string };
};

/**
 * Every protocol page as the build's data shows it (`rows`: protocol rows as the API serves them,
 * from data/protocols.csv). The figures are live in the browser: main.tsx replaces this
 * frame with the page rendered from the response. The TVL history is left pending (its frame); the
 * products (rows as the API serves them, `protocol_id` the protocol's id here) are in it.
 */
export function renderProtocolPages(
  rows: readonly unknown[],
  siteUrl: string,
  products: ReadonlyArray<{ protocol_id: string }> = [],
): PageRender[] {
  const protocols = parseProtocolRows(rows);
  return protocols.map((protocol) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(protocolsQueryOptions().queryKey, protocols);
    queryClient.setQueryData(
      protocolProductsQueryOptions(protocol.id).queryKey,
      parseProductRows(products.filter((product) => product.protocol_id === protocol.id)),
    );
    const path = protocolPath(protocol.slug);
    try {
      const markup = renderToString(
        <StrictMode>
          <StaticRouter location={path}>
            <AppProviders queryClient={queryClient}>
              <Routes>
                <Route path="/protocols/:slug" element={<ProtocolPage />} />
              </Routes>
            </AppProviders>
          </StaticRouter>
        </StrictMode>,
      );
      return {
        path,
        markup,
        title: protocolPageTitle(protocol, site.productName),
        description: protocolDescription(protocol),
        jsonLd: jsonLdText(protocolJsonLd(protocol, siteUrl, site.productName)),
        feed: { title: `${protocol.name} on ${site.productName}: what changed`, href: feedUrl(protocol.slug) },
      };
    } finally {
      queryClient.clear();
    }
  });
}

/**
 * `/methodology`, whole: the page needs no data, so the file reads in full without
 * JavaScript; main.tsx replaces it with the same page once the page's code is in.
 */
export function renderMethodologyPage(siteUrl: string): PageRender {
  const queryClient = new QueryClient();
  try {
    const markup = renderToString(
      <StrictMode>
        <StaticRouter location={METHODOLOGY_PATH}>
          <AppProviders queryClient={queryClient}>
            <Routes>
              <Route path={METHODOLOGY_PATH} element={<MethodologyPage />} />
            </Routes>
          </AppProviders>
        </StaticRouter>
      </StrictMode>,
    );
    return {
      path: METHODOLOGY_PATH,
      markup,
      title: methodologyTitle(site.productName),
      description: METHODOLOGY_DESCRIPTION,
      jsonLd: jsonLdText(methodologyJsonLd(siteUrl, site.productName)),
    };
  } finally {
    queryClient.clear();
  }
}

/**
 * `/changes` as the build's data shows it: the change log the committed history holds (`changes`,
 * rows as the API serves them) over the committed protocols. render-app.tsx replaces the frame
 * with the live log once the route's loader has it.
 */
export function renderChangesPage(rows: readonly unknown[], changes: readonly unknown[], siteUrl: string): PageRender {
  const queryClient = new QueryClient();
  queryClient.setQueryData(protocolsQueryOptions().queryKey, parseProtocolRows(rows));
  queryClient.setQueryData(changesQueryOptions().queryKey, parseChangeRows(changes));
  try {
    const markup = renderToString(
      <StrictMode>
        <StaticRouter location={CHANGES_PATH}>
          <AppProviders queryClient={queryClient}>
            <Routes>
              <Route path={CHANGES_PATH} element={<ChangesPage />} />
            </Routes>
          </AppProviders>
        </StaticRouter>
      </StrictMode>,
    );
    return {
      path: CHANGES_PATH,
      markup,
      title: changesTitle(site.productName),
      description: CHANGES_DESCRIPTION,
      jsonLd: jsonLdText(changesJsonLd(siteUrl, site.productName, feedUrl())),
    };
  } finally {
    queryClient.clear();
  }
}

/** The app's module entry and the chunks Vite preloads with it (build/prerender.ts reads them out of the built HTML). */
export type AppScripts = { entry: string; preloads: readonly string[] };

/**
 * An inline classic script placed before `#root` (parser-blocking, so it runs before the
 * prerendered frame can paint; its SHA-256 is the one inline script the CSP allows, added by
 * build/prerender.ts). The frame in `#root` names its route (`data-prerendered="/"`,
 * `"/protocols/<slug>"`), but a host may serve that HTML for another URL (every unknown path gets
 * index.html), so:
 * - a frame of another route (privacy policy, 404, a protocol page served by the index.html
 *   fallback) stays hidden until React renders the page, instead of flashing the wrong page;
 *   main.tsx then drops it and starts the app at once (no paint to wait for);
 * - the banner dismissed this session: the frame's banner is hidden, so it never flashes and the
 *   page does not shift when React removes it.
 * With `app`, it also starts the app: the module entry and its preloads are asked for once the
 * parsed page's own frame has painted, so nothing but the HTML and the CSS stands before the first
 * paint, and a visible frame of another route (or a hidden tab, which paints nothing) starts at once
 * (docs/decisions/008-boot-after-first-paint.md, note of 2026-11-28).
 * Runs in every browser the app supports: no syntax newer than ES5 (`routePath` is main.tsx's,
 * its source pasted in), storage errors ignored.
 */
export function bootScript(app?: AppScripts): string {
  const attribute = PRERENDERED_ATTRIBUTE;
  const start = app
    ? `
  var entry = ${JSON.stringify(app.entry)}, preloads = ${JSON.stringify(app.preloads)};
  function start() {
    for (var i = 0; i < preloads.length; i++) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.appendChild(script);
  }
  function parsed() {
    var root = document.getElementById("root");
    var own = root !== null && root.getAttribute(${JSON.stringify(attribute)}) === path;
    if (!own || document.visibilityState !== "visible") return start();
    // Once the parsed page's first contentful paint is on screen (its Paint Timing entry, which
    // comes once the frame is presented, not merely drawn); without Paint Timing, after the next frame.
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf("paint") < 0) return requestAnimationFrame(function () { setTimeout(start, 0); });
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", parsed);
  else parsed();`
    : "";
  return `(function () {
  var path = (${routePath.toString()})(location.pathname);
  var dismissed = false;
  try { dismissed = sessionStorage.getItem(${JSON.stringify(BANNER_DISMISSED_KEY)}) === "1"; } catch (e) {}
  if (path !== "/" || dismissed) {
    var css = '#root[${attribute}]:not([${attribute}="' + path.replace(/["\\\\]/g, "\\\\$&") + '"]){visibility:hidden}';
    if (dismissed) css += "#root[${attribute}] [data-top-banner]{display:none}";
    var style = document.createElement("style");
    style.textContent = css;
    document.head.appendChild(style);
  }${start}
})();
`;
}
