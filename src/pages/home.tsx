import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router-dom";
import { usePageTitle } from "@/components/layout/use-page-title";
import { MAX_COMPARED, site } from "@/config/site";
import { SelectionBar } from "@/features/compare/selection-bar";
import { useSelection } from "@/features/compare/use-selection";
import { bestValues } from "@/features/protocols/best-values";
import { DirectoryError, DirectoryLoading } from "@/features/protocols/directory-status";
import { EcosystemStats } from "@/features/protocols/ecosystem-stats";
import { downloadProtocolsCsv } from "@/features/protocols/export-csv";
import { Hero } from "@/features/protocols/hero";
import { PortfolioPromo } from "@/features/protocols/portfolio-promo";
import { ProtocolDirectory } from "@/features/protocols/protocol-directory";
import { protocolsQueryOptions } from "@/features/protocols/queries";
import { computeStats } from "@/features/protocols/stats";
import type { Protocol } from "@/features/protocols/types";
import { useDirectoryView } from "@/features/protocols/use-directory-view";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { SiteLayout } from "@/pages/site-layout";
import { TvlSource } from "@/components/tvl-source";

// The comparison table is only needed after a click: keep it out of the entry chunk.
const ComparisonDialog = lazy(() =>
  import("@/features/compare/comparison-dialog").then((m) => ({ default: m.ComparisonDialog })),
);

const NO_PROTOCOLS: Protocol[] = [];
const renderTvlSource = (protocol: Protocol) => <TvlSource protocol={protocol} />;

export function HomePage() {
  usePageTitle(`${site.productName} · Tokenized Real-World Asset Protocol Directory`);
  const { openWaitlist, prefetchWaitlist } = useWaitlistDialog();
  const { data: latestData, error } = useQuery(protocolsQueryOptions());
  // The loaded page (stats, filters, 15 cards) is the biggest render of the visit. Rendered from a
  // deferred copy of the data, the urgent render that follows the response only keeps the loading
  // frame, and the directory renders at transition priority, which yields to the browser every
  // few milliseconds instead of holding the main thread in one long task (issue #5: TBT).
  const data = useDeferredValue(latestData);
  const protocols = data ?? NO_PROTOCOLS;
  const stats = useMemo(() => (data ? computeStats(data) : null), [data]);

  // Search, filters, sort and the compared set live in the URL (shareable, back/forward).
  const view = useDirectoryView();
  const { pathname } = useLocation();
  const { setCompare } = view;
  // The URL names compared protocols by slug; the selection works in ids.
  const { idsBySlug, slugsById } = useMemo(
    () => ({
      idsBySlug: new Map(protocols.map((p) => [p.slug, p.id])),
      slugsById: new Map(protocols.map((p) => [p.id, p.slug])),
    }),
    [protocols],
  );
  const selectionValue = useMemo(() => view.compare.flatMap((slug) => idsBySlug.get(slug) ?? []), [view.compare, idsBySlug]);
  const onSelectionChange = useCallback(
    (ids: string[]) => setCompare(ids.flatMap((id) => slugsById.get(id) ?? [])),
    [setCompare, slugsById],
  );

  const onLimitReached = useCallback(() => openWaitlist({ limitReached: true, source: "limit-reached" }), [openWaitlist]);
  const selection = useSelection(protocols, { onLimitReached, value: selectionValue, onChange: onSelectionChange });
  // With the selection full, the next select opens the limit-reached waitlist dialog: warm its code.
  const selectionFull = selection.selectedIds.length >= MAX_COMPARED;
  useEffect(() => {
    if (selectionFull) prefetchWaitlist();
  }, [selectionFull, prefetchWaitlist]);
  const [compareOpen, setCompareOpen] = useState(false);
  const comparing = compareOpen && selection.selectedProtocols.length > 0;
  const best = useMemo(() => bestValues(selection.selectedProtocols), [selection.selectedProtocols]);

  return (
    <SiteLayout home dataAsOf={stats?.dataAsOf}>
      <Hero stats={stats} onJoinWaitlist={() => openWaitlist({ source: "hero" })} onIntent={prefetchWaitlist} />

      <div className="mx-auto max-w-7xl space-y-12 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <EcosystemStats stats={stats} />

        <div id="directory" className="scroll-mt-20 pb-4">
          {error ? (
            <DirectoryError message={error.message} />
          ) : !data ? (
            <DirectoryLoading />
          ) : (
            <ProtocolDirectory
              protocols={protocols}
              selectedIds={selection.selectedIds}
              onToggleSelect={selection.toggle}
              promo={<PortfolioPromo onJoin={() => openWaitlist({ source: "promo" })} onIntent={prefetchWaitlist} />}
              filters={view.filters}
              onFiltersChange={view.setFilters}
              sort={view.sort}
              onSortChange={view.setSort}
              onClearFilters={view.clearFilters}
            />
          )}
        </div>
      </div>

      <SelectionBar protocols={selection.selectedProtocols} onRemove={selection.remove} onCompare={() => setCompareOpen(true)} />
      {comparing && (
        <Suspense fallback={null}>
          <ComparisonDialog
            open
            onOpenChange={setCompareOpen}
            protocols={selection.selectedProtocols}
            best={best}
            shareUrl={new URL(`${pathname}${view.search}`, window.location.origin).href}
            onDownloadCsv={() => downloadProtocolsCsv(selection.selectedProtocols, "comparison")}
            renderTvlSource={renderTvlSource}
          />
        </Suspense>
      )}
    </SiteLayout>
  );
}
