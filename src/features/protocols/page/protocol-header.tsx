import { BackToDirectory } from "@/components/layout/back-to-directory";
import { CompareToggle } from "../card/compare-toggle";
import { ProtocolTags } from "../card/protocol-tags";
import { RiskBadge } from "../card/risk-badge";
import { TrackedNote } from "../card/tracked-note";
import { VisitProtocolLink } from "../card/visit-protocol-link";
import { NO_DESCRIPTION } from "../model/model";
import type { Protocol } from "../model/types";

type ProtocolHeaderProps = {
  protocol: Protocol;
  /** '/?...': the directory view the visitor came from. */
  directoryHref: string;
  selected: boolean;
  onToggleSelect: (slug: string) => void;
};

/** Name, description, tags, risk, 'Visit Protocol' and the comparison toggle. */
export function ProtocolHeader({ protocol, directoryHref, selected, onToggleSelect }: ProtocolHeaderProps) {
  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <BackToDirectory to={directoryHref} />
        <div className="mt-5 flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-3xl min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1
                id="protocol-name"
                className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere] text-primary sm:text-4xl"
              >
                {protocol.name}
              </h1>
              <RiskBadge level={protocol.riskLevel} size="lg" />
            </div>
            <p className="mt-3 text-base leading-relaxed text-secondary-foreground">
              {protocol.description || NO_DESCRIPTION}
            </p>
            <TrackedNote protocol={protocol} variant="page" />
            <div className="mt-4 space-y-2">
              <ProtocolTags assetClasses={protocol.assetClasses} blockchains={protocol.blockchains} />
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-3">
            <CompareToggle
              name={protocol.name}
              selected={selected}
              onToggle={() => onToggleSelect(protocol.slug)}
              size="md"
            />
            {protocol.url !== null ? (
              <VisitProtocolLink name={protocol.name} url={protocol.url} variant="button" />
            ) : (
              <span className="inline-flex h-10 items-center text-sm text-muted-foreground">
                Website: <span className="ml-1 italic">Unknown</span>
              </span>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
