import { useEffect, useState } from "react";
import type { OnDemand } from "@/lib/on-demand";

/**
 * The list virtualizer's code, loaded once `needed` is true (a list long enough to need it, before
 * 'Show All' is clicked). VirtualGrid is null until the code has arrived; failed says the download
 * failed, and then the caller mounts every card instead. This component does not retry; a later
 * list (a new mount) does. An answer that arrives after unmount is dropped.
 */
export function useVirtualGrid<T>(code: OnDemand<T>, needed: boolean): { VirtualGrid: T | null; failed: boolean } {
  const [VirtualGrid, setVirtualGrid] = useState(() => code.current());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || VirtualGrid || failed) return;
    let live = true;
    code.load().then(
      (component) => {
        // A function component is a function: store it, not call it as an updater.
        if (live) setVirtualGrid(() => component);
      },
      (error: unknown) => {
        console.error("The list virtualizer failed to load; rendering every card:", error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [code, needed, VirtualGrid, failed]);
  return { VirtualGrid, failed };
}
