import { useEffect, useState, useSyncExternalStore } from "react";
import type { OnDemand } from "@/lib/on-demand";

/**
 * The list virtualizer's code, loaded once `needed` is true (a list long enough to need it, before
 * 'Show All' is clicked). VirtualGrid is null until the code has arrived (read from the loader
 * itself, so every list sees it the moment it lands); failed says the download failed, and then
 * the caller mounts every card instead. This component does not retry; a later list (a new mount)
 * does.
 */
export function useVirtualGrid<T>(code: OnDemand<T>, needed: boolean): { VirtualGrid: T | null; failed: boolean } {
  const VirtualGrid = useSyncExternalStore(code.subscribe, code.current, code.current);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || VirtualGrid || failed) return;
    let live = true;
    code.load().catch((error: unknown) => {
      console.error("The list virtualizer failed to load; rendering every card:", error);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [code, needed, VirtualGrid, failed]);
  return { VirtualGrid, failed };
}
