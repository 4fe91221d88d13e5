import { useQueries } from "@tanstack/react-query";
import { Download, Link2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  rankFactors,
  type BestFactors,
  type BestMetric,
  type BestReasons,
  type BestValues,
} from "@/features/protocols/model/best-values";
import { protocolRiskFactorsQueryOptions, type FactorEvidence } from "@/features/protocols/risk/risk-factors";
import type { Protocol } from "@/features/protocols/model/types";
import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import { PhoneComparison } from "./comparison-phone";
import {
  BEST_DESCRIPTION,
  BEST_FACTOR_DESCRIPTION,
  bestDescriptionId,
  reasonId,
  type LayoutProps,
  type RowContext,
} from "./comparison-rows";
import { ComparisonTable } from "./comparison-table";
import type { FactorState } from "./comparison-values";
import { HoldingDetails } from "./holding-details";
import { PRODUCT_BEST_DESCRIPTION, useProductContext, type ProductMetric } from "./product-context";
import { useHolding } from "@/lib/use-holding";

/** Below Tailwind's sm (640px) the phone layout; chosen in script so only one layout is in the DOM. */
const PHONE_QUERY = "(max-width: 639.98px)";

type ComparisonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  protocols: readonly Protocol[];
  /** Which protocols hold the best value per comparable row (none marked when absent). */
  best?: BestValues;
  /** Why a ranked row has no mark (best-values.ts rankMetrics). */
  bestReasons?: BestReasons;
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
  bestReasons = {},
  shareUrl,
  onDownloadCsv,
}: ComparisonDialogProps) {
  // Opened from a plain button rather than a Radix trigger, so remember the opener (focus is
  // still on it while this first renders) and give focus back to it on close.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const descriptionIds = useId();
  const isPhone = useMediaQuery(PHONE_QUERY);
  // Each compared protocol's risk factors, fetched once the dialog is open (it mounts on 'Compare').
  const factorData = useQueries({
    queries: protocols.map((protocol) => ({ ...protocolRiskFactorsQueryOptions(protocol.id), enabled: open })),
    combine: factorResults,
  });
  const { context, bestFactors, factorReasons } = useFactorContext(protocols, factorData);
  // Each compared protocol's products, for the product rows (Time to cash, Yield after fees).
  const holding = useHolding();
  const { products, productBest } = useProductContext(protocols, open, holding);
  if (protocols.length === 0) return null;
  const anyBest =
    [...Object.values(best), ...Object.values(bestFactors)].some((ids) => ids.length > 0) ||
    productBest.timeToCash.size + productBest.afterFees.size > 0;
  const reasons = { ...bestReasons, ...factorReasons };
  const productDescription = (metric: ProductMetric) => `${descriptionIds}-product-${metric}`;
  const layout: LayoutProps = {
    protocols,
    best,
    bestFactors,
    reasons,
    context: { ...context, products, productBest, productDescription },
    descriptionIds,
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // One scroll at a time: from 640px the table scrolls (both ways) under a fixed title and
        // Best note, so the dialog itself must not (clip, not hidden: a hidden box can still be
        // scrolled by script or find-in-page); on a phone the whole dialog scrolls as one.
        className={cn("max-w-5xl", isPhone ? "overflow-y-auto" : "overflow-clip")}
        ownClose
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener?.isConnected) opener.focus();
        }}
      >
        {/* The title and the close button stay in view: on a phone, where the whole dialog scrolls,
            they stick to its top; from 640px only the table scrolls, beneath them. */}
        <DialogHeader className="sticky top-0 z-10 shrink-0 border-b border-border bg-surface px-5 py-4 sm:border-b-0 sm:px-6 sm:pb-2">
          <DialogTitle>Protocol Comparison Dashboard</DialogTitle>
          <DialogDescription className="sr-only">
            Side-by-side comparison of {protocols.length} selected {protocols.length === 1 ? "protocol" : "protocols"}:
            value locked, yield, risk and its seven factors, minimum investment, asset classes, blockchains, website,
            investor access, KYC, redemption, fees and data source.
          </DialogDescription>
          <DialogCloseButton className="absolute top-3 right-3" />
        </DialogHeader>
        {(shareUrl !== undefined || onDownloadCsv !== undefined) && (
          <div className="flex shrink-0 flex-wrap gap-2 border-b border-border px-5 py-3 sm:px-6 sm:pt-0 sm:pb-4">
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
        {/* Descriptions the best-value cells point at (aria-describedby reads hidden text). */}
        <div hidden>
          {(Object.keys(BEST_DESCRIPTION) as BestMetric[]).map((metric) => (
            <span key={metric} id={bestDescriptionId(descriptionIds, metric)}>
              {BEST_DESCRIPTION[metric]}
            </span>
          ))}
          <span id={bestDescriptionId(descriptionIds, "factor")}>{BEST_FACTOR_DESCRIPTION}</span>
          {Object.entries(reasons).map(([key, reason]) => (
            <span key={key} id={reasonId(descriptionIds, key)}>
              {reason}
            </span>
          ))}
          {(Object.keys(PRODUCT_BEST_DESCRIPTION) as ProductMetric[]).map((metric) => (
            <span key={metric} id={productDescription(metric)}>
              {PRODUCT_BEST_DESCRIPTION[metric]}
            </span>
          ))}
        </div>
        {isPhone ? <PhoneComparison {...layout} /> : <ComparisonTable {...layout} />}
        <HoldingDetails holding={holding} />
        {(anyBest || Object.keys(reasons).length > 0) && (
          <p className="shrink-0 border-t border-border px-5 py-3 text-xs text-muted-foreground sm:px-6">
            <span className="mr-1.5 rounded bg-success px-1.5 py-0.5 text-[0.6875rem] font-bold tracking-wide text-success-foreground uppercase">
              Best
            </span>
            marks the highest TVL and yield and the lowest minimum and risk among the compared protocols, and the lowest
            risk on each factor, where every compared figure is a number of one kind. A row without a mark says why
            beside its name.
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
): { context: Pick<RowContext, "factors">; bestFactors: BestFactors; factorReasons: BestReasons } {
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
    const ranked = settled
      ? rankFactors(
          protocols.map((protocol) => {
            const state = factors.get(protocol.id)!;
            return {
              slug: protocol.slug,
              name: protocol.name,
              assessments: state.status === "success" ? state.assessments : null,
            };
          }),
        )
      : { best: {}, reasons: {} };
    return { context: { factors }, bestFactors: ranked.best, factorReasons: ranked.reasons };
  }, [protocols, data]);
}
