import { useQuery } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useMemo } from "react";
import { useLocation } from "react-router-dom";
import { usePageTitle } from "@/components/layout/use-page-title";
import { site } from "@/config/site";
import { DirectoryError, DirectoryLoading } from "@/features/protocols/directory/directory-status";
import { EcosystemStats } from "@/features/protocols/directory/ecosystem-stats";
import { Hero } from "@/features/protocols/directory/hero";
import { PlatformFeaturesBand } from "@/features/protocols/directory/platform-features";
import { PortfolioPromo } from "@/features/protocols/directory/portfolio-promo";
import { ProtocolDirectory } from "@/features/protocols/directory/protocol-directory";
import { protocolsQueryOptions } from "@/features/protocols/model/queries";
import { computeStats } from "@/features/protocols/model/stats";
import type { Protocol } from "@/features/protocols/model/types";
import { useDirectoryView } from "@/features/protocols/directory/use-directory-view";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { CompareTray } from "@/app/compare-tray";
import { SiteLayout } from "@/app/site-layout";
import { useCompareSlugs } from "@/app/use-compare-slugs";

const NO_PROTOCOLS: Protocol[] = [];

export function HomePage() {
  usePageTitle(`${site.productName} · Tokenized Real-World Asset Protocol Directory`);
  const { openWaitlist, prefetchWaitlist } = useWaitlistDialog();
  const { data: latestData, error } = useQuery(protocolsQueryOptions());
  // The loaded page (stats, filters, 15 cards) is the biggest render of the visit. Rendered from a
  // deferred copy of the data, the urgent render that follows the response only keeps the loading
  // frame, and the directory renders at transition priority, which yields to the browser every
  // few milliseconds instead of holding the main thread in one long task (the TBT budget in docs/performance.md).
  const data = useDeferredValue(latestData);
  const protocols = data ?? NO_PROTOCOLS;
  const stats = useMemo(() => (data ? computeStats(data) : null), [data]);

  // Search, filters, sort and the compared set live in the URL (shareable, back/forward).
  const view = useDirectoryView();
  const { pathname } = useLocation();
  const { setCompare } = view;
  // The URL names compared protocols by slug (use-compare-slugs.ts).
  const selection = useCompareSlugs(protocols, view.compare, setCompare);

  // A keystroke in the search re-renders this page (the box's text is its state): everything but
  // the directory gets props that keep their identity, and is memoised, so the key's urgent render
  // is the box and the filter bar, not the hero, the statistics, the tray and the layout.
  const joinFromHero = useCallback(() => openWaitlist({ source: "hero" }), [openWaitlist]);
  const promo = useMemo(
    () => <PortfolioPromo onJoin={() => openWaitlist({ source: "promo" })} onIntent={prefetchWaitlist} />,
    [openWaitlist, prefetchWaitlist],
  );
  const search = view.search;
  const shareUrl = useCallback(() => new URL(`${pathname}${search}`, window.location.origin).href, [pathname, search]);
  const floatingJoin = useMemo(
    () => ({ onJoin: () => openWaitlist({ source: "floating" }), onIntent: prefetchWaitlist }),
    [openWaitlist, prefetchWaitlist],
  );

  return (
    <SiteLayout home dataAsOf={stats?.dataAsOf}>
      <Hero stats={stats} onJoinWaitlist={joinFromHero} onIntent={prefetchWaitlist} />

      {/* On a phone the statistics and the platform's themes follow the directory, so the first card
          is about a screen down (docs/decisions/017-phone-first-screen.md). */}
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6 sm:gap-12 sm:px-6 sm:py-16 lg:px-8">
        <EcosystemStats stats={stats} className="order-last sm:order-none" />

        <div id="directory" className="scroll-mt-20 pb-4">
          {error ? (
            <DirectoryError message={error.message} />
          ) : !data ? (
            <DirectoryLoading />
          ) : (
            <ProtocolDirectory
              protocols={protocols}
              selectedSlugs={selection.selectedSlugs}
              onToggleSelect={selection.toggle}
              promo={promo}
              filters={view.filters}
              onFiltersChange={view.setFilters}
              sort={view.sort}
              onSortChange={view.setSort}
              onClearFilters={view.clearFilters}
            />
          )}
        </div>
        <PlatformFeaturesBand />
      </div>

      <CompareTray
        selected={selection.selectedProtocols}
        onRemove={selection.remove}
        shareUrl={shareUrl}
        floatingJoin={floatingJoin}
      />
    </SiteLayout>
  );
}
