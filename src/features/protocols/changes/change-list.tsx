import { ExternalLink, Rss } from "lucide-react";
import { formatAsOf } from "@/lib/tvl-provenance";
import { CHANGE_KIND_LABELS } from "../../../../supabase/functions/_shared/change-text.ts";
import { ProtocolLink } from "../card/protocol-link";
import type { ChangeItem } from "./changes";

const LINK =
  "rounded-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring";

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
              <ProtocolLink slug={item.protocol.slug} className={`${LINK} text-foreground`}>
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

/** A link to an Atom feed, for feed readers (the browser opens the XML). */
export function FeedLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} type="application/atom+xml" className={`inline-flex items-center gap-1.5 text-sm ${LINK}`}>
      <Rss aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
