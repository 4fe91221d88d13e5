import { cn } from "@/lib/utils";
import { isStale, STALE_AFTER_DAYS } from "@/lib/freshness";
import {
  formatAsOf,
  tvlProvenance,
  yieldProvenance,
  type SourceProvenance,
  type TvlFields,
  type YieldFields,
} from "@/lib/tvl-provenance";

const STALE_EXPLANATION = `older than ${STALE_AFTER_DAYS} days`;

/**
 * One figure's source and day under a card's figures: 'TVL: DefiLlama · Dec 19, 2025', with a
 * 'Stale' mark in text (its reason for screen readers and on hover) past 45 days. One line that
 * never wraps (a long curated host is truncated), so cards keep their height at any width.
 */
function SourceLine({
  figure,
  name,
  provenance,
  today,
}: {
  figure: "TVL" | "Yield";
  name: string;
  provenance: SourceProvenance | null;
  today: Date;
}) {
  if (provenance === null) return null;
  const { label, href, date } = provenance;
  return (
    <p
      className={cn(
        "flex min-w-0 items-center gap-1.5 text-[0.6875rem] leading-4 whitespace-nowrap text-muted-foreground [.group_&]:justify-end",
        // The yield line sits under the TVL line, far enough for their source links to be 24 px
        // apart, centre to centre (WCAG 2.5.8, target size: the links are only 16 px tall): 26 px.
        figure === "Yield" ? "mt-2.5" : "mt-1.5",
      )}
    >
      {date !== null && isStale(date, today) && (
        <span className="shrink-0 rounded-sm bg-warning-soft px-1 font-semibold text-warning-soft-foreground">
          Stale<span className="sr-only"> ({STALE_EXPLANATION})</span>
        </span>
      )}
      {label !== "" && (
        <span className="flex min-w-0 items-center gap-1">
          {figure}:{" "}
          {href !== null ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${figure} source for ${name}: ${label} (opens in a new tab)`}
              className="truncate font-semibold text-accent hover:underline"
            >
              {label}
            </a>
          ) : (
            <span className="truncate">{label}</span>
          )}
        </span>
      )}
      {date !== null && (
        <span className="shrink-0">
          {label !== "" ? "· " : "As of "}
          <time dateTime={date}>{formatAsOf(date)}</time>
        </span>
      )}
    </p>
  );
}

/**
 * The TVL's source and day ('TVL: DefiLlama · Dec 19, 2025'), on a card and in the comparison's
 * Source row, then 'No longer tracked by DefiLlama since …' when DefiLlama dropped the protocol
 * (the figure above is its last one, with its own day).
 */
export function TvlSource({
  protocol,
  today = new Date(),
}: {
  protocol: TvlFields & { defillamaDroppedOn?: string | null };
  today?: Date;
}) {
  return (
    <>
      <SourceLine figure="TVL" name={protocol.name} provenance={tvlProvenance(protocol)} today={today} />
      <DroppedNote droppedOn={protocol.defillamaDroppedOn ?? null} />
    </>
  );
}

/** The yield's source and day, like the TVL's ('Yield: DefiLlama · Sep 5, 2026'); nothing for an unsourced yield. */
export function YieldSource({ protocol, today = new Date() }: { protocol: YieldFields; today?: Date }) {
  return <SourceLine figure="Yield" name={protocol.name} provenance={yieldProvenance(protocol)} today={today} />;
}

/** What a row DefiLlama no longer lists says next to its TVL: it keeps its last figure, and says since when. */
export const DROPPED_NOTE = "No longer tracked by DefiLlama";

export function DroppedNote({ droppedOn, className }: { droppedOn: string | null; className?: string }) {
  if (droppedOn === null) return null;
  return (
    <p
      className={
        className ??
        "mt-1.5 text-[0.6875rem] leading-4 font-medium [overflow-wrap:anywhere] text-secondary-foreground [.group_&]:text-right"
      }
    >
      {DROPPED_NOTE} since <time dateTime={droppedOn}>{formatAsOf(droppedOn)}</time>
    </p>
  );
}
