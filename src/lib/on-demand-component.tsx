import { lazy, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import type { OnDemand } from "@/lib/on-demand";

// One React.lazy per download attempt: React.lazy keeps its first result for good, so a failed
// attempt's lazy stays failed (every replay of a render throws the same failure), and the next
// attempt, started by an intent, gets a lazy of its own.
const lazyByAttempt = new WeakMap<Promise<unknown>, ComponentType<never>>();

function lazyFor<P extends object>(attempt: Promise<ComponentType<P>>): ComponentType<P> {
  let Lazy = lazyByAttempt.get(attempt) as ComponentType<P> | undefined;
  if (!Lazy) {
    Lazy = lazy(() => attempt.then((Component) => ({ default: Component }))) as unknown as ComponentType<P>;
    lazyByAttempt.set(attempt, Lazy as ComponentType<never>);
  }
  return Lazy;
}

/**
 * A component whose code loads on demand (lib/on-demand.ts), the app's one way to lazy-load a
 * component (instead of a bare React.lazy, which keeps a failed download failed for the life of
 * the page).
 *
 * - Once the code is in, it renders the component at once, with no Suspense fallback in between:
 *   what lets a prerendered page be replaced straight by the live one after its chunk was awaited.
 * - Until then it suspends on the shared download (the nearest Suspense shows its fallback).
 * - A failed download throws to the nearest error boundary, on every render until an intent asks
 *   for the code again (`load`, `prefetch`, or another route: `forgetFailedDownloads`); the next
 *   download then goes to a fresh URL (lib/on-demand.ts).
 */
export function onDemandComponent<P extends object>(code: OnDemand<ComponentType<P>>): (props: P) => ReactNode {
  function OnDemandComponent(props: P) {
    const Loaded = useSyncExternalStore(code.subscribe, code.current, code.current);
    if (Loaded) return <Loaded {...props} />;
    const Lazy = lazyFor(code.read());
    return <Lazy {...props} />;
  }
  return OnDemandComponent;
}
