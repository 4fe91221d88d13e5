import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { Protocol } from "../model/types";
import { useGridColumns } from "./use-grid-columns";

const ROW_ESTIMATE_PX = 380;

type VirtualGridProps = {
  protocols: readonly Protocol[];
  /** A protocol's card, as the directory's other grids show it. */
  renderCard: (protocol: Protocol) => ReactNode;
  label: string;
};

/**
 * The expanded second grid when it is long (thousands of rows): only the rows near the viewport
 * are in the DOM, so 'Show All' stays instant. Rows are measured, so cards keep natural heights.
 */
export function VirtualGrid({ protocols, renderCard, label }: VirtualGridProps) {
  const columns = useGridColumns();
  const rowCount = Math.ceil(protocols.length / columns);
  const containerRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The virtualizer needs the list's distance from the top of the document.
  useLayoutEffect(() => {
    const measure = () => {
      const element = containerRef.current;
      if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ROW_ESTIMATE_PX,
    // A row always has content; a zero height means the row is not laid out (yet), so keep the estimate.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE_PX,
    overscan: 2,
    scrollMargin,
    // Rows entering the overscan render in their own task instead of inside the scroll event
    // (flushSync), which would add React's render, commit and the new row's layout to the frame
    // that scrolls: during a fast fling that frame became a long task. The overscan rows are off
    // screen, so a row committed one task later is never seen missing.
    useFlushSync: false,
  });

  return (
    <div
      ref={containerRef}
      role="list"
      aria-label={label}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const start = row.index * columns;
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0 grid grid-cols-1 gap-5 pb-5 sm:grid-cols-2 lg:grid-cols-3"
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {/* Keyed by place, as the directory's other grids are (directory-results.tsx). */}
            {protocols.slice(start, start + columns).map((protocol, offset) => (
              <div key={offset} role="listitem" aria-setsize={protocols.length} aria-posinset={start + offset + 1}>
                {renderCard(protocol)}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
