import { Download, ExternalLink, Link2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { RiskLevel } from "@/config/site";
import type { Protocol } from "@/features/protocols/types";

import { copyText } from "@/lib/clipboard";
import { cn } from "@/lib/utils";
import { toast } from "@/lib/toast";

const RISK_VARIANT: Record<RiskLevel, NonNullable<BadgeProps["variant"]>> = {
  Low: "low",
  Medium: "medium",
  High: "high",
  "Very High": "veryHigh",
};

function Tags({ items, tone }: { items: readonly string[]; tone: "accent" | "outline" }) {
  if (items.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li
          key={item}
          className={
            tone === "accent"
              ? "rounded-md bg-accent-soft/70 px-2 py-0.5 text-xs font-medium text-teal-900"
              : "rounded-md border border-border px-2 py-0.5 text-xs font-medium text-slate-700"
          }
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The rows that have a best value; the page computes which protocols hold it. */
export type BestMetric = "tvl" | "yield" | "min" | "risk";
export type BestMarks = Partial<Record<BestMetric, readonly string[]>>;

const BEST_DESCRIPTION: Record<BestMetric, string> = {
  tvl: "Best: highest TVL among compared",
  yield: "Best: highest yield among compared",
  min: "Best: lowest minimum investment among compared",
  risk: "Best: lowest risk among compared",
};

type RenderTvlSource = (protocol: Protocol) => ReactNode;
type Row = { label: string; metric?: BestMetric; render: (protocol: Protocol, renderTvlSource?: RenderTvlSource) => ReactNode };

const AS_OF_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/**
 * The TVL's source and day ('TVL: DefiLlama • Dec 19, 2025', 'Stale: older than 45 days'), then the
 * row's own date and source for the other figures, with the notes below (they say when a figure
 * is an estimate). Older databases without the TVL columns show only the row's date and source.
 */
function Provenance({ protocol, renderTvlSource }: { protocol: Protocol; renderTvlSource?: RenderTvlSource }) {
  const { asOf, sourceUrl, notes, name } = protocol;
  const hasTvlSource = protocol.tvlSource !== null && renderTvlSource !== undefined;
  if (asOf === null && sourceUrl === null && notes === null && !hasTvlSource) return <span className="text-muted-foreground">Not recorded</span>;
  return (
    <div className="max-w-72 space-y-1 whitespace-normal">
      {hasTvlSource && renderTvlSource(protocol)}
      <p className="flex flex-wrap items-center gap-x-1.5 font-medium">
        {hasTvlSource && <span className="text-muted-foreground">Other figures:</span>}
        {asOf !== null ? (
          <time dateTime={asOf}>{AS_OF_FORMAT.format(new Date(`${asOf}T00:00:00Z`))}</time>
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
      {notes !== null && <p className="mt-1.5 text-xs leading-relaxed text-muted-foreground">{notes}</p>}
    </div>
  );
}

const ROWS: Row[] = [
  { label: "Total Value Locked", metric: "tvl", render: (p) => <span className="text-lg font-bold tabular-nums">{p.tvl}</span> },
  { label: "Yield Range", metric: "yield", render: (p) => <span className="font-semibold tabular-nums">{p.yieldRange}</span> },
  {
    label: "Risk Level",
    metric: "risk",
    render: (p) =>
      p.riskLevel === null ? <Badge variant="muted">Unrated</Badge> : <Badge variant={RISK_VARIANT[p.riskLevel]}>{p.riskLevel}</Badge>,
  },
  { label: "Min Investment", metric: "min", render: (p) => <span className="font-semibold">{p.minInvestment}</span> },
  { label: "Asset Classes", render: (p) => <Tags items={p.assetClasses} tone="accent" /> },
  { label: "Blockchains", render: (p) => <Tags items={p.blockchains} tone="outline" /> },
  {
    label: "Website",
    render: (p) =>
      p.url === null ? (
        <span className="text-slate-400">—</span>
      ) : (
        <a
          href={p.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-semibold text-accent underline-offset-4 hover:underline"
        >
          Visit {p.name}
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ),
  },
  { label: "Source", render: (p, renderTvlSource) => <Provenance protocol={p} renderTvlSource={renderTvlSource} /> },
];

type ComparisonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  protocols: readonly Protocol[];
  /** Which protocols hold the best value per comparable row (none marked when absent). */
  best?: BestMarks;
  /** Absolute link that reproduces this comparison; offers 'Copy link' when given. */
  shareUrl?: string;
  /** Offers 'Download CSV' when given. */
  onDownloadCsv?: () => void;
  /**
   * The TVL's source, day and staleness, as the cards show it. Injected by the page: the line is
   * the protocols feature's, and its code stays in the first load instead of a shared chunk.
   */
  renderTvlSource?: RenderTvlSource;
  /** Renders each header name (the page makes it a link to the protocol's page); plain text by default. */
  renderName?: (protocol: Protocol) => ReactNode;
};

async function copyLink(url: string) {
  try {
    await copyText(url);
    toast.success("Link copied", { description: "Anyone with the link sees this comparison." });
  } catch {
    toast.error("Couldn't copy the link. Copy it from the address bar instead.");
  }
}

export function ComparisonDialog({ open, onOpenChange, protocols, best = {}, shareUrl, onDownloadCsv, renderTvlSource, renderName }: ComparisonDialogProps) {
  // Opened from a plain button rather than a Radix trigger, so remember the opener (focus is
  // still on it while this first renders) and give focus back to it on close.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const descriptionIds = useId();
  if (protocols.length === 0) return null;
  const anyBest = Object.values(best).some((ids) => ids.length > 0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-5xl p-0 sm:p-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener?.isConnected) opener.focus();
        }}
      >
        <DialogHeader className="border-b border-border px-5 py-4 sm:px-6">
          <DialogTitle>Protocol Comparison Dashboard</DialogTitle>
          <DialogDescription className="sr-only">
            Side-by-side comparison of {protocols.length} selected {protocols.length === 1 ? "protocol" : "protocols"}: value
            locked, yield, risk, minimum investment, asset classes, blockchains, website and data source.
          </DialogDescription>
          {(shareUrl !== undefined || onDownloadCsv !== undefined) && (
            <div className="mt-2 flex flex-wrap gap-2">
              {shareUrl !== undefined && (
                <Button variant="outline" size="sm" onClick={() => void copyLink(shareUrl)}>
                  <Link2 aria-hidden="true" />
                  Copy link
                </Button>
              )}
              {onDownloadCsv !== undefined && (
                <Button variant="outline" size="sm" onClick={onDownloadCsv}>
                  <Download aria-hidden="true" />
                  Download CSV
                </Button>
              )}
            </div>
          )}
        </DialogHeader>
        {/* Descriptions the best-value cells point at (aria-describedby reads hidden text). */}
        <div hidden>
          {(Object.keys(BEST_DESCRIPTION) as BestMetric[]).map((metric) => (
            <span key={metric} id={`${descriptionIds}-${metric}`}>
              {BEST_DESCRIPTION[metric]}
            </span>
          ))}
        </div>
        {/* On a phone the table scrolls sideways instead of squashing its columns. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Comparison table">
          <table className="w-full min-w-max border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-border bg-muted/50 align-top">
                <th scope="col" className="sticky left-0 z-10 w-28 bg-muted px-3 py-4 text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase sm:w-36 sm:px-6 sm:text-xs">
                  Protocol
                </th>
                {protocols.map((protocol) => (
                  <th key={protocol.id} scope="col" className="w-64 min-w-52 px-4 py-4 align-top font-normal sm:min-w-64">
                    <span className="block text-base font-bold text-foreground">{renderName ? renderName(protocol) : protocol.name}</span>
                    <span className="mt-1 block max-w-72 text-xs leading-relaxed whitespace-normal text-muted-foreground">
                      {protocol.description || "No description on record."}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.label} className="border-b border-border last:border-b-0 align-top">
                  <th scope="row" className="sticky left-0 z-10 w-28 bg-surface px-3 py-3.5 text-[0.6875rem] font-semibold tracking-wide text-slate-600 uppercase sm:w-36 sm:px-6 sm:text-xs">
                    {row.label}
                  </th>
                  {protocols.map((protocol) => {
                    const isBest = row.metric !== undefined && (best[row.metric]?.includes(protocol.id) ?? false);
                    return (
                      <td
                        key={protocol.id}
                        data-best={isBest || undefined}
                        aria-describedby={isBest ? `${descriptionIds}-${row.metric}` : undefined}
                        className={cn("px-4 py-3.5 text-foreground", isBest && "bg-emerald-50")}
                      >
                        {/* The 'Best' tag is CSS-generated text so the cell's own text stays the exact figure. */}
                        <div
                          className={cn(
                            isBest &&
                              "flex flex-wrap items-center gap-2 after:rounded after:bg-emerald-700 after:px-1.5 after:py-0.5 after:text-[0.6875rem] after:font-bold after:tracking-wide after:text-white after:uppercase after:content-['Best']",
                          )}
                        >
                          {row.render(protocol, renderTvlSource)}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {anyBest && (
          <p className="border-t border-border px-5 py-3 text-xs text-muted-foreground sm:px-6">
            <span className="mr-1.5 rounded bg-emerald-700 px-1.5 py-0.5 text-[0.6875rem] font-bold tracking-wide text-white uppercase">
              Best
            </span>
            marks the highest TVL and yield and the lowest minimum and risk among the compared protocols. Figures are as
            published; unparseable ones are not ranked.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
