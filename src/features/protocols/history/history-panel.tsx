import { LineChart } from "lucide-react";
import { Fragment, Suspense, useId, useMemo, useState, type ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import {
  describeMissing,
  HISTORY_RANGES,
  MIN_CHART_POINTS,
  offeredRanges,
  RANGE_NAMES,
  rangeView,
  type DayPoint,
  type HistoryRange,
  type RangeView,
} from "@/lib/history-rules";
import { NearViewport } from "@/components/near-viewport";
import { onDemand } from "@/lib/on-demand";
import { onDemandComponent } from "@/lib/on-demand-component";
import { cn } from "@/lib/utils";
import { formatAsOf } from "@/lib/tvl-provenance";

// One panel for every history on the protocol page (the TVL's, the yield's): range
// buttons, the chart, its spoken summary and the data behind 'Show data', all read from the same
// range view (lib/history-rules.ts), so what is drawn, said and listed never disagree.

// uPlot (~23 KB gzip) loads only here, once a history has arrived and its panel nears the
// viewport: never on `/`, never before the page's figures have painted, and not at all for a
// visitor who never scrolls down to it. See docs/architecture.md, "Protocol pages".
export const HistoryChart = onDemandComponent(
  onDemand(
    () => import("./history-chart"),
    (m) => m.HistoryChart,
  ),
);

export const CHART_HEIGHT = "h-64 sm:h-72";

function Frame({ children }: { children: ReactNode }) {
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

/** The empty state's words: a heading and what will fill it. */
export function NoHistory({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Frame>
      <div>
        <LineChart className="mx-auto size-7 text-faint-foreground" aria-hidden="true" />
        <p className="mt-2 font-semibold text-foreground">{title}</p>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</p>
      </div>
    </Frame>
  );
}

type HistoryPanelProps<P extends DayPoint & { source: string | null }> = {
  /** The section's heading ('TVL history'). */
  title: string;
  /** The figure, as the loading and error states name it ('TVL', 'yield'). */
  figure: string;
  data: readonly P[] | undefined;
  error: Error | null;
  /** Shown with fewer than two points. */
  empty: ReactNode;
  /** The lazy chart of one range (inside Suspense). */
  chart: (view: RangeView<P>) => ReactNode;
  /** What a screen reader hears instead of the line. */
  summary: (view: RangeView<P> | null) => string;
  /** The 'Show data' table: its name, its value column's header and each point's value. */
  table: { label: string; caption: string; valueHeader: string; value: (point: P) => string };
};

export function HistoryPanel<P extends DayPoint & { source: string | null }>({
  title,
  figure,
  data,
  error,
  empty,
  chart,
  summary,
  table,
}: HistoryPanelProps<P>) {
  const [chosen, setChosen] = useState<HistoryRange | null>(null);
  // Every range's window, points, gaps and large moves, measured back from the newest point.
  const views = useMemo(
    () => new Map(HISTORY_RANGES.map((option) => [option, data ? rangeView(data, option) : null] as const)),
    [data],
  );
  // A history with a gap opens on its newest stretch of data (history-rules.ts); a range that
  // cannot be chosen (fewer than two points, or not offered) never stays chosen.
  const { ranges, preferred } = offeredRanges(views);
  const wanted = chosen !== null && ranges.includes(chosen) ? chosen : preferred;
  const range = views.get(wanted)?.disabledReason ? "All" : wanted;
  const view = views.get(range) ?? null;
  const headingId = useId();
  const reasonsId = useId();
  const disabled = ranges.flatMap((option) => {
    const optionView = views.get(option);
    return optionView?.disabledReason != null ? [optionView] : [];
  });

  let body: ReactNode;
  if (error) {
    body = (
      <Alert variant="destructive" className={CHART_HEIGHT}>
        <AlertTitle>Error loading {figure} history</AlertTitle>
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  } else if (!data) {
    body = (
      <div className={cn("animate-pulse rounded-lg bg-muted/70", CHART_HEIGHT)}>
        <p role="status" className="sr-only">
          Loading {figure} history...
        </p>
      </div>
    );
  } else if (data.length < MIN_CHART_POINTS) {
    body = empty;
  } else {
    body = (
      <>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div role="group" aria-label="Time range" className="flex gap-1 self-start rounded-lg bg-muted p-1">
            {ranges.map((option) => {
              const reason = views.get(option)?.disabledReason ?? null;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={range === option}
                  aria-label={`${option}: ${RANGE_NAMES[option]}`}
                  // Focusable and described, so the reason is heard, but it does nothing.
                  aria-disabled={reason !== null || undefined}
                  aria-describedby={reason !== null ? reasonsId : undefined}
                  title={reason ?? undefined}
                  onClick={() => reason === null && setChosen(option)}
                  className={cn(
                    "h-8 min-w-12 rounded-md px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                    range === option
                      ? "bg-surface text-foreground shadow-sm"
                      : reason !== null
                        ? "cursor-not-allowed text-subtle-foreground line-through decoration-faint-foreground"
                        : "text-subtle-foreground hover:text-foreground",
                  )}
                >
                  {option}
                </button>
              );
            })}
          </div>
          {disabled.length > 0 && (
            <p id={reasonsId} className="text-xs text-subtle-foreground">
              {disabled
                .map((option) => `${option.range} is unavailable: ${option.disabledReason!.toLowerCase()}.`)
                .join(" ")}
            </p>
          )}
        </div>
        <figure className="mt-4">
          {view && view.points.length >= MIN_CHART_POINTS && (
            <NearViewport placeholder={<div className={cn("rounded-lg bg-muted/50", CHART_HEIGHT)} />}>
              <Suspense fallback={<div className={cn("rounded-lg bg-muted/50", CHART_HEIGHT)} />}>
                {chart(view)}
              </Suspense>
            </NearViewport>
          )}
          <figcaption className="mt-3 text-sm text-secondary-foreground">{summary(view)}</figcaption>
        </figure>
        {view && <DataTable view={view} rangeName={RANGE_NAMES[range]} table={table} />}
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-4 text-xl font-bold tracking-tight text-primary">
        {title}
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

/** Every point of the range, with a row where data is missing and a note on each move of more than 50%. */
function DataTable<P extends DayPoint & { source: string | null }>({
  view,
  rangeName,
  table,
}: {
  view: RangeView<P>;
  rangeName: string;
  table: HistoryPanelProps<P>["table"];
}) {
  // The stretch without data that follows a day (or opens the window, keyed by the first point's day).
  const missingBefore = new Map(view.missing.map((stretch) => [stretch.before, stretch]));
  const jumpTo = new Map(view.jumps.map((jump) => [jump.to.day, jump]));
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
        aria-label={table.label}
      >
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">
            {table.caption}, {rangeName}
          </caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Date
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {table.valueHeader}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Source
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Note
              </th>
            </tr>
          </thead>
          {/* Plain table markup, alike in shape with the comparison's table: different rows and data. */}
          <tbody>
            {view.points.map((point) => {
              const missing = missingBefore.get(point.day);
              const jump = jumpTo.get(point.day);
              return (
                <Fragment key={point.day}>
                  {missing && (
                    <tr className="border-t border-border bg-muted/50" data-missing="">
                      <td colSpan={4} className="px-4 py-1.5 text-secondary-foreground italic">
                        {describeMissing(missing)}
                      </td>
                    </tr>
                  )}
                  <tr className="border-t border-border">
                    <td className="px-4 py-1.5">
                      <time dateTime={point.day}>{formatAsOf(point.day)}</time>
                    </td>
                    <td className="px-4 py-1.5 text-right">{table.value(point)}</td>
                    <td className="px-4 py-1.5 text-muted-foreground">{sourceName(point.source)}</td>
                    <td className="px-4 py-1.5 font-semibold text-warning-foreground">
                      {jump && `${jump.label} since ${formatAsOf(jump.from.day)}`}
                    </td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
