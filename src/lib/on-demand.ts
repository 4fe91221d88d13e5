/**
 * Code fetched on demand (a dynamic import), shared by everything that wants it: one download at
 * a time, a failed one forgotten so the next intent (a hover, a tap, a list growing long) tries
 * again, and once it has arrived the value is readable synchronously, so a component can render
 * it at once instead of suspending or waiting a tick.
 */
export type OnDemand<T> = {
  /** Starts the download unless it is under way or done; rejects when it fails. */
  load: () => Promise<T>;
  /** `load` for warming on intent: a failure is left for the next `load` to retry. */
  prefetch: () => void;
  /** The loaded value, or null until it has arrived (a `useSyncExternalStore` snapshot). */
  current: () => T | null;
  /** Calls back once the value has arrived (a `useSyncExternalStore` subscription). */
  subscribe: (listener: () => void) => () => void;
};

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const load = () =>
    (pending ??= importer().then(
      (loaded) => {
        value = loaded;
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return {
    load,
    prefetch: () => void load().catch(() => {}),
    current: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
