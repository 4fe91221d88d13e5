import { ExternalLink } from "lucide-react";
import { sourceLine } from "@/lib/product-sources";
import { cn } from "@/lib/utils";
import { safeHttpUrl } from "../model/model";
import type { FigureView } from "./product-view";

// The pieces of a product's figures both layouts (the table, the stacked cards) and the
// comparison render: the value, its line of detail, and the page(s) stating it with their dates.

/** The page that states a figure: "Fact sheet, 30 Sep 2026 · read on 27 Nov 2026", opening in a new tab. */
export function SourceLinks({ view, label }: { view: FigureView; label: string }) {
  if (view.sources.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5">
      {view.sources.map((source) => (
        <li key={source.url}>
          <a
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${label} source: ${sourceLine(source)} (opens in a new tab)`}
            className="inline-flex items-start gap-1 rounded-sm text-xs text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span>{sourceLine(source)}</span>
            <ExternalLink className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A figure's words ('Unknown' muted, never blank), its detail, and its sources. */
export function FigureCell({ view, label, strong = false }: { view: FigureView; label: string; strong?: boolean }) {
  return (
    <div className="min-w-0 [overflow-wrap:anywhere]">
      <span
        className={cn(
          view.unknown ? "text-muted-foreground italic" : strong ? "font-semibold text-foreground" : "text-foreground",
        )}
      >
        {view.text}
      </span>
      {view.detail !== null && <p className="mt-0.5 text-xs leading-snug text-muted-foreground">{view.detail}</p>}
      <SourceLinks view={view} label={label} />
    </div>
  );
}

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/;

/** A note line ('Access: …'), its one [text](url) link rendered as a link when the URL is http(s). */
export function NoteLine({ text }: { text: string }) {
  const match = LINK.exec(text);
  const href = match ? safeHttpUrl(match[2]) : null;
  if (match === null || href === null) return <>{text}</>;
  return (
    <>
      {text.slice(0, match.index)}
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${match[1]} (opens in a new tab)`}
        className="font-medium text-accent underline-offset-4 hover:underline"
      >
        {match[1]}
      </a>
      {text.slice(match.index + match[0].length)}
    </>
  );
}
