/**
 * Code fetched on demand (a dynamic import), shared by everything that wants it: one download at
 * a time, a failed one forgotten so the next intent (a hover, a tap, another route) tries again,
 * and once it has arrived the value is readable synchronously, so a component can render it at
 * once instead of suspending or waiting a tick. Every chunk the app loads on demand goes through
 * here (components through `onDemandComponent`, lib/on-demand-component.tsx).
 *
 * A retry asks for a URL the browser has not seen: Chromium (150 and later) keeps a module whose
 * download failed failed for the life of the page, so importing the same URL again rejects at
 * once, without a request. The build gives each `() => import(...)` the URL of its chunk
 * (`chunkUrl`, build/chunk-urls.ts), and a retry imports `<chunkUrl>?retry=<n>`: a new module, a
 * real request, whose own imports resolve to the chunks already loaded (one React). Without a
 * `chunkUrl` (the dev server, the tests' importers) a retry calls the importer again.
 */
export type OnDemand<T> = {
  /**
   * An intent (a press, a hover, a route): starts the download unless it is under way or done,
   * and starts it again after a failure; rejects when it fails.
   */
  load: () => Promise<T>;
  /**
   * For a render: the download under way, done, or failed (so a render that is replayed throws
   * the same failure instead of starting another download); starts one only when there is none.
   */
  read: () => Promise<T>;
  /** `load` for warming on intent: a failure is left for the next `load` to retry. */
  prefetch: () => void;
  /** The loaded value, or null until it has arrived (a `useSyncExternalStore` snapshot). */
  current: () => T | null;
  /** Calls back once the value has arrived (a `useSyncExternalStore` subscription). */
  subscribe: (listener: () => void) => () => void;
};

/** `() => import("...")`, with the URL of its chunk when the build has given it one. */
type Importer<M> = (() => Promise<M>) & { chunkUrl?: string };

// The downloads that failed and wait for an intent to try again.
const failedDownloads = new Set<() => void>();

/**
 * Lets every failed download start again on its next read: called when the visitor goes to another
 * route, so a page whose code failed to arrive is fetched again when they come back to it.
 */
export function forgetFailedDownloads(): void {
  for (const forget of [...failedDownloads]) forget();
}

export function onDemand<M>(importer: Importer<M>): OnDemand<M>;
export function onDemand<M, T>(importer: Importer<M>, pick: (module: M) => T): OnDemand<T>;
export function onDemand<M, T>(
  importer: Importer<M>,
  pick: (module: M) => T = (module) => module as unknown as T,
): OnDemand<T> {
  let value: T | null = null;
  let download: Promise<T> | null = null;
  let attempts = 0;
  const listeners = new Set<() => void>();

  const forget = () => {
    download = null;
    failedDownloads.delete(forget);
  };
  const start = (): Promise<T> => {
    // The first download is the importer's own; a retry asks for the same chunk under a fresh URL.
    const fresh = attempts > 0 && importer.chunkUrl ? `${importer.chunkUrl}?retry=${attempts}` : null;
    attempts += 1;
    const module = fresh ? (import(/* @vite-ignore */ fresh) as Promise<M>) : importer();
    download = module.then(
      (loaded) => {
        value = pick(loaded);
        for (const listener of listeners) listener();
        return value;
      },
      (error: unknown) => {
        failedDownloads.add(forget);
        throw error;
      },
    );
    return download;
  };
  const read = () => download ?? start();
  const load = () => {
    if (failedDownloads.has(forget)) forget();
    return read();
  };
  return {
    load,
    read,
    prefetch: () => void load().catch(() => {}),
    current: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
