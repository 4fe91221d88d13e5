/**
 * Code fetched on demand (a dynamic import), shared by everything that wants it: one download at
 * a time, a failed one forgotten so the next intent (a hover, a tap, a list growing long) tries
 * again, and once it has arrived the value is readable synchronously, so a component can render
 * it at once instead of suspending or waiting a tick. Every chunk the app loads on demand goes
 * through here (components through `onDemandComponent`, lib/on-demand-component.tsx).
 *
 * A retry must not ask the browser for the same module again. Chromium (150 and later) keeps a
 * failed module in its module map for the life of the page: `import(sameUrl)` rejects at once,
 * without a request, so a visitor whose download failed once (a dropped line, a deploy under an
 * open tab) could never open that part of the page again without reloading. So the retry imports
 * the chunk the failure names under a fresh URL (`?retry=<n>`): a new module-map entry, a real
 * request. Its own imports resolve to the URLs the page already loaded, so it shares their
 * instances (one React). The failure's URL comes from the browser's message (Chromium and
 * Firefox name it); when a message names none, the retry calls the importer again.
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

// The downloads that failed and wait for an intent to try again.
const failedDownloads = new Set<() => void>();

/**
 * Lets every failed download start again on its next read: called when the visitor goes to another
 * route, so a page whose code failed to arrive is fetched again when they come back to it.
 */
export function forgetFailedDownloads(): void {
  for (const forget of [...failedDownloads]) forget();
}

/** The script URL a failed dynamic import names in its message, or null when it names none. */
export function failedChunkUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  // "Failed to fetch dynamically imported module: https://host/assets/x-1a2b.js" (Chromium),
  // "error loading dynamically imported module: https://host/assets/x-1a2b.js" (Firefox).
  if (!/imported module/i.test(message)) return null;
  const match = /(https?:\/\/[^\s'"]+?\.m?[jt]sx?)(?:\?[^\s'"]*)?(?=$|[\s'"])/.exec(message);
  return match?.[1] ?? null;
}

/** `url` with `retry=<attempt>` in its query: a module the browser has not seen under that name. */
export function freshChunkUrl(url: string, attempt: number): string {
  const fresh = new URL(url);
  fresh.searchParams.set("retry", String(attempt));
  return fresh.href;
}

/** Imports a module by URL at run time (outside the bundler's graph). */
function importUrl(url: string): Promise<unknown> {
  return import(/* @vite-ignore */ url) as Promise<unknown>;
}

type Options = {
  /** How a retry imports a fresh URL; tests pass their own. */
  importFresh?: (url: string) => Promise<unknown>;
};

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M>;
export function onDemand<M, T>(importer: () => Promise<M>, pick: (module: M) => T, options?: Options): OnDemand<T>;
export function onDemand<M, T>(
  importer: () => Promise<M>,
  pick: (module: M) => T = (module) => module as unknown as T,
  { importFresh = importUrl }: Options = {},
): OnDemand<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  let failed = false;
  let failedUrl: string | null = null;
  let attempts = 0;
  const listeners = new Set<() => void>();

  const download = (): Promise<M> =>
    failedUrl === null ? importer() : (importFresh(freshChunkUrl(failedUrl, ++attempts)) as Promise<M>);

  const forget = () => {
    if (!failed) return;
    failed = false;
    pending = null;
    failedDownloads.delete(forget);
  };
  const start = (): Promise<T> => {
    const attempt: Promise<T> = download().then(
      (module) => {
        const loaded = pick(module);
        value = loaded;
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        if (pending === attempt) {
          failed = true;
          failedDownloads.add(forget);
        }
        // Keep the first failure's URL: a retry's own message names the fresh URL.
        failedUrl ??= failedChunkUrl(error);
        throw error;
      },
    );
    pending = attempt;
    return attempt;
  };
  const read = () => pending ?? start();
  const load = () => {
    forget();
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
