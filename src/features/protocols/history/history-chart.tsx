// A history line (the TVL's; the yield's, with the band between its range's two ends), drawn by uPlot on a canvas (chosen by measurement:
// docs/architecture.md, "Protocol pages"). Loaded lazily by tvl-history.tsx. The canvas is
// decoration for sighted readers: the figure's caption (summary) and the 'Show data' table carry
// the same facts. What it draws follows lib/history-rules.ts: the range's whole window, a break
// and a shaded 'No data' band where data is missing, and each move of more than 50% ringed and
// labelled with its figure, its label placed clear of the line (lib/history-labels.ts).
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { lineSegments, placeMoveLabel, type Box, type Segment } from "@/lib/history-labels";
import { chartSeries, epochSeconds, type DayPoint, type Jump, type RangeView } from "@/lib/history-rules";
import { valueLabel, valueRange, windowRange } from "@/lib/history-scale";
import { formatAsOf } from "@/lib/tvl-provenance";
import { cn } from "@/lib/utils";
import { AXIS, FILL, GRID, JUMP, LINE, MISSING, POINT_RING } from "./chart-colors";

const FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
/** Labels for more moves than this would hide the line: the table lists them all. */
const MAX_JUMP_LABELS = 6;

type HistoryChartProps = {
  view: RangeView;
  /** The axis and tooltip's figures ('$2.85B', '4.1%'). */
  formatValue: (value: number) => string;
  className?: string;
  /** The canvas holder's test id ('tvl-chart'). */
  testId?: string;
  /**
   * A range's lower end (the yield's lowest APY): drawn as a second line with the band
   * between the two filled; `value` is then the upper end, the one the rules measure.
   */
  lowerOf?: (point: DayPoint) => number;
  /** The tooltip's figure for a point ('3.25-3.59%'); formatValue(point.value) when absent. */
  formatPoint?: (point: DayPoint) => string;
};

export function HistoryChart({
  view,
  formatValue,
  className,
  testId = "history-chart",
  lowerOf,
  formatPoint,
}: HistoryChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const labels = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    const tip = tooltip.current;
    const layer = labels.current;
    if (!element || !tip || !layer) return;
    const size = () => ({ width: Math.max(element.clientWidth, 200), height: Math.max(element.clientHeight, 160) });
    const { xs, ys, pointAt, isolated } = chartSeries(view);
    // The lower end follows the same breaks as the line (null where the line is broken).
    const lows = lowerOf ? pointAt.map((point) => (point === null ? null : lowerOf(point))) : null;
    const jumpsByDay = new Map(view.jumps.map((jump) => [jump.to.day, jump]));
    const moveSize = (jump: Jump) =>
      jump.from.value === 0 ? Infinity : Math.abs(jump.to.value - jump.from.value) / jump.from.value;
    const labelled = [...view.jumps].sort((a, b) => moveSize(b) - moveSize(a)).slice(0, MAX_JUMP_LABELS);

    // The labels are HTML over the canvas (crisp text at any zoom), placed after every redraw.
    const missingLabels = view.missing.map(() => layer.appendChild(makeLabel("No data", "missing")));
    const jumpLabels = labelled.map((jump) => layer.appendChild(makeLabel(jump.label, "jump")));

    const showTooltip = (plot: uPlot) => {
      const index = plot.cursor.idx;
      const left = plot.cursor.left ?? -1;
      const point: DayPoint | null | undefined = index === null || index === undefined ? undefined : pointAt[index];
      if (!point || left < 0) {
        tip.hidden = true;
        return;
      }
      tip.hidden = false;
      const [date, value, move] = tip.children as unknown as [HTMLElement, HTMLElement, HTMLElement];
      date.textContent = formatAsOf(point.day);
      value.textContent = formatPoint ? formatPoint(point) : formatValue(point.value);
      const jump = jumpsByDay.get(point.day);
      move.hidden = !jump;
      move.textContent = jump ? `${jump.label} since ${formatAsOf(jump.from.day)}` : "";
      const x = plot.valToPos(epochSeconds(point.day), "x") + plot.over.offsetLeft;
      const y = plot.valToPos(point.value, "y") + plot.over.offsetTop;
      // Keep the box inside the chart: flip to the left of the point past the middle.
      const flip = x > element.clientWidth / 2;
      tip.style.left = `${flip ? x - tip.offsetWidth - 12 : x + 12}px`;
      tip.style.top = `${Math.max(0, y - tip.offsetHeight - 8)}px`;
    };

    /** Shades each stretch without data and rings each large move, then places their labels. */
    const drawMarks = (plot: uPlot) => {
      const { ctx, bbox } = plot;
      const ratio = uPlot.pxRatio;
      const x = (day: string) => plot.valToPos(epochSeconds(day), "x", true);
      ctx.save();
      view.missing.forEach((stretch, i) => {
        // From the last point before (or the window's start) to the first point after.
        const left = Math.max(bbox.left, x(stretch.after ?? stretch.first));
        const right = Math.min(bbox.left + bbox.width, x(stretch.before));
        ctx.fillStyle = MISSING;
        ctx.fillRect(left, bbox.top, right - left, bbox.height);
        const label = missingLabels[i]!;
        const width = (right - left) / ratio;
        label.hidden = width < 56;
        label.style.left = `${left / ratio + plot.over.offsetLeft - bbox.left / ratio + width / 2}px`;
        label.style.top = `${plot.over.offsetTop + 8}px`;
      });
      ctx.lineWidth = 2 * ratio;
      ctx.strokeStyle = JUMP;
      for (const jump of view.jumps) {
        ctx.beginPath();
        ctx.arc(x(jump.to.day), plot.valToPos(jump.to.value, "y", true), 6 * ratio, 0, 2 * Math.PI);
        ctx.stroke();
      }
      ctx.restore();
      // The line as drawn, in the labels' pixels: every segment of both ends of a range, and every
      // point (a dot with no neighbour is drawn too). A move's label never covers any of it, nor
      // a 'No data' label, nor another move's label (history-labels.ts); the largest move is
      // placed first, and a label with no room is left out (its ring stays, the table lists it).
      const toPixels = (values: readonly (number | null)[]) =>
        values.map((value, i) =>
          value === null
            ? null
            : ([
                plot.valToPos(xs[i]!, "x") + plot.over.offsetLeft,
                plot.valToPos(value, "y") + plot.over.offsetTop,
              ] as const),
        );
      const lines = lows ? [toPixels(ys), toPixels(lows)] : [toPixels(ys)];
      const segments: Segment[] = [
        ...lineSegments(lines),
        ...lines.flat().flatMap((point) => (point ? [[point[0], point[1], point[0], point[1]] as const] : [])),
      ];
      const bounds = {
        left: plot.over.offsetLeft,
        top: plot.over.offsetTop,
        right: plot.over.offsetLeft + plot.over.clientWidth,
        bottom: plot.over.offsetTop + plot.over.clientHeight,
      };
      // Every ring (radius 6, stroke 2) is kept clear too, so a label never hides another move.
      const rings: Box[] = view.jumps.map((jump) => {
        const ringX = plot.valToPos(epochSeconds(jump.to.day), "x") + plot.over.offsetLeft;
        const ringY = plot.valToPos(jump.to.value, "y") + plot.over.offsetTop;
        return { left: ringX - 7, top: ringY - 7, right: ringX + 7, bottom: ringY + 7 };
      });
      const placed: Box[] = [
        ...rings,
        ...missingLabels.flatMap((label) =>
          label.hidden
            ? []
            : [
                {
                  left: label.offsetLeft - label.offsetWidth / 2,
                  top: label.offsetTop,
                  right: label.offsetLeft + label.offsetWidth / 2,
                  bottom: label.offsetTop + label.offsetHeight,
                },
              ],
        ),
      ];
      labelled.forEach((jump, i) => {
        const label = jumpLabels[i]!;
        label.hidden = false; // measured shown: a label hidden at the last redraw has no width
        const anchor = {
          x: plot.valToPos(epochSeconds(jump.to.day), "x") + plot.over.offsetLeft,
          y: plot.valToPos(jump.to.value, "y") + plot.over.offsetTop,
        };
        const box = placeMoveLabel(
          anchor,
          { width: label.offsetWidth, height: label.offsetHeight },
          segments,
          placed,
          bounds,
        );
        label.hidden = box === null;
        if (box === null) return;
        label.style.left = `${box.left}px`;
        label.style.top = `${box.top}px`;
        placed.push(box);
      });
    };

    const plot = new uPlot(
      {
        ...size(),
        // Days are calendar days: draw the axis in UTC, as every date on the page is read.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
        legend: { show: false },
        cursor: {
          y: false,
          points: { size: 8, fill: LINE, stroke: POINT_RING, width: 2 },
          drag: { x: false, y: false },
        },
        scales: {
          // The range's whole window, measured back from the newest point.
          x: { time: true, range: () => windowRange(epochSeconds(view.from), epochSeconds(view.to)) },
          // Padded around the values, never empty: a flat series is a line in the middle (history-scale.ts).
          y: { range: (_plot, min, max) => valueRange(min, max) },
        },
        axes: [
          { stroke: AXIS, font: FONT, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } },
          {
            stroke: AXIS,
            font: FONT,
            size: 64,
            grid: { stroke: GRID, width: 1 },
            ticks: { show: false },
            values: (_plot, values) => values.map((value) => valueLabel(value, formatValue)),
          },
        ],
        series: [
          {},
          {
            stroke: LINE,
            width: 2,
            // A range fills the band between its two ends instead of the area under the line.
            fill: lows ? undefined : FILL,
            // A break in the data is a break in the line.
            spanGaps: false,
            // A point with no neighbour to draw a line to is drawn as a dot (every one when there are two).
            points: { show: true, size: 6, filter: view.points.length <= 2 ? null : isolated },
          },
          ...(lows
            ? [
                {
                  stroke: LINE,
                  width: 1.5,
                  dash: [4, 3],
                  spanGaps: false,
                  points: { show: true, size: 5, filter: view.points.length <= 2 ? null : isolated },
                },
              ]
            : []),
        ],
        ...(lows ? { bands: [{ series: [1, 2] as [number, number], fill: FILL }] } : {}),
        hooks: { setCursor: [showTooltip], draw: [drawMarks] },
      },
      lows ? [xs, ys, lows] : [xs, ys],
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
      layer.replaceChildren();
    };
  }, [view, formatValue, lowerOf, formatPoint]);

  return (
    <div className="relative">
      <div ref={host} aria-hidden="true" data-testid={testId} className={cn("w-full", className)} />
      <div ref={labels} aria-hidden="true" className="pointer-events-none absolute inset-0" />
      <div
        ref={tooltip}
        hidden
        aria-hidden="true"
        className="pointer-events-none absolute z-10 rounded-md border border-border bg-surface px-2.5 py-1.5 text-xs shadow-md"
      >
        <div className="text-muted-foreground" />
        <div className="font-semibold text-foreground tabular-nums" />
        <div className="font-semibold text-warning" hidden />
      </div>
    </div>
  );
}

function makeLabel(text: string, kind: "missing" | "jump"): HTMLSpanElement {
  const label = document.createElement("span");
  label.textContent = text;
  label.dataset.mark = kind;
  label.className =
    kind === "jump"
      ? "absolute rounded border border-warning-border-strong bg-warning-subtle px-1 text-[0.6875rem] font-bold whitespace-nowrap text-warning-foreground tabular-nums"
      : "absolute -translate-x-1/2 text-[0.6875rem] font-semibold tracking-wide whitespace-nowrap text-subtle-foreground uppercase";
  return label;
}
