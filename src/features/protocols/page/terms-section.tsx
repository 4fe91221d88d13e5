import { ExternalLink } from "lucide-react";
import { INVESTOR_ACCESS_LABELS, KYC_LABELS, UNKNOWN_LABEL, feesLabel, redemptionLabel } from "@/lib/terms";
import { formatAsOf } from "@/lib/tvl-provenance";
import type { Protocol } from "../model/types";

function Term({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <dt className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{label}</dt>
      {/* 'Unknown' is muted and italic, so a stated 'No' never reads as a missing answer. */}
      <dd
        className={
          value === UNKNOWN_LABEL
            ? "mt-1 text-base text-muted-foreground italic"
            : "mt-1 text-base font-semibold [overflow-wrap:anywhere] text-foreground"
        }
      >
        {value}
      </dd>
    </div>
  );
}

/** "Can I buy this?": who may buy, KYC, how money comes back, the fees, and the page that says so. */
export function TermsSection({ protocol }: { protocol: Protocol }) {
  const { terms, name } = protocol;
  return (
    <section aria-labelledby="terms-heading">
      <h2 id="terms-heading" className="text-xl font-bold tracking-tight text-primary">
        Terms
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        <Term label="Investor access" value={INVESTOR_ACCESS_LABELS[terms.investorAccess]} />
        <Term label="KYC" value={KYC_LABELS[terms.kyc]} />
        <Term label="Redemption" value={redemptionLabel(terms)} />
        <Term label="Fees" value={feesLabel(terms.fees)} />
      </dl>
      {terms.sourceUrl !== null ? (
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {terms.asOf !== null && (
            <span>
              Terms as of <time dateTime={terms.asOf}>{formatAsOf(terms.asOf)}</time>
            </span>
          )}
          <a
            href={terms.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Terms source for ${name} (opens in a new tab)`}
            className="inline-flex items-center gap-1 rounded-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            Terms source
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        </p>
      ) : (
        <p className="mt-3 text-xs text-muted-foreground">No source states these terms yet, so they show as Unknown.</p>
      )}
    </section>
  );
}
