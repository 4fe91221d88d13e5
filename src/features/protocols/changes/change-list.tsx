import { ExternalLink, Rss } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatAsOf } from "@/lib/tvl-provenance";
import { CHANGE_KIND_LABELS } from "../../../../supabase/functions/_shared/change-text.ts";
import { ProtocolLink } from "../card/protocol-link";
import type { ChangeItem } from "./changes";

const LINK_STYLE =
  "rounded-sm font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring";
/** A link in the accent colour (the source); the protocol's sentence keeps the text colour. */
const LINK = `${LINK_STYLE} text-accent`;

/**
 * Changes, newest first: the day, the kind, a sentence ('Centrifuge TVL fell 25% to $1.2B'), then
 * old → new, why, and the page that states it. `linkProtocols`: the sentence links the protocol's
 * page (the site-wide list; on a protocol's own page it would link to itself).
 */
export function ChangeList({ items, linkProtocols }: { items: readonly ChangeItem[]; linkProtocols: boolean }) {
  return (
    <ol className="divide-y divide-border rounded-xl border border-border bg-surface shadow-sm">
      {items.map((item) => (
        <li key={item.key} className="px-4 py-4 sm:px-5">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <time dateTime={item.day} className="tabular-nums">
              {formatAsOf(item.day)}
            </time>
            <span className="rounded-full border border-border px-2 py-0.5 font-medium text-secondary-foreground">
              {CHANGE_KIND_LABELS[item.kind]}
            </span>
          </p>
          <p className="mt-1.5 font-semibold [overflow-wrap:anywhere] text-foreground">
            {linkProtocols ? (
              <ProtocolLink slug={item.protocol.slug} className={`${LINK_STYLE} text-foreground`}>
                {item.title}
              </ProtocolLink>
            ) : (
              item.title
            )}
          </p>
          <p className="mt-1 text-sm [overflow-wrap:anywhere] text-secondary-foreground">
            <span className="tabular-nums">{item.from}</span> <span aria-hidden="true">→</span>{" "}
            <span className="sr-only">to</span> <span className="tabular-nums">{item.to}</span>
            {item.reason && <span className="text-muted-foreground"> · {item.reason}</span>}
            {item.sourceUrl !== null && (
              <>
                {" · "}
                <a
                  href={item.sourceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Source of this change to ${item.protocol.name} (opens in a new tab)`}
                  className={`inline-flex items-center gap-1 ${LINK}`}
                >
                  Source
                  <ExternalLink aria-hidden="true" className="size-3" />
                </a>
              </>
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The change log lists this many of the newest first, and this many more per press. A visitor
 * comes for what moved lately; the whole log (200 entries on 2026-11-27) made `/changes` paint at
 * 1.3 s and block the main thread for 0.7-1.1 s in Lighthouse's phone run (docs/performance.md).
 */
export const CHANGES_PAGE_SIZE = 50;

/**
 * The newest `CHANGES_PAGE_SIZE` changes, then a button that lists the next ones below them. Give
 * it a `key` that changes with the filters, so a new filter starts from the newest again.
 */
export function PagedChangeList({ items }: { items: readonly ChangeItem[] }) {
  const [limit, setLimit] = useState(CHANGES_PAGE_SIZE);
  const listed = items.slice(0, limit);
  const next = Math.min(items.length - listed.length, CHANGES_PAGE_SIZE);
  return (
    <>
      <ChangeList items={listed} linkProtocols />
      {next > 0 && (
        <div className="flex flex-col items-center gap-3">
          <p className="text-sm text-muted-foreground">
            The newest {listed.length} of {items.length} are listed.
          </p>
          <Button
            variant="outline"
            size="lg"
            onClick={() => setLimit((value) => value + CHANGES_PAGE_SIZE)}
            className="min-w-56 shadow-sm"
          >
            Show {next} older {next === 1 ? "change" : "changes"}
          </Button>
        </div>
      )}
    </>
  );
}

/** A link to an Atom feed, for feed readers (the browser opens the XML). */
export function FeedLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} type="application/atom+xml" className={`inline-flex items-center gap-1.5 text-sm ${LINK}`}>
      <Rss aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
