import { ExternalLink } from "lucide-react";
import { useId } from "react";
import { isStale, STALE_AFTER_DAYS } from "@/lib/freshness";
import { formatAsOf, tvlProvenance } from "@/lib/tvl-provenance";
import { cn } from "@/lib/utils";

type TvlFields = {
  name: string;
  tvlSource: "defillama" | "curated" | null;
  tvlSourceUrl: string | null;
  tvlAsOf: string | null;
  asOf: string | null;
};

type TvlSourceProps = {
  protocol: TvlFields;
  /** 'card': one short line under the figures; 'detail': the comparison's Source cell, with room to explain. */
  variant: "card" | "detail";
  today?: Date;
  className?: string;
};

export const STALE_EXPLANATION = `older than ${STALE_AFTER_DAYS} days`;

/**
 * Where the TVL comes from and the day it describes: 'TVL: DefiLlama · Dec 19, 2025', and a
 * 'Stale' mark in text (with its reason for screen readers and on hover) past 45 days.
 */
export function TvlSource({ protocol, variant, today = new Date(), className }: TvlSourceProps) {
  const staleId = useId();
  const provenance = tvlProvenance(protocol);
  if (provenance === null) return null;
  const { label, href, date } = provenance;
  const stale = date !== null && isStale(date, today);
  const card = variant === "card";

  const source =
    label === "" ? null : href !== null ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`TVL source for ${protocol.name}: ${label} (opens in a new tab)`}
        className={cn(
          "inline-flex min-w-0 items-center gap-0.5 font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
          card && "truncate",
        )}
      >
        <span className={cn(card && "truncate")}>{label}</span>
        <ExternalLink className="size-2.5 shrink-0" aria-hidden="true" />
      </a>
    ) : (
      <span className={cn("font-medium", card && "truncate")}>{label}</span>
    );

  const staleMark = stale && (
    <span
      id={staleId}
      title={`This figure is ${STALE_EXPLANATION}.`}
      className="shrink-0 rounded-sm bg-amber-100 px-1 font-semibold text-amber-900"
    >
      {card ? "Stale" : `Stale: ${STALE_EXPLANATION}`}
      {card && <span className="sr-only"> ({STALE_EXPLANATION})</span>}
    </span>
  );

  if (card) {
    return (
      <p className={cn("flex items-center justify-end gap-1.5 text-[0.6875rem] leading-4 whitespace-nowrap text-muted-foreground", className)}>
        {staleMark}
        {source !== null && (
          <span className="flex min-w-0 items-center gap-1">
            TVL: {source}
          </span>
        )}
        {date !== null && (
          <span className="shrink-0">
            {source !== null ? "· " : "As of "}
            <time dateTime={date}>{formatAsOf(date)}</time>
          </span>
        )}
      </p>
    );
  }
  return (
    <p className={cn("flex flex-wrap items-center gap-x-1.5 gap-y-1", className)}>
      {source !== null && <span className="inline-flex items-center gap-1">TVL: {source}</span>}
      {date !== null && (
        <span>
          {source !== null && <span aria-hidden="true">• </span>}
          <time dateTime={date}>{formatAsOf(date)}</time>
        </span>
      )}
      {staleMark}
    </p>
  );
}
