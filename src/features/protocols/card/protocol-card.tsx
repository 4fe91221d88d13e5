import { ChevronRight } from "lucide-react";
import { memo, useId, type ReactNode } from "react";
import { CARD_MAX_BLOCKCHAINS } from "@/config/site";
import { cn } from "@/lib/utils";
import { TvlSource, YieldSource } from "@/components/tvl-source";
import { CARD_FIGURES_ATTRIBUTE } from "@/components/layout/card-figures";
import { ProtocolLink } from "./protocol-link";
import { ProtocolTags } from "./protocol-tags";
import { CompareToggle } from "./compare-toggle";
import { NOT_RATED, RiskBadge } from "./risk-badge";
import { RISK_SECTION_ID } from "./directory-link";
import { FigureText, TrackedNote } from "./tracked-note";
import { VisitProtocolLink } from "./visit-protocol-link";
import { NO_DESCRIPTION } from "../model/model";
import { PRODUCTS_SECTION_ID } from "../model/figure-provenance";
import { minimumTextOf, productCountText } from "../model/product-summary";
import type { Protocol } from "../model/types";

// Icons as constant elements: a card re-rendered for each keystroke passes over them (same element,
// same props) instead of building their SVG again (docs/decisions/024-typing-at-scale.md).
const RISK_CHEVRON = <ChevronRight className="-mr-1 size-3 opacity-70" aria-hidden="true" />;

type ProtocolCardProps = {
  protocol: Protocol;
  selected: boolean;
  onToggleSelect: (slug: string) => void;
  className?: string;
};

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 line-clamp-2 text-sm font-semibold [overflow-wrap:anywhere] text-foreground tabular-nums">
        {children}
      </dd>
    </div>
  );
}

export const ProtocolCard = memo(function ProtocolCard({
  protocol,
  selected,
  onToggleSelect,
  className,
}: ProtocolCardProps) {
  const titleId = useId();

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "group relative flex h-full flex-col rounded-xl border bg-surface p-5 shadow-sm transition duration-200 hover:-translate-y-0.5 hover:shadow-md motion-reduce:hover:translate-y-0",
        selected ? "border-accent ring-2 ring-accent/30" : "border-border hover:border-border-strong",
        className,
      )}
    >
      <h3
        id={titleId}
        className="text-base leading-snug font-bold tracking-tight [overflow-wrap:anywhere] text-foreground"
      >
        <ProtocolLink
          slug={protocol.slug}
          className="rounded-sm underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {protocol.name}
        </ProtocolLink>
      </h3>

      <p
        className="mt-2 line-clamp-2 min-h-10 text-sm leading-5 text-muted-foreground"
        title={protocol.description || undefined}
      >
        {protocol.description || NO_DESCRIPTION}
      </p>
      {/* A tracked row says its terms and risk are not reviewed yet; reviewed rows show nothing here. */}
      <TrackedNote protocol={protocol} variant="card" />
      {protocol.products.count > 0 && (
        <p className="mt-2 text-xs font-medium text-muted-foreground">
          <ProtocolLink
            slug={protocol.slug}
            section={PRODUCTS_SECTION_ID}
            className="rounded-sm text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {productCountText(protocol.products.count)}
          </ProtocolLink>
        </p>
      )}

      {/* The figures and their source lines: at the end of the page nothing fixed rests on them. */}
      <div className="mt-4" {...{ [CARD_FIGURES_ATTRIBUTE]: "" }}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg bg-muted/60 p-3">
          <Figure label="TVL">
            <FigureText value={protocol.tvl} />
          </Figure>
          <Figure label="Yield">
            <FigureText value={protocol.yieldRange} />
          </Figure>
          <Figure label="Risk">
            {/* The badge opens the evidence: the protocol page's Risk section. */}
            <ProtocolLink
              slug={protocol.slug}
              section={RISK_SECTION_ID}
              aria-label={`Risk: ${protocol.riskLevel ?? NOT_RATED}, ${protocol.riskLevel === null ? "see why" : "see the evidence"}`}
              title={protocol.riskLevel === null ? "See why" : "See the evidence"}
              className="group/risk inline-flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <RiskBadge
                level={protocol.riskLevel}
                trailing={RISK_CHEVRON}
                className="transition-shadow group-hover/risk:ring-2 group-hover/risk:ring-current/30"
              />
            </ProtocolLink>
          </Figure>
          <Figure label="Min Investment">
            <span title={minimumTextOf(protocol)}>
              <FigureText value={minimumTextOf(protocol)} />
            </span>
          </Figure>
        </dl>
        {/* The TVL's and the yield's source and the day each describes, marked stale past 45 days (notes: in the comparison). */}
        <TvlSource protocol={protocol} />
        <YieldSource protocol={protocol} />
      </div>

      <div className="mt-4 space-y-2">
        <ProtocolTags
          assetClasses={protocol.assetClasses}
          blockchains={protocol.blockchains}
          maxChains={CARD_MAX_BLOCKCHAINS}
        />
      </div>

      <div className="mt-auto flex items-center justify-between gap-3 pt-5">
        <CompareToggle name={protocol.name} selected={selected} onToggle={() => onToggleSelect(protocol.slug)} />

        {protocol.url !== null && <VisitProtocolLink name={protocol.name} url={protocol.url} variant="text" />}
      </div>
    </article>
  );
});
