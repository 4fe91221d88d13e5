import type { ErrorInfo, ReactNode } from "react";
import { ErrorBoundary as CatchErrors } from "react-error-boundary";
import { AlertTriangle, RotateCw } from "lucide-react";
import { logUiError } from "@/components/log-ui-error";
import { Button } from "@/components/ui/button";

// Catches what the routes' own error element (router.tsx) does not: an error in the providers or
// the toaster, so the visitor sees a way forward instead of a blank page.
export function ErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <CatchErrors
      fallback={<ErrorFallback />}
      onError={(error, info: ErrorInfo) => logUiError(error, info.componentStack)}
    >
      {children}
    </CatchErrors>
  );
}

/** 'Something went wrong' with a Reload button: a page that failed to render or to download. */
export function ErrorFallback() {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-xl border border-border bg-surface p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-risk-high-bg text-risk-high-fg">
          <AlertTriangle className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-bold tracking-tight text-foreground">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          An unexpected error stopped this page from loading. Reloading usually fixes it.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload
        </Button>
      </div>
    </div>
  );
}
