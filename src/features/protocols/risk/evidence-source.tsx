import { ExternalLink } from "lucide-react";
import { formatDay, formatDocumentDate, UNDATED } from "@/lib/source-provenance";
import type { RatingChangeEntry } from "./rating-changes";
import type { FactorLine } from "./risk-factors";

/** 'www.sec.gov' -> 'sec.gov': the visible name of a source link. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** A day that never breaks across lines ('27 Nov' / '2026'). */
function Day({ day }: { day: string }) {
  return (
    <time dateTime={day} className="whitespace-nowrap">
      {formatDay(day)}
    </time>
  );
}

/**
 * Where a finding comes from, in one line that wraps on a phone: for a researched finding "<kind>,
 * <document date> · read on <day> · <tier>" (each part only when the row states it), for a computed one
 * the day of DefiLlama's data; then the source link, in a new tab.
 */
export function EvidenceSource({ line, protocolName }: { line: FactorLine; protocolName: string }) {
  const { evidence, label } = line;
  if (evidence === null) return null;
  const host = hostOf(evidence.sourceUrl);
  const { sourceKind, documentDate, sourceTier } = evidence;
  const document =
    documentDate === null ? null : documentDate === UNDATED ? (
      UNDATED
    ) : (
      <time dateTime={documentDate} className="whitespace-nowrap">
        {formatDocumentDate(documentDate)}
      </time>
    );
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      {evidence.computed ? (
        <span>
          Computed from DefiLlama data of <Day day={evidence.readOn} />
        </span>
      ) : (
        <span>
          {sourceKind !== null && (
            <>
              {sourceKind}
              {document !== null ? ", " : " · "}
            </>
          )}
          {document !== null && <>{document} · </>}
          {sourceKind === null && document === null ? "Read on " : "read on "}
          <Day day={evidence.readOn} />
          {sourceTier !== null && <> · {sourceTier}</>}
        </span>
      )}
      <span aria-hidden="true" className="hidden sm:inline">
        •
      </span>
      <a
        href={evidence.sourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label} source for ${protocolName}: ${host} (opens in a new tab)`}
        className="inline-flex min-w-0 items-center gap-1 rounded-sm font-medium [overflow-wrap:anywhere] text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {host}
        <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
      </a>
    </p>
  );
}

/** A factor's or the overall level's changes, newest first: "Changed on <date>: <old> → <new>". */
export function ChangeList({ changes, label }: { changes: readonly RatingChangeEntry[]; label: string }) {
  if (changes.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 space-y-0.5 text-xs text-muted-foreground">
      {changes.map((change) => (
        <li key={`${change.day}-${change.oldValue}-${change.newValue}`}>
          Changed on <Day day={change.day} />: {change.oldValue} → {change.newValue}
        </li>
      ))}
    </ul>
  );
}
