import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { usePageTitle } from "@/components/layout/use-page-title";
import { site } from "@/config/site";
import { SelectionBar } from "@/features/compare/selection-bar";
import { useSelection } from "@/features/compare/use-selection";
import { DirectoryError, DirectoryLoading } from "@/features/protocols/directory-status";
import { EcosystemStats } from "@/features/protocols/ecosystem-stats";
import { Hero } from "@/features/protocols/hero";
import { PortfolioPromo } from "@/features/protocols/portfolio-promo";
import { ProtocolDirectory } from "@/features/protocols/protocol-directory";
import { protocolsQueryOptions } from "@/features/protocols/queries";
import { computeStats } from "@/features/protocols/stats";
import type { Protocol } from "@/features/protocols/types";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { SiteLayout } from "@/pages/site-layout";

// The comparison table is only needed after a click: keep it out of the entry chunk.
const ComparisonDialog = lazy(() =>
  import("@/features/compare/comparison-dialog").then((m) => ({ default: m.ComparisonDialog })),
);

const NO_PROTOCOLS: Protocol[] = [];

export function HomePage() {
  usePageTitle(`${site.productName} · Tokenized Real-World Asset Protocol Directory`);
  const { openWaitlist } = useWaitlistDialog();
  const { data, error, isPending } = useQuery(protocolsQueryOptions());
  const protocols = data ?? NO_PROTOCOLS;
  const stats = useMemo(() => (data ? computeStats(data) : null), [data]);

  const onLimitReached = useCallback(() => openWaitlist({ limitReached: true, source: "limit-reached" }), [openWaitlist]);
  const selection = useSelection(protocols, { onLimitReached });
  const [compareOpen, setCompareOpen] = useState(false);
  const comparing = compareOpen && selection.selectedProtocols.length > 0;

  return (
    <SiteLayout home>
      <Hero stats={stats} onJoinWaitlist={() => openWaitlist({ source: "hero" })} />

      <div className="mx-auto max-w-7xl space-y-12 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <EcosystemStats stats={stats} />

        <div id="directory" className="scroll-mt-20 pb-4">
          {isPending ? (
            <DirectoryLoading />
          ) : error ? (
            <DirectoryError message={error.message} />
          ) : (
            <ProtocolDirectory
              protocols={protocols}
              selectedIds={selection.selectedIds}
              onToggleSelect={selection.toggle}
              promo={<PortfolioPromo onJoin={() => openWaitlist({ source: "promo" })} />}
            />
          )}
        </div>
      </div>

      <SelectionBar protocols={selection.selectedProtocols} onRemove={selection.remove} onCompare={() => setCompareOpen(true)} />
      {comparing && (
        <Suspense fallback={null}>
          <ComparisonDialog open onOpenChange={setCompareOpen} protocols={selection.selectedProtocols} />
        </Suspense>
      )}
    </SiteLayout>
  );
}
