import type { ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ErrorBoundary } from "@/components/error-boundary";
import { ToasterHost } from "@/components/toaster-host";
import { WaitlistProvider } from "@/features/waitlist/waitlist-provider";

/**
 * Every page's providers, around the router: the query client (render-app.tsx's in the browser, a
 * fresh one in the prerender and tests), a last error boundary, the waitlist dialog and the toaster.
 * Nothing in them links with the router (the waitlist dialog's privacy link is a plain `href`).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary>
        <WaitlistProvider>{children}</WaitlistProvider>
        <ToasterHost />
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
