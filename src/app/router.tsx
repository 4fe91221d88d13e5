/* eslint-disable react-refresh/only-export-components -- route objects sit with the pieces they render */
// The routes: one table, each page with its loader (its code and the data it reads) and its error
// element. Why a loader rather than React Router's `lazy`: docs/decisions/013-data-router.md.
import type { QueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useLayoutEffect, useRef, type ComponentType } from "react";
import {
  Outlet,
  useLocation,
  useNavigation,
  useNavigationType,
  useRouteError,
  type LoaderFunctionArgs,
  type RouteObject,
} from "react-router-dom";
import { ErrorFallback } from "@/components/error-boundary";
import { logUiError } from "@/components/log-ui-error";
import { changesQueryOptions } from "@/features/protocols/changes/changes";
import { protocolsQueryOptions } from "@/features/protocols/model/queries";
import { nextTask } from "@/lib/next-task";
import { forgetFailedDownloads, onDemand, type OnDemand } from "@/lib/on-demand";
import { onDemandComponent } from "@/lib/on-demand-component";
import { LIVE_ATTRIBUTE } from "@/app/live-mark";
import { SiteLayout } from "@/app/site-layout";

// Every page is a chunk of its own, fetched by its route's loader (lib/on-demand.ts: after a
// failed download, the next visit fetches it again under a fresh URL). The home page too: a
// protocol page does not download the directory, its filters and the hero.
const homePage = pageCode(() => import("@/pages/home"), "HomePage");
const protocolPage = pageCode(() => import("@/pages/protocol"), "ProtocolPage");
const protocolData = pageCode(() => import("@/pages/protocol"), "loadProtocolData");
const changesPage = pageCode(() => import("@/pages/changes"), "ChangesPage");
const apiPage = pageCode(() => import("@/pages/api"), "ApiPage");
const methodologyPage = pageCode(() => import("@/pages/methodology"), "MethodologyPage");
const privacyPolicyPage = pageCode(() => import("@/pages/privacy-policy"), "PrivacyPolicyPage");
const confirmPage = pageCode(() => import("@/pages/confirm"), "ConfirmPage");
const notFoundPage = pageCode(() => import("@/pages/not-found"), "NotFoundPage");

/** A page's chunk, on demand: the module's export named `name`. */
function pageCode<M, K extends keyof M>(importer: () => Promise<M>, name: K): OnDemand<M[K]> {
  return onDemand(importer, (module) => module[name]);
}

/**
 * The page's code, fetched before the route renders (a new attempt on every visit after a
 * failure). Never rejects: a failed download is shown by the page's component, which throws it to
 * the route's error element.
 */
function code(page: OnDemand<ComponentType>): Promise<null> {
  return page.load().then(
    () => null,
    () => null,
  );
}

/**
 * The protocol list in the cache. Never rejects: a failed read is the page's own error state
 * ('Error loading protocols' and the server's message). A read that already failed is not made
 * again (no automatic retry: docs/product.md, 'The directory'), so the page shows that failure.
 */
function protocolList(queryClient: QueryClient): Promise<null> {
  const options = protocolsQueryOptions();
  if (queryClient.getQueryState(options.queryKey)?.status === "error") return Promise.resolve(null);
  return queryClient.ensureQueryData(options).then(
    () => null,
    () => null,
  );
}

/** The change log in the cache; never rejects (a failed read is the page's own error state). */
function changeList(queryClient: QueryClient): Promise<null> {
  return queryClient.ensureQueryData(changesQueryOptions()).then(
    () => null,
    () => null,
  );
}

/**
 * A protocol's own reads in the cache (pages/protocol-data.ts), once the list says which protocol
 * `slug` is. Never rejects: a failed read is its section's error state, a failed download the page's.
 */
function protocolReads(queryClient: QueryClient, slug: string): Promise<null> {
  return protocolData
    .load()
    .then((load) => load(queryClient, slug))
    .then(
      () => null,
      () => null,
    );
}

/**
 * A page's loader runs when the visitor arrives, not when the query string changes on the page
 * (search, filters, sort, the compared set): those update at once.
 */
function samePageStays({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}

/**
 * A page route: its loader, its component (rendered at once: the loader fetched its code), its
 * error element. `path` null: the index route (`/`).
 */
function page(
  id: string,
  path: string | null,
  component: OnDemand<ComponentType>,
  loader: (args: LoaderFunctionArgs) => Promise<unknown> = () => code(component),
): RouteObject {
  const Page = onDemandComponent(component);
  return {
    id,
    ...(path === null ? { index: true } : { path }),
    // In a task after the router's start, not in it (lib/next-task.ts): on the first load the
    // router starts in one task, and the loader's downloads and reads begin in the next.
    loader: (args) => nextTask().then(() => loader(args).then(() => null)),
    shouldRevalidate: samePageStays,
    element: <Page />,
    errorElement: <RouteError />,
    HydrateFallback: RouteFallback,
  };
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: "root",
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        // Its loader fetches only its code: the frame of `/` hydrates after it as the page's own
        // loading state ('Loading protocols...'), so the list is read by the page itself (the
        // boot's read, main.tsx, once hydrated). docs/decisions/013-data-router.md.
        page("home", null, homePage),
        // The page waits for its code, the list and then the protocol's own reads, so it opens on the
        // protocol, whole, in one commit: never on a loading state.
        page("protocol", "protocols/:slug", protocolPage, ({ params }) =>
          Promise.all([code(protocolPage), protocolList(queryClient)])
            // The list's parse and the page's reads in tasks of their own (lib/next-task.ts).
            .then(nextTask)
            .then(() => protocolReads(queryClient, params.slug ?? "")),
        ),
        // The change log opens with its list, like a protocol page (its prerendered frame gives way to it).
        page("changes", "changes", changesPage, () =>
          Promise.all([code(changesPage), protocolList(queryClient), changeList(queryClient)]),
        ),
        page("api", "api", apiPage),
        page("methodology", "methodology", methodologyPage),
        page("privacy-policy", "privacy-policy", privacyPolicyPage),
        page("confirm", "confirm", confirmPage),
        page("not-found", "*", notFoundPage),
      ],
    },
  ];
}

/** What every page shares: the scroll rule, a new chance for failed downloads, and the navigation's progress. */
function RootLayout() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const previousPath = useRef(pathname);
  // Each route the visitor reaches is an intent to try again: code that failed to download (a
  // dialog, a chart) is fetched anew, under a fresh URL, when next wanted.
  useEffect(() => forgetFailedDownloads(), [pathname]);
  // The live tree is in #root (live-mark.ts).
  useEffect(() => document.getElementById("root")?.setAttribute(LIVE_ATTRIBUTE, ""), []);

  // A link to another page starts at its top (the old scroll position would otherwise stay).
  // Back/forward (POP) and the first load are left to the browser's own scroll restoration.
  useLayoutEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (navigationType !== "POP" && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);

  const loading = navigation.state === "loading" && navigation.location.pathname !== pathname;
  return (
    <>
      {/* While the next page's code or data loads, the current page stays, under a thin bar. */}
      {loading && (
        <div className="route-progress">
          <p role="status" className="sr-only">
            Loading page...
          </p>
        </div>
      )}
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The header and footer every page renders, so nothing jumps when the page arrives. */
function RouteFallback() {
  return (
    <SiteLayout>
      <div className="min-h-[60vh]" aria-busy="true">
        <p role="status" className="sr-only">
          Loading page...
        </p>
      </div>
    </SiteLayout>
  );
}

/** A route that failed to render (a page whose code did not download, say): 'Something went wrong'. */
function RouteError() {
  const error = useRouteError();
  useEffect(() => logUiError(error), [error]);
  return <ErrorFallback />;
}
