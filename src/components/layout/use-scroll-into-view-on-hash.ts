import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * Brings a section into view when the page was opened at its `#id` (a card's link): once when it
 * first renders, and once more when its data has arrived (`settled`), since the sections above it
 * may have grown by then. Only for the visit that asked: a later hash change is the browser's.
 */
export function useScrollIntoViewOnHash(ref: React.RefObject<HTMLElement | null>, id: string, settled: boolean) {
  const { hash } = useLocation();
  const wanted = useRef(hash === `#${id}`);
  const scrolledWhenSettled = useRef(false);
  useEffect(() => {
    if (!wanted.current || scrolledWhenSettled.current) return;
    ref.current?.scrollIntoView({ block: "start" });
    if (settled) scrolledWhenSettled.current = true;
  }, [ref, settled]);
}
