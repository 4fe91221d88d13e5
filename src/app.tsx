import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { BrowserRouter, Route, Routes, useLocation, useNavigationType } from "react-router-dom";
import { ErrorBoundary } from "@/components/error-boundary";
import { ToasterHost } from "@/components/toaster-host";
import { WaitlistProvider } from "@/features/waitlist/waitlist-provider";
import { HomePage } from "@/pages/home";
import { forgetFailedDownloads } from "@/lib/on-demand";
import { ConfirmPage, MethodologyPage, NotFoundPage, PrivacyPolicyPage, ProtocolPage } from "@/pages/lazy-pages";
import { SiteLayout } from "@/pages/site-layout";

// The home page is the landing route and ships with this file (the render-app chunk); the other
// pages load on demand (pages/lazy-pages.ts).

/** Every page's providers; `queryClient` is start.ts's in the browser, a fresh one in the prerender and tests. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary>
        <WaitlistProvider>{children}</WaitlistProvider>
      </ErrorBoundary>
      <ToasterHost />
    </QueryClientProvider>
  );
}

type AppRoutesProps = {
  /**
   * Called once the routes' content has committed. When hydrating the prerendered frame this is
   * after the whole page, including this Suspense boundary (hydrated in a pass of its own), is
   * hydrated (render-app.tsx lets the protocols response in then: `releaseProtocols`).
   */
  onFirstCommit?: () => void;
};

/** Renders nothing; calls `onCommit` after its first commit. */
function AfterFirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

export function AppRoutes({ onFirstCommit }: AppRoutesProps = {}) {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(pathname);
  // Each route the visitor reaches is an intent to try again: a page whose code failed to download
  // is fetched anew (under a fresh URL) when they come back to it. After the commit, never while
  // rendering: a navigation's render is retried while its page is pending, and each retry would
  // otherwise clear the failure it is about to show and download again, without end.
  useEffect(() => forgetFailedDownloads(), [pathname]);

  // A link to another page starts at its top (the old scroll position would otherwise stay).
  // Back/forward (POP) and the first load are left to the browser's own scroll restoration.
  useLayoutEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (navigationType !== "POP" && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);

  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/confirm" element={<ConfirmPage />} />
          <Route path="/protocols/:slug" element={<ProtocolPage />} />
          <Route path="/methodology" element={<MethodologyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        {onFirstCommit && <AfterFirstCommit onCommit={onFirstCommit} />}
      </Suspense>
    </ErrorBoundary>
  );
}

// The same header and footer the lazy pages render, so nothing jumps when the page arrives.
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

/** The browser's app; `queryClient` is the one start.ts's protocols request already runs in. */
export function App({ queryClient, onFirstCommit }: { queryClient: QueryClient } & AppRoutesProps) {
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient}>
        <AppRoutes onFirstCommit={onFirstCommit} />
      </AppProviders>
    </BrowserRouter>
  );
}
