import { useEffect, useState, type RefObject } from "react";

/**
 * The attribute that marks a protocol card's figures (TVL, yield, risk, minimum and the TVL's
 * source line). Nothing fixed on the page may cover them: the floating join button
 * steps aside while any of them passes beneath it.
 */
export const CARD_FIGURES_ATTRIBUTE = "data-card-figures";
const FIGURES = `[${CARD_FIGURES_ATTRIBUTE}]`;
/** Px of clear space kept around the fixed element. */
const MARGIN_PX = 8;

/**
 * Where a fixed element rests (from its right and bottom offsets), whatever transform it is in:
 * sliding in or out, it must be judged where it will stand, or showing it would move it onto the
 * figures it was just judged clear of. Null when it takes no room (display: none).
 */
function restingBox(element: HTMLElement | null): { left: number; top: number; right: number; bottom: number } | null {
  if (!element || element.offsetWidth === 0 || element.offsetHeight === 0) return null;
  const style = getComputedStyle(element);
  const right = document.documentElement.clientWidth - (parseFloat(style.right) || 0);
  const bottom = window.innerHeight - (parseFloat(style.bottom) || 0);
  return { left: right - element.offsetWidth, top: bottom - element.offsetHeight, right, bottom };
}

/**
 * True while the element (something fixed) lies over a card's figures. Measured at most once a
 * frame, on scroll, resize and when cards come and go; features don't talk to layout, so this
 * reads the marker from the DOM (as useBottomClearance does for the selection bar).
 */
export function useOverFigures(ref: RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const zone = restingBox(ref.current);
      if (!zone) return setOver(false);
      let hit = false;
      for (const figures of document.querySelectorAll(FIGURES)) {
        // A faded preview card (inert, under the 'Show All' fade) shows no figures to read.
        if (figures.closest("[inert]")) continue;
        const box = figures.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (
          box.left < zone.right + MARGIN_PX &&
          box.right > zone.left - MARGIN_PX &&
          box.top < zone.bottom + MARGIN_PX &&
          box.bottom > zone.top - MARGIN_PX
        ) {
          hit = true;
          break;
        }
      }
      setOver(hit);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      mutations.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [ref]);

  return over;
}
