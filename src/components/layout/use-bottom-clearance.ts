import { useEffect, useState } from "react";

const GAP_PX = 12;

/**
 * How far above the viewport's bottom edge something must sit to clear the element matching
 * `selector` (the comparison selection bar, whose height changes as chips wrap); 0 when absent.
 * Features don't talk to each other, so this watches the DOM for the marker instead.
 */
export function useBottomClearance(selector: string): number {
  const [clearance, setClearance] = useState(0);

  useEffect(() => {
    let target: Element | null = null;
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (!target?.isConnected) return setClearance(0);
      const top = target.getBoundingClientRect().top;
      setClearance(Math.max(0, Math.round(window.innerHeight - top)) + GAP_PX);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    const resize = new ResizeObserver(schedule);
    const attach = () => {
      const next = document.querySelector(selector);
      if (next !== target) {
        if (target) resize.unobserve(target);
        target = next;
        if (target) resize.observe(target);
      }
      schedule();
    };
    // Only child-list changes: cheap, and enough to see the bar come and go.
    const mutations = new MutationObserver(attach);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", schedule);
    attach();
    return () => {
      mutations.disconnect();
      resize.disconnect();
      window.removeEventListener("resize", schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [selector]);

  return clearance;
}
