// The TVL line, drawn by uPlot on a canvas (chosen by measurement: docs/architecture.md,
// "Protocol pages"). Loaded lazily by tvl-history.tsx. The canvas is decoration for sighted
// readers: the figure's caption (summary) and the 'Show data' table carry the same facts.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { cn } from "@/lib/utils";
import { formatUsdCompact, type TvlPoint } from "./history";
import { formatAsOf } from "@/lib/tvl-provenance";

const LINE = "#0f766e"; // teal-700, the accent
const FILL = "rgba(15, 118, 110, 0.12)";
const AXIS = "#475569"; // slate-600: 7:1 on white
const GRID = "#e2e8f0";
const FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Epoch seconds of a calendar day at 00:00 UTC. */
function epochSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export function TvlChart({ points, className }: { points: readonly TvlPoint[]; className?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    const tip = tooltip.current;
    if (!element || !tip) return;
    const size = () => ({ width: Math.max(element.clientWidth, 200), height: Math.max(element.clientHeight, 160) });

    const showTooltip = (plot: uPlot) => {
      const index = plot.cursor.idx;
      const left = plot.cursor.left ?? -1;
      const point = index === null || index === undefined ? undefined : points[index];
      if (!point || left < 0) {
        tip.hidden = true;
        return;
      }
      tip.hidden = false;
      tip.firstElementChild!.textContent = formatAsOf(point.day);
      tip.lastElementChild!.textContent = formatUsdCompact(point.tvlUsd);
      const x = plot.valToPos(epochSeconds(point.day), "x") + plot.over.offsetLeft;
      const y = plot.valToPos(point.tvlUsd, "y") + plot.over.offsetTop;
      // Keep the box inside the chart: flip to the left of the point past the middle.
      const flip = x > element.clientWidth / 2;
      tip.style.left = `${flip ? x - tip.offsetWidth - 12 : x + 12}px`;
      tip.style.top = `${Math.max(0, y - tip.offsetHeight - 8)}px`;
    };

    const plot = new uPlot(
      {
        ...size(),
        // Days are calendar days: draw the axis in UTC, as every date on the page is read.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
        legend: { show: false },
        cursor: {
          y: false,
          points: { size: 8, fill: LINE, stroke: "#ffffff", width: 2 },
          drag: { x: false, y: false },
        },
        scales: {
          x: { time: true },
          y: {
            range: (_plot, min, max) => [
              Math.max(0, min - (max - min) * 0.1),
              max + (max - min) * 0.1 || max * 1.1 || 1,
            ],
          },
        },
        axes: [
          { stroke: AXIS, font: FONT, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } },
          {
            stroke: AXIS,
            font: FONT,
            size: 64,
            grid: { stroke: GRID, width: 1 },
            ticks: { show: false },
            values: (_plot, values) => values.map((value) => formatUsdCompact(value)),
          },
        ],
        series: [{}, { label: "TVL", stroke: LINE, width: 2, fill: FILL, points: { show: points.length <= 2 } }],
        hooks: { setCursor: [showTooltip] },
      },
      [points.map((point) => epochSeconds(point.day)), points.map((point) => point.tvlUsd)],
      element,
    );
    const hide = () => {
      tip.hidden = true;
    };
    plot.over.addEventListener("mouseleave", hide);
    const observer = new ResizeObserver(() => plot.setSize(size()));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.over.removeEventListener("mouseleave", hide);
      plot.destroy();
    };
  }, [points]);

  return (
    <div className="relative">
      <div ref={host} aria-hidden="true" data-testid="tvl-chart" className={cn("w-full", className)} />
      <div
        ref={tooltip}
        hidden
        aria-hidden="true"
        className="pointer-events-none absolute z-10 rounded-md border border-border bg-surface px-2.5 py-1.5 text-xs shadow-md"
      >
        <div className="text-muted-foreground" />
        <div className="font-semibold text-foreground tabular-nums" />
      </div>
    </div>
  );
}
