import { createContext, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { WAITLIST_MESSAGES } from "@/features/waitlist/waitlist-messages";
import type { WaitlistSource } from "@/features/waitlist/waitlist-source";
import { onDemand } from "@/lib/on-demand";
import { onDemandComponent } from "@/lib/on-demand-component";

export type OpenWaitlistOptions = { limitReached?: boolean; source?: WaitlistSource };
type WaitlistDialogApi = {
  openWaitlist: (options?: OpenWaitlistOptions) => void;
  /** Start loading the dialog code now (hover/focus on a join button) so opening is instant. */
  prefetchWaitlist: () => void;
};

const WaitlistDialogContext = createContext<WaitlistDialogApi | null>(null);

// The dialog is its own chunk: it is not needed to paint the directory. Each press of a join
// button asks for it again after a failed download (lib/on-demand.ts).
const dialogCode = onDemand(
  () => import("@/features/waitlist/waitlist-dialog"),
  (m) => m.WaitlistDialog,
);
const LazyDialog = onDemandComponent(dialogCode);

type DialogState = { open: boolean; limitReached: boolean; source?: WaitlistSource };

export function WaitlistProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ open: false, limitReached: false });
  // Mount the lazy dialog only once it was wanted, so its chunk is not fetched just to render nothing.
  const [mounted, setMounted] = useState(false);
  // The dialog is opened from many buttons and has no trigger, so remember the opener to
  // give focus back to it on close (Radix would otherwise drop focus on <body>).
  const openerRef = useRef<HTMLElement | null>(null);

  // No prefetch at idle: the dialog chunk carries the full Supabase client (~55 KB gzip), which
  // would compete with the page on a slow line before anyone asked for it (the boot budget
  // counts it as boot JS, docs/performance.md). Join buttons warm it on hover, touch and focus instead (`prefetchWaitlist`), which
  // on a desktop or a phone comes well before the click lands.

  const openWaitlist = useCallback((options?: OpenWaitlistOptions) => {
    const active = document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
    // The press is the intent: after a failed download, this starts a new one.
    dialogCode.prefetch();
    setMounted(true);
    setState({ open: true, limitReached: options?.limitReached ?? false, source: options?.source });
  }, []);

  const prefetchWaitlist = dialogCode.prefetch;

  const handleOpenChange = useCallback((open: boolean) => {
    // Closing always resets the limit-reached variant (spec, section 4).
    setState((previous) => (open ? { ...previous, open } : { open: false, limitReached: false }));
  }, []);

  const handleCloseAutoFocus = useCallback((event: Event) => {
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  }, []);

  const handleLoadError = useCallback((error: unknown) => {
    console.error("The waitlist dialog failed to load:", error);
    // The toast code is loaded on demand too (it is not on the boot path); should that fail as
    // well, the network is down and the console line above is all that can be done.
    void import("@/lib/toast").then(({ toast }) => toast.error(WAITLIST_MESSAGES.unexpected)).catch(() => {});
    setState({ open: false, limitReached: false });
    setMounted(false);
  }, []);

  const api = useMemo(() => ({ openWaitlist, prefetchWaitlist }), [openWaitlist, prefetchWaitlist]);

  return (
    <WaitlistDialogContext.Provider value={api}>
      {children}
      {mounted && (
        // A failed chunk download must not take the whole page down: report it, render nothing.
        <ErrorBoundary fallback={null} onError={handleLoadError}>
          <Suspense fallback={null}>
            <LazyDialog
              open={state.open}
              onOpenChange={handleOpenChange}
              limitReached={state.limitReached}
              source={state.source}
              onCloseAutoFocus={handleCloseAutoFocus}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </WaitlistDialogContext.Provider>
  );
}

// eslint-disable-next-line react-refresh/only-export-components -- the contract puts the hook beside its provider
export function useWaitlistDialog(): WaitlistDialogApi {
  const api = useContext(WaitlistDialogContext);
  if (!api) throw new Error("useWaitlistDialog must be used inside <WaitlistProvider>.");
  return api;
}
