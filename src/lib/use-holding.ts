import { useSyncExternalStore } from "react";
import { DEFAULT_HOLDING, type Holding } from "./yield-after-fees";

// The holding 'Yield after fees' is worked out for (period and amount): one for the whole visit, so
// the protocol page's Products section and the comparison agree. Kept in sessionStorage so it
// survives moving between pages; a storage that throws only means it lives as long as the page.

const KEY = "rwa-atlas:holding";
const listeners = new Set<() => void>();
/** The last text read from storage and what it meant, so the same text gives the same object. */
let last: { raw: string | null; holding: Holding } = { raw: null, holding: DEFAULT_HOLDING };
/** Where the holding lives when storage throws. */
let memory: Holding | null = null;

function parse(raw: string | null): Holding {
  try {
    const stored = JSON.parse(raw ?? "null") as Partial<Holding> | null;
    if (typeof stored?.years === "number" && typeof stored.amountUsd === "number")
      return { years: stored.years, amountUsd: stored.amountUsd };
  } catch {
    // Unreadable: the default.
  }
  return DEFAULT_HOLDING;
}

function read(): Holding {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return memory ?? DEFAULT_HOLDING;
  }
  if (raw !== last.raw) last = { raw, holding: parse(raw) };
  return last.holding;
}

/** Sets the visit's holding (the caller has checked its bounds). */
export function setHolding(next: Holding): void {
  memory = next;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Kept in memory for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visit's holding; the prerendered page and hydration see the default. */
export function useHolding(): Holding {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_HOLDING);
}
