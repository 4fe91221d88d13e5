import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router-dom";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useScrollIntoViewOnHash } from "@/components/layout/use-scroll-into-view-on-hash";
import { RATING_VERSION, RISK_FACTORS } from "@/lib/risk-rating";
import { cn } from "@/lib/utils";
import { RISK_SECTION_ID } from "../card/directory-link";
import { AssessmentBadge, RiskBadge } from "../card/risk-badge";
import { ChangeList, EvidenceSource } from "./evidence-source";
import { protocolRatingChangesQueryOptions, type RatingChangeEntry } from "./rating-changes";
import { factorLines, notRatedReason, protocolRiskFactorsQueryOptions, type FactorLine } from "./risk-factors";
import type { Protocol } from "../model/types";

function FactorItem({
  line,
  protocolName,
  changes,
}: {
  line: FactorLine;
  protocolName: string;
  changes: readonly RatingChangeEntry[];
}) {
  const unknown = line.evidence === null;
  return (
    <li className={cn("grid gap-x-6 gap-y-2 px-4 py-4 sm:grid-cols-[13rem_1fr] sm:px-5", unknown && "bg-muted/30")}>
      <div className="flex flex-wrap items-center justify-between gap-2 sm:flex-col sm:items-start sm:justify-start">
        <h3 className="text-sm font-semibold text-foreground">{line.label}</h3>
        <p>
          <span className="sr-only">Assessment: </span>
          <AssessmentBadge assessment={line.assessment} />
        </p>
      </div>
      <div className="min-w-0">
        {unknown ? (
          <p className="text-sm text-muted-foreground italic">No evidence found yet</p>
        ) : (
          <p className="text-sm leading-relaxed text-secondary-foreground">{line.evidence!.finding}</p>
        )}
        <EvidenceSource line={line} protocolName={protocolName} />
        <ChangeList changes={changes} label={`Changes to ${line.label}`} />
      </div>
    </li>
  );
}

/**
 * The protocol page's 'Risk' section: the overall level, then each of the seven factors with its assessment
 * (in words, not only colour), the finding, its source and the day it was read; 'Unknown' muted,
 * never blank. The factors load here only (never on `/`), like the TVL history.
 */
export function RiskSection({ protocol }: { protocol: Protocol }) {
  const { data, error } = useQuery(protocolRiskFactorsQueryOptions(protocol.id));
  const changes = useQuery(protocolRatingChangesQueryOptions(protocol.id));
  const changesOf = (factor: FactorLine["factor"] | null) => (changes.data ?? []).filter((c) => c.factor === factor);
  const section = useRef<HTMLElement>(null);
  useScrollIntoViewOnHash(section, RISK_SECTION_ID, data !== undefined || error !== null);
  const lines = data ? factorLines(data) : null;
  const evidenced = data?.length ?? 0;

  let summary: React.ReactNode;
  if (protocol.riskLevel !== null) {
    summary = (
      <>
        Computed from the seven factors below by our published rule.{" "}
        {data && (
          <>
            {evidenced} of {RISK_FACTORS.length} factors have evidence.
          </>
        )}
      </>
    );
  } else {
    summary = data ? notRatedReason(evidenced) : "Not rated.";
  }

  let body: React.ReactNode;
  if (error) {
    body = (
      <Alert variant="destructive" className="mt-4 py-10">
        <AlertTitle>Error loading the risk factors</AlertTitle>
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  } else if (!lines) {
    body = (
      <div className="mt-4 divide-y divide-border rounded-xl border border-border bg-surface" aria-busy="true">
        <p role="status" className="sr-only">
          Loading risk factors...
        </p>
        {RISK_FACTORS.map((factor) => (
          <div key={factor} className="grid animate-pulse gap-3 px-4 py-4 sm:grid-cols-[13rem_1fr] sm:px-5">
            <div className="h-4 w-36 rounded bg-muted" />
            <div className="space-y-2">
              <div className="h-3.5 w-full rounded bg-muted" />
              <div className="h-3.5 w-2/3 rounded bg-muted" />
            </div>
          </div>
        ))}
      </div>
    );
  } else {
    body = (
      <ol
        aria-label={`Risk factors of ${protocol.name}`}
        className="mt-4 divide-y divide-border rounded-xl border border-border bg-surface shadow-sm"
      >
        {lines.map((line) => (
          <FactorItem key={line.factor} line={line} protocolName={protocol.name} changes={changesOf(line.factor)} />
        ))}
      </ol>
    );
  }

  return (
    <section id={RISK_SECTION_ID} ref={section} aria-labelledby="risk-heading" className="scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="risk-heading" className="text-xl font-bold tracking-tight text-primary">
          Risk
        </h2>
        <Link
          to="/methodology"
          className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          How we rate risk
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-4 flex flex-col gap-3 rounded-xl border border-border bg-muted/50 p-4 sm:flex-row sm:items-center sm:gap-5 sm:p-5">
        <p className="flex shrink-0 items-center gap-3">
          <span className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Overall</span>
          <RiskBadge level={protocol.riskLevel} size="lg" />
        </p>
        <div>
          <p className="text-sm leading-relaxed text-secondary-foreground">{summary}</p>
          <ChangeList changes={changesOf(null)} label="Changes to the overall level" />
        </div>
      </div>
      {changes.error && (
        <p role="alert" className="mt-2 text-xs [overflow-wrap:anywhere] text-danger">
          Error loading the rating&apos;s changes: {changes.error.message}
        </p>
      )}
      {body}
      <p className="mt-3 text-xs leading-relaxed text-muted-foreground">
        Rule version {RATING_VERSION}. Not investment advice: each finding carries the date of its document and the date
        it was read, and a product can change after that.
      </p>
    </section>
  );
}
