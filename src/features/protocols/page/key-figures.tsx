import { AlertCircle, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { isStale, STALE_AFTER_DAYS } from "@/lib/freshness";
import { NoteLines } from "@/components/note-lines";
import { formatDay, formatDocumentDate, UNDATED } from "@/lib/source-provenance";
import { formatAsOf } from "@/lib/tvl-provenance";
import { FIGURE_NOTES_ID, figureProvenance, type FigureDates, type FigureProvenance } from "../model/figure-provenance";
import { DroppedNote } from "@/components/tvl-source";
import { RiskBadge } from "../card/risk-badge";
import { FigureText } from "../card/tracked-note";
import { minimumTextOf } from "../model/product-summary";
import type { Protocol } from "../model/types";

/** A day as the sources say it ('27 Nov 2026'), never broken across lines. */
function Day({ day }: { day: string }) {
  return (
    <time dateTime={day} className="whitespace-nowrap">
      {formatDay(day)}
    </time>
  );
}

/** The days before the source: 'As of Sep 5, 2026', 'Fact sheet, 13 Nov 2025 · read on 27 Nov 2026', 'Read on …', 'Checked on …'. */
function DatesBefore({ dates }: { dates: FigureDates }) {
  switch (dates.kind) {
    case "asOf":
      return (
        <span>
          As of <time dateTime={dates.day}>{formatAsOf(dates.day)}</time>
        </span>
      );
    case "document": {
      const { sourceKind, documentDate, readOn } = dates;
      const undated = documentDate === UNDATED;
      const page = undated ? (
        sourceKind === null ? (
          "Undated page"
        ) : (
          `${sourceKind}, undated`
        )
      ) : (
        <>
          {sourceKind === null ? "Dated " : `${sourceKind}, `}
          <time dateTime={documentDate} className="whitespace-nowrap">
            {formatDocumentDate(documentDate)}
          </time>
        </>
      );
      return (
        <span>
          {page} · read on <Day day={readOn} />
        </span>
      );
    }
    case "read":
      return (
        <span>
          Read on <Day day={dates.day} />
        </span>
      );
    case "checked":
      return (
        <span>
          Checked on <Day day={dates.day} />
        </span>
      );
    case "reviewed":
      return null;
  }
}

function Provenance({ label, provenance, today }: { label: string; provenance: FigureProvenance; today: Date }) {
  const { dates, staleFrom, sourceUrl, sourceLabel } = provenance;
  const stale = staleFrom !== null && isStale(staleFrom, today);
  if (provenance.unreviewed) return <p className="mt-3 text-xs text-muted-foreground">{sourceLabel}</p>;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      {dates !== null ? <DatesBefore dates={dates} /> : provenance.perProduct ? null : <span>Date not recorded</span>}
      {provenance.inPage !== undefined ? (
        // The risk level: what it rests on and when, one phrase that wraps between words.
        <span>
          <a
            href={provenance.inPage}
            className="rounded-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {sourceLabel}
          </a>
          {dates?.kind === "reviewed" && (
            <>
              {" "}
              · reviewed <Day day={dates.day} />
            </>
          )}
        </span>
      ) : sourceUrl !== null ? (
        <a
          href={sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={
            sourceLabel === "Source"
              ? `Source for ${label} (opens in a new tab)`
              : `${label} source: ${sourceLabel} (opens in a new tab)`
          }
          className="inline-flex min-w-0 items-center gap-1 rounded-sm font-medium [overflow-wrap:anywhere] text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {sourceLabel}
          <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
        </a>
      ) : sourceLabel !== "Source" ? (
        <span>{sourceLabel}</span>
      ) : (
        <span>Source not recorded</span>
      )}
      {stale && (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-warning-soft px-2 py-0.5 font-semibold text-warning-soft-foreground"
          title={`Older than ${STALE_AFTER_DAYS} days`}
        >
          <AlertCircle className="size-3" aria-hidden="true" />
          Stale<span className="sr-only">: older than {STALE_AFTER_DAYS} days</span>
        </span>
      )}
    </p>
  );
}

function Figure({
  label,
  value,
  provenance,
  today,
  note,
}: {
  label: string;
  value: ReactNode;
  provenance: FigureProvenance;
  today: Date;
  /** Said under the provenance ('No longer tracked by DefiLlama since …'). */
  note?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <dt className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 flex flex-1 flex-col justify-between">
        <span className="text-xl font-bold tracking-tight [overflow-wrap:anywhere] text-foreground tabular-nums sm:text-2xl">
          {value}
        </span>
        <Provenance label={label} provenance={provenance} today={today} />
        {note}
      </dd>
    </div>
  );
}

/** TVL, yield range, minimum investment and risk, each with its date, source and staleness. */
export function KeyFigures({ protocol, today = new Date() }: { protocol: Protocol; today?: Date }) {
  return (
    <section aria-labelledby="key-figures-heading">
      <h2 id="key-figures-heading" className="text-xl font-bold tracking-tight text-primary">
        Key figures
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure
          label="TVL"
          provenance={figureProvenance(protocol, "tvl")}
          value={<FigureText value={protocol.tvl} />}
          today={today}
          note={
            <DroppedNote
              droppedOn={protocol.defillamaDroppedOn}
              className="mt-1 text-xs font-medium [overflow-wrap:anywhere] text-secondary-foreground"
            />
          }
        />
        <Figure
          label="Yield"
          provenance={figureProvenance(protocol, "yield")}
          value={<FigureText value={protocol.yieldRange} />}
          today={today}
        />
        <Figure
          label="Min Investment"
          provenance={figureProvenance(protocol, "minInvestment")}
          value={<FigureText value={minimumTextOf(protocol)} className="text-lg sm:text-xl" />}
          today={today}
        />
        <Figure
          label="Risk"
          provenance={figureProvenance(protocol, "risk")}
          value={<RiskBadge level={protocol.riskLevel} size="lg" />}
          today={today}
        />
      </dl>
      {protocol.notes && (
        <section
          id={FIGURE_NOTES_ID}
          aria-labelledby="figure-notes-heading"
          className="mt-4 scroll-mt-24 rounded-lg bg-muted/60 px-4 py-3 text-sm leading-relaxed text-secondary-foreground"
        >
          <h3 id="figure-notes-heading" className="mb-2 font-semibold text-foreground">
            Notes on the figures
          </h3>
          <NoteLines
            notes={protocol.yieldNote === null ? protocol.notes : `${protocol.notes}\nYield: ${protocol.yieldNote}`}
          />
        </section>
      )}
    </section>
  );
}
