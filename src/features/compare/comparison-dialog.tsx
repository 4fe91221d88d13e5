import { useQueries } from "@tanstack/react-query";
import { Download, ExternalLink, Link2 } from "lucide-react";
import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TvlSource, YieldSource } from "@/components/tvl-source";
import { INVESTOR_ACCESS_LABELS, KYC_LABELS, UNKNOWN_LABEL, feesLabel, redemptionLabel } from "@/lib/terms";
import { bestFactorValues, type BestFactors, type BestMetric, type BestValues } from "@/features/protocols/best-values";
import { ProtocolNameLink } from "@/features/protocols/protocol-link";
import { TagList } from "@/features/protocols/protocol-tags";
import { isTracked, TRACKED_NOTE } from "@/features/protocols/review-status";
import { FigureText } from "@/features/protocols/tracked-note";
import { AssessmentBadge, RiskBadge } from "@/features/protocols/risk-badge";
import { protocolRiskFactorsQueryOptions, type FactorEvidence } from "@/features/protocols/risk-factors";
import type { Protocol } from "@/features/protocols/types";
import { copyText } from "@/lib/clipboard";
import { FACTOR_LABELS, RISK_FACTORS, type Assessment, type RiskFactor } from "@/lib/risk-rating";
import { cn } from "@/lib/utils";
import { protocolKeys } from "./protocol-keys";
import { toast } from "@/lib/toast";
import { formatAsOf } from "@/lib/tvl-provenance";

/** Where a protocol has no tags to show, the cell says so rather than staying blank. */
const NONE = <span className="text-slate-400">—</span>;

const BEST_DESCRIPTION: Record<BestMetric, string> = {
  tvl: "Best: highest TVL among compared",
  yield: "Best: highest yield among compared",
  min: "Best: lowest minimum investment among compared",
  risk: "Best: lowest risk among compared",
};

/** Described by the factor rows' best values. */
const BEST_FACTOR_DESCRIPTION = "Best: lowest risk on this factor among compared";

/** One compared protocol's risk factors: loading, failed, or its assessments (a missing factor is 'Unknown'). */
type FactorState =
  | { status: "pending" }
  | { status: "error" }
  | { status: "success"; assessments: Partial<Record<RiskFactor, Assessment>> };

/** What the rows read besides the protocol itself: each compared protocol's factors, by protocol id. */
type RowContext = { factors: ReadonlyMap<string, FactorState> };

type Row = {
  label: string;
  metric?: BestMetric;
  /** A risk factor's row (issue 20): ranked by bestFactorValues, headed as a sub-row of Risk Level. */
  factor?: RiskFactor;
  render: (protocol: Protocol, context: RowContext) => ReactNode;
};

/** A factor's assessment in words with its level's colours; 'Unknown' muted; loading and failure said in words. */
function FactorValue({ state, factor }: { state: FactorState | undefined; factor: RiskFactor }) {
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
function Provenance({ protocol }: { protocol: Protocol }) {
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
      {notes !== null && <p className="mt-1.5 text-xs leading-relaxed text-muted-foreground">{notes}</p>}
      <TermsProvenance protocol={protocol} />
    </div>
  );
}

/** Under a tracked protocol's name (issue #19): its terms and risk are not reviewed yet. */
function ComparedTrackedNote({ protocol }: { protocol: Protocol }) {
  if (!isTracked(protocol)) return null;
  return (
    <span className="mt-1.5 block max-w-72 text-xs font-medium whitespace-normal text-slate-700">{TRACKED_NOTE}</span>
  );
}

/** A term's value; 'Unknown' is muted so a stated 'No' never looks like a missing answer. */
function Term({ label }: { label: string }) {
  return <span className={label === UNKNOWN_LABEL ? "text-muted-foreground italic" : "font-medium"}>{label}</span>;
}

const ROWS: Row[] = [
  {
    label: "Total Value Locked",
    metric: "tvl",
    render: (p) => <FigureText value={p.tvl} className="text-lg font-bold tabular-nums" />,
  },
  {
    label: "Yield Range",
    metric: "yield",
    render: (p) => <FigureText value={p.yieldRange} className="font-semibold tabular-nums" />,
  },
  {
    label: "Risk Level",
    metric: "risk",
    render: (p) => <RiskBadge level={p.riskLevel} />,
  },
  // The seven factors behind the level (issue 20), in the method's order.
  ...RISK_FACTORS.map((factor): Row => ({
    label: FACTOR_LABELS[factor],
    factor,
    render: (p, { factors }) => <FactorValue state={factors.get(p.id)} factor={factor} />,
  })),
  {
    label: "Min Investment",
    metric: "min",
    render: (p) => <FigureText value={p.minInvestment} className="font-semibold" />,
  },
  {
    label: "Asset Classes",
    render: (p) =>
      p.assetClasses.length > 0 ? <TagList label="Asset classes" items={p.assetClasses} tone="accent" /> : NONE,
  },
  {
    label: "Blockchains",
    render: (p) =>
      p.blockchains.length > 0 ? <TagList label="Blockchains" items={p.blockchains} tone="outline" /> : NONE,
  },
  {
    label: "Website",
    render: (p) =>
      p.url === null ? (
        NONE
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
  // Term sheet (issue #13): after the specification's rows, before 'Source'.
  { label: "Investor access", render: (p) => <Term label={INVESTOR_ACCESS_LABELS[p.terms.investorAccess]} /> },
  { label: "KYC", render: (p) => <Term label={KYC_LABELS[p.terms.kyc]} /> },
  { label: "Redemption", render: (p) => <Term label={redemptionLabel(p.terms)} /> },
  { label: "Fees", render: (p) => <Term label={feesLabel(p.terms.fees)} /> },
  { label: "Source", render: (p) => <Provenance protocol={p} /> },
];

// Below Tailwind's sm (640px) the comparison is a stack of metric blocks instead of a table
// that scrolls sideways. Chosen in script rather than CSS so only one layout is in the DOM.
const PHONE_QUERY = "(max-width: 639.98px)";
function subscribePhone(onChange: () => void) {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}
function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/**
 * One colour per compared slot (white text on each meets WCAG AA) and a key unique among the
 * compared protocols ('BF' and 'BB', not two 'B's: protocol-keys.ts), read out as 'Key BF'.
 */
const KEY_COLOURS = ["bg-teal-700", "bg-indigo-700", "bg-amber-700"] as const;
function ProtocolKey({ index, keys }: { index: number; keys: readonly string[] }) {
  const key = keys[index] ?? "?";
  return (
    <span
      className={cn(
        "inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full px-1 text-[0.6875rem] font-bold tracking-tight text-white",
        KEY_COLOURS[index % KEY_COLOURS.length],
      )}
    >
      <span className="sr-only">Key </span>
      {key}
      <span className="sr-only">: </span>
    </span>
  );
}

const BEST_TAG =
  "flex flex-wrap items-center gap-2 after:rounded after:bg-emerald-700 after:px-1.5 after:py-0.5 after:text-[0.6875rem] after:font-bold after:tracking-wide after:text-white after:uppercase after:content-['Best']";

type LayoutProps = {
  protocols: readonly Protocol[];
  best: BestValues;
  bestFactors: BestFactors;
  context: RowContext;
  descriptionIds: string;
};

/** The attributes of a value that holds the row's best: a marker for styling and tests, and the description screen readers hear. */
function bestProps(row: Row, protocol: Protocol, { best, bestFactors, descriptionIds }: LayoutProps) {
  const holders =
    row.metric !== undefined ? best[row.metric] : row.factor !== undefined ? bestFactors[row.factor] : undefined;
  const isBest = holders?.includes(protocol.slug) ?? false;
  return {
    isBest,
    attributes: {
      "data-best": isBest || undefined,
      "aria-describedby": isBest ? `${descriptionIds}-${row.metric ?? "factor"}` : undefined,
    },
  };
}

/** A factor row's header reads as part of Risk Level: indented, in sentence case. */
const FACTOR_HEADER = "pl-5 font-medium normal-case tracking-normal sm:pr-3 sm:pl-9";

/** Phone: the compared protocols (key, name, description), then one block per metric with every value stacked. */
function PhoneComparison(props: LayoutProps) {
  const { protocols, descriptionIds, context } = props;
  const keys = protocolKeys(protocols.map((protocol) => protocol.name));
  return (
    <div className="min-w-0 [overflow-wrap:anywhere]" role="region" aria-label="Comparison by metric">
      {/* The table's header row as a list: only one of the two layouts is ever in the DOM. */}
      <ul aria-label="Compared protocols" className="space-y-3 border-b border-border bg-muted/50 px-4 py-4">
        {protocols.map((protocol, index) => (
          <li key={protocol.id} className="flex min-w-0 gap-3">
            <ProtocolKey index={index} keys={keys} />
            <div className="min-w-0">
              <p className="text-base leading-6 font-bold text-foreground">{protocol.name}</p>
              <p className="mt-0.5 text-xs leading-relaxed text-muted-foreground">
                {protocol.description || "No description on record."}
              </p>
              <ComparedTrackedNote protocol={protocol} />
            </div>
          </li>
        ))}
      </ul>
      {ROWS.map((row) => {
        const headingId = `${descriptionIds}-row-${row.label.replace(/\W+/g, "-")}`;
        return (
          <section
            key={row.label}
            aria-labelledby={headingId}
            className="border-b border-border px-4 py-3.5 last:border-b-0"
          >
            <h3
              id={headingId}
              className={cn(
                "text-[0.6875rem] font-semibold tracking-wide text-slate-600 uppercase",
                row.factor !== undefined && "text-xs font-semibold tracking-normal normal-case",
              )}
            >
              {row.factor !== undefined ? (
                <>
                  <span className="font-normal text-muted-foreground">Risk factor:</span> {row.label}
                </>
              ) : (
                row.label
              )}
            </h3>
            <ul className="mt-2 space-y-2">
              {protocols.map((protocol, index) => {
                const { isBest, attributes } = bestProps(row, protocol, props);
                return (
                  <li
                    key={protocol.id}
                    {...attributes}
                    className={cn("flex min-w-0 gap-2.5 rounded-md px-2 py-1.5", isBest && "bg-emerald-50")}
                  >
                    <ProtocolKey index={index} keys={keys} />
                    <div className="min-w-0 flex-1">
                      <p className="text-xs font-semibold text-slate-600">{protocol.name}</p>
                      <div className={cn("mt-0.5 text-sm text-foreground", isBest && BEST_TAG)}>
                        {row.render(protocol, context)}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

type ComparisonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  protocols: readonly Protocol[];
  /** Which protocols hold the best value per comparable row (none marked when absent). */
  best?: BestValues;
  /** Absolute link that reproduces this comparison; offers 'Copy link' when given. */
  shareUrl?: string;
  /** Offers 'Download CSV' when given. */
  onDownloadCsv?: () => void;
};

async function copyLink(url: string) {
  try {
    await copyText(url);
    toast.success("Link copied", { description: "Anyone with the link sees this comparison." });
  } catch {
    toast.error("Couldn't copy the link. Copy it from the address bar instead.");
  }
}

export function ComparisonDialog({
  open,
  onOpenChange,
  protocols,
  best = {},
  shareUrl,
  onDownloadCsv,
}: ComparisonDialogProps) {
  // Opened from a plain button rather than a Radix trigger, so remember the opener (focus is
  // still on it while this first renders) and give focus back to it on close.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const descriptionIds = useId();
  const isPhone = useIsPhone();
  // Each compared protocol's risk factors, fetched once the dialog is open (it mounts on 'Compare').
  const factorData = useQueries({
    queries: protocols.map((protocol) => ({ ...protocolRiskFactorsQueryOptions(protocol.id), enabled: open })),
    combine: factorResults,
  });
  const { context, bestFactors } = useFactorContext(protocols, factorData);
  if (protocols.length === 0) return null;
  const anyBest = [...Object.values(best), ...Object.values(bestFactors)].some((ids) => ids.length > 0);
  const layout: LayoutProps = { protocols, best, bestFactors, context, descriptionIds };
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
            Side-by-side comparison of {protocols.length} selected {protocols.length === 1 ? "protocol" : "protocols"}:
            value locked, yield, risk and its seven factors, minimum investment, asset classes, blockchains, website,
            investor access, KYC, redemption, fees and data source.
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
          <span id={`${descriptionIds}-factor`}>{BEST_FACTOR_DESCRIPTION}</span>
        </div>
        {isPhone ? (
          <PhoneComparison {...layout} />
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Comparison table">
            <table className="w-full min-w-max border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-border bg-muted/50 align-top">
                  <th
                    scope="col"
                    className="sticky left-0 z-10 w-28 bg-muted px-3 py-4 text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase sm:w-36 sm:px-6 sm:text-xs"
                  >
                    Protocol
                  </th>
                  {protocols.map((protocol) => (
                    <th
                      key={protocol.id}
                      scope="col"
                      className="w-64 min-w-52 px-4 py-4 align-top font-normal sm:min-w-64"
                    >
                      <span className="block text-base font-bold text-foreground">
                        <ProtocolNameLink protocol={protocol} />
                      </span>
                      <span className="mt-1 block max-w-72 text-xs leading-relaxed whitespace-normal text-muted-foreground">
                        {protocol.description || "No description on record."}
                      </span>
                      <ComparedTrackedNote protocol={protocol} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ROWS.map((row) => (
                  <tr key={row.label} className="border-b border-border align-top last:border-b-0">
                    <th
                      scope="row"
                      className={cn(
                        "sticky left-0 z-10 w-28 bg-surface px-3 py-3.5 text-[0.6875rem] font-semibold tracking-wide text-slate-600 uppercase sm:w-36 sm:px-6 sm:text-xs",
                        row.factor !== undefined && FACTOR_HEADER,
                      )}
                    >
                      {row.label}
                    </th>
                    {protocols.map((protocol) => {
                      const { isBest, attributes } = bestProps(row, protocol, layout);
                      return (
                        <td
                          key={protocol.id}
                          {...attributes}
                          className={cn("px-4 py-3.5 text-foreground", isBest && "bg-emerald-50")}
                        >
                          {/* The 'Best' tag is CSS-generated text so the cell's own text stays the exact figure. */}
                          <div className={cn(isBest && BEST_TAG)}>{row.render(protocol, context)}</div>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {anyBest && (
          <p className="border-t border-border px-5 py-3 text-xs text-muted-foreground sm:px-6">
            <span className="mr-1.5 rounded bg-emerald-700 px-1.5 py-0.5 text-[0.6875rem] font-bold tracking-wide text-white uppercase">
              Best
            </span>
            marks the highest TVL and yield and the lowest minimum and risk among the compared protocols, and the lowest
            risk on each factor. Figures are as published; unparseable ones and Unknown are not ranked.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

type FactorData = readonly FactorEvidence[] | "error" | undefined;

/** Each query's rows, 'error', or undefined while loading (stable while no query changes: TanStack re-runs `combine` only then). */
function factorResults(results: ReadonlyArray<{ data?: FactorEvidence[]; isError: boolean }>): FactorData[] {
  return results.map((query) => (query.isError ? "error" : query.data));
}

/**
 * The rows' view of the factor queries (by protocol id) and, once every compared protocol's factors
 * are in (loaded or failed), the best value of each factor row: marks never move while one loads.
 */
function useFactorContext(
  protocols: readonly Protocol[],
  data: readonly FactorData[],
): { context: RowContext; bestFactors: BestFactors } {
  return useMemo(() => {
    const factors = new Map<string, FactorState>();
    protocols.forEach((protocol, index) => {
      const rows = data[index];
      factors.set(
        protocol.id,
        rows === undefined
          ? { status: "pending" }
          : rows === "error"
            ? { status: "error" }
            : { status: "success", assessments: Object.fromEntries(rows.map((row) => [row.factor, row.level])) },
      );
    });
    const settled = [...factors.values()].every((state) => state.status !== "pending");
    const bestFactors = settled
      ? bestFactorValues(
          protocols.map((protocol) => {
            const state = factors.get(protocol.id)!;
            return { slug: protocol.slug, assessments: state.status === "success" ? state.assessments : null };
          }),
        )
      : {};
    return { context: { factors }, bestFactors };
  }, [protocols, data]);
}
