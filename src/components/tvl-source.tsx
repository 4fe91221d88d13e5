import { isStale, STALE_AFTER_DAYS } from "@/lib/freshness";
import { formatAsOf, tvlProvenance, type TvlFields } from "@/lib/tvl-provenance";

const STALE_EXPLANATION = `older than ${STALE_AFTER_DAYS} days`;

/**
 * A card's line under the figures: 'TVL: DefiLlama · Dec 19, 2025', with a 'Stale' mark in text
 * (its reason for screen readers and on hover) past 45 days. One line, so cards keep their height.
 * The comparison's Source row shows the same line.
 */
export function TvlSource({ protocol, today = new Date() }: { protocol: TvlFields; today?: Date }) {
  const provenance = tvlProvenance(protocol);
  if (provenance === null) return null;
  const { label, href, date } = provenance;
  return (
    <p className="mt-1.5 flex items-center gap-1.5 text-[0.6875rem] leading-4 whitespace-nowrap text-muted-foreground [.group_&]:justify-end">
      {date !== null && isStale(date, today) && (
        <span className="rounded-sm bg-amber-100 px-1 font-semibold text-amber-900">
          Stale<span className="sr-only"> ({STALE_EXPLANATION})</span>
        </span>
      )}
      {label !== "" && (
        <span className="flex min-w-0 items-center gap-1">
          TVL:{" "}
          {href !== null ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`TVL source for ${protocol.name}: ${label} (opens in a new tab)`}
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
        <span>
          {label !== "" ? "· " : "As of "}
          <time dateTime={date}>{formatAsOf(date)}</time>
        </span>
      )}
    </p>
  );
}
