import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, LineChart } from "lucide-react";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { cn } from "@/lib/utils";
import { formatAsOf } from "@/lib/tvl-provenance";
import {
  formatUsdFull,
  HISTORY_RANGES,
  historySummary,
  MIN_CHART_POINTS,
  pointsInRange,
  protocolHistoryQueryOptions,
  type HistoryRange,
  type TvlPoint,
} from "./history";

// uPlot (~23 KB gzip) loads only here, once the history has arrived: never on `/`, and never
// before the page's figures have painted. See docs/architecture.md, "Protocol pages".
const TvlChart = lazy(() => import("./tvl-chart").then((m) => ({ default: m.TvlChart })));

const CHART_HEIGHT = "h-64 sm:h-72";

const RANGE_NAMES: Record<HistoryRange, string> = {
  "3M": "last 3 months",
  "1Y": "last year",
  All: "all recorded history",
};

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div
      className={cn(
        "flex items-center justify-center rounded-lg border border-dashed border-border bg-muted/40 px-6 text-center",
        CHART_HEIGHT,
      )}
    >
      {children}
    </div>
  );
}

/** The TVL history: range buttons, the chart (lazy), a summary and the data behind 'Show data'. */
export function TvlHistory({ protocolId, protocolName }: { protocolId: string; protocolName: string }) {
  const { data, error } = useQuery(protocolHistoryQueryOptions(protocolId));
  const [range, setRange] = useState<HistoryRange>("All");
  const points = useMemo(() => (data ? pointsInRange(data, range) : []), [data, range]);
  const headingId = useId();

  let body: React.ReactNode;
  if (error) {
    body = (
      <div
        role="alert"
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-lg border border-red-200 bg-red-50 px-6 text-center",
          CHART_HEIGHT,
        )}
      >
        <AlertTriangle className="size-6 text-red-700" aria-hidden="true" />
        <p className="font-semibold text-red-900">Error loading TVL history</p>
        <p className="max-w-lg text-sm [overflow-wrap:anywhere] text-red-800">{error.message}</p>
      </div>
    );
  } else if (!data) {
    body = (
      <div className={cn("animate-pulse rounded-lg bg-muted/70", CHART_HEIGHT)}>
        <p role="status" className="sr-only">
          Loading TVL history...
        </p>
      </div>
    );
  } else if (data.length < MIN_CHART_POINTS) {
    body = (
      <Frame>
        <div>
          <LineChart className="mx-auto size-7 text-slate-400" aria-hidden="true" />
          <p className="mt-2 font-semibold text-foreground">No history recorded yet</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            The daily refresh records {protocolName}&apos;s TVL from now on; the chart appears once there are two days
            to draw.
          </p>
        </div>
      </Frame>
    );
  } else {
    body = (
      <>
        <div role="group" aria-label="Time range" className="flex gap-1 self-start rounded-lg bg-muted p-1">
          {HISTORY_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={range === option}
              aria-label={`${option}: ${RANGE_NAMES[option]}`}
              onClick={() => setRange(option)}
              className={cn(
                "h-8 min-w-12 rounded-md px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                range === option ? "bg-surface text-foreground shadow-sm" : "text-slate-600 hover:text-foreground",
              )}
            >
              {option}
            </button>
          ))}
        </div>
        <figure className="mt-4">
          {points.length < MIN_CHART_POINTS ? (
            <Frame>
              <p className="text-sm text-muted-foreground">
                Fewer than 2 data points in the {RANGE_NAMES[range]}. Choose a longer range.
              </p>
            </Frame>
          ) : (
            <Suspense fallback={<div className={cn("rounded-lg bg-muted/50", CHART_HEIGHT)} />}>
              <TvlChart points={points} className={CHART_HEIGHT} />
            </Suspense>
          )}
          <figcaption className="mt-3 text-sm text-slate-700">{historySummary(points)}</figcaption>
        </figure>
        <DataTable points={points} rangeName={RANGE_NAMES[range]} />
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-4 text-xl font-bold tracking-tight text-navy-900">
        TVL history
      </h2>
      {body}
    </section>
  );
}

const SOURCE_NAMES: Record<string, string> = { defillama: "DefiLlama", curated: "Curated" };

/** 'defillama' -> 'DefiLlama'; an unknown source is shown as stored. */
function sourceName(source: string | null): string {
  return source === null ? "—" : (SOURCE_NAMES[source.toLowerCase()] ?? source);
}

function DataTable({ points, rangeName }: { points: readonly TvlPoint[]; rangeName: string }) {
  return (
    <details className="group mt-4 rounded-lg border border-border bg-surface">
      <summary className="cursor-pointer rounded-lg px-4 py-2.5 text-sm font-semibold text-accent select-none hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
        <span className="group-open:hidden">Show data</span>
        <span className="hidden group-open:inline">Hide data</span>
      </summary>
      <div
        className="max-h-96 overflow-auto border-t border-border"
        tabIndex={0}
        role="region"
        aria-label="TVL history data"
      >
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">TVL by day, {rangeName}</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Date
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                TVL (USD)
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Source
              </th>
            </tr>
          </thead>
          {/* Plain table markup, alike in shape with the comparison's table: different rows and data. */}
          <tbody>
            {points.map((point) => (
              <tr key={point.day} className="border-t border-border">
                <td className="px-4 py-1.5">
                  <time dateTime={point.day}>{formatAsOf(point.day)}</time>
                </td>
                <td className="px-4 py-1.5 text-right">{formatUsdFull(point.tvlUsd)}</td>
                <td className="px-4 py-1.5 text-muted-foreground">{sourceName(point.source)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
