import { useEffect, useState } from "react";

/** True while the page is scrolled further than `threshold` px. One passive listener, at most one read per frame. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    // The page may already be scrolled (reload, back navigation): read it in the next frame, not
    // now. Read during the commit, scrollY forces the new page's whole layout into the commit's
    // task (15-27 ms on a protocol page in Chromium); a frame later the browser lays the page out
    // in its own rendering task and the read costs nothing (docs/decisions/025).
    frame = window.requestAnimationFrame(measure);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);

  return past;
}
