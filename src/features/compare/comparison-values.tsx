import { ExternalLink } from "lucide-react";
import { NoteLines } from "@/components/note-lines";
import { TvlSource, YieldSource } from "@/components/tvl-source";
import { AssessmentBadge } from "@/features/protocols/card/risk-badge";
import type { Protocol } from "@/features/protocols/model/types";
import type { Assessment, RiskFactor } from "@/lib/risk-rating";
import { UNKNOWN_LABEL } from "@/lib/terms";
import { formatAsOf } from "@/lib/tvl-provenance";

// The comparison's richer values (comparison-rows.tsx renders the plain ones inline).

/** One compared protocol's risk factors: loading, failed, or its assessments (a missing factor is 'Unknown'). */
export type FactorState =
  | { status: "pending" }
  | { status: "error" }
  | { status: "success"; assessments: Partial<Record<RiskFactor, Assessment>> };

/** A factor's assessment in words with its level's colours; 'Unknown' muted; loading and failure said in words. */
export function FactorValue({ state, factor }: { state: FactorState | undefined; factor: RiskFactor }) {
  if (state === undefined || state.status === "pending")
    return <span className="text-muted-foreground">Loading...</span>;
  if (state.status === "error") return <span className="text-muted-foreground italic">Not available</span>;
  return <AssessmentBadge assessment={state.assessments[factor] ?? "Unknown"} />;
}

/** 'Terms read {date} • Terms source': the page the four term rows come from. */
function TermsProvenance({ protocol }: { protocol: Protocol }) {
  const { sourceUrl, asOf } = protocol.terms;
  if (sourceUrl === null)
    return <p className="mt-1.5 text-xs text-muted-foreground">Terms: no source yet, so they show as Unknown.</p>;
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-xs">
      <span className="text-muted-foreground">
        Terms
        {asOf !== null && (
          <>
            {" "}
            read <time dateTime={asOf}>{formatAsOf(asOf)}</time>
          </>
        )}
      </span>
      <span aria-hidden="true">•</span>
      <a
        href={sourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Terms source for ${protocol.name} (opens in a new tab)`}
        className="inline-flex items-center gap-1 font-semibold text-accent underline-offset-4 hover:underline"
      >
        Terms source
        <ExternalLink className="size-3" aria-hidden="true" />
      </a>
    </p>
  );
}

/**
 * The TVL's and the yield's source and day ('TVL: DefiLlama • Dec 19, 2025', 'Stale: older than 45
 * days', 'No longer tracked by DefiLlama since …'), then the row's own date and source for the
 * other figures, with the notes below (they say when a figure is an estimate), then the terms'
 * source. Older databases without the TVL columns show only the row's date and source.
 */
export function Provenance({ protocol }: { protocol: Protocol }) {
  const { asOf, sourceUrl, notes, name } = protocol;
  const hasTvlSource = protocol.tvlSource !== null;
  const hasYieldSource = protocol.yieldSource !== null;
  if (asOf === null && sourceUrl === null && notes === null && !hasTvlSource && !hasYieldSource) {
    return (
      <div className="max-w-72 whitespace-normal">
        <span className="text-muted-foreground">Not recorded</span>
        <TermsProvenance protocol={protocol} />
      </div>
    );
  }
  return (
    <div className="max-w-72 space-y-1 whitespace-normal">
      {hasTvlSource && <TvlSource protocol={protocol} />}
      <YieldSource protocol={protocol} />
      <p className="flex flex-wrap items-center gap-x-1.5 font-medium">
        {(hasTvlSource || hasYieldSource) && <span className="text-muted-foreground">Other figures:</span>}
        {asOf !== null ? (
          <time dateTime={asOf}>{formatAsOf(asOf)}</time>
        ) : (
          <span className="text-muted-foreground">Date not recorded</span>
        )}
        <span aria-hidden="true">•</span>
        {sourceUrl !== null ? (
          <a
            href={sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Source for ${name} (opens in a new tab)`}
            className="inline-flex items-center gap-1 font-semibold text-accent underline-offset-4 hover:underline"
          >
            Source
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        ) : (
          <span className="text-muted-foreground">No source link</span>
        )}
      </p>
      {notes !== null && (
        <div className="mt-1.5 text-xs leading-relaxed text-muted-foreground">
          <NoteLines notes={notes} stacked />
        </div>
      )}
      <TermsProvenance protocol={protocol} />
    </div>
  );
}

/** A term's value; 'Unknown' is muted so a stated 'No' never looks like a missing answer. */
export function Term({ label }: { label: string }) {
  return <span className={label === UNKNOWN_LABEL ? "text-muted-foreground italic" : "font-medium"}>{label}</span>;
}
