import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router-dom";
import { useCanonicalPath, usePageDescription, usePageTitle } from "@/components/layout/use-page-title";
import { site } from "@/config/site";
import { directoryQuery } from "@/features/protocols/card/directory-link";
import { DirectoryError } from "@/features/protocols/directory/directory-status";
import { KeyFigures } from "@/features/protocols/page/key-figures";
import { BackToDirectory } from "@/components/layout/back-to-directory";
import { ProtocolHeader } from "@/features/protocols/page/protocol-header";
import { protocolsQueryOptions } from "@/features/protocols/model/queries";
import { RecentChanges } from "@/features/protocols/changes/recent-changes";
import { RiskSection } from "@/features/protocols/risk/risk-section";
import { protocolDescription, protocolPageTitle, protocolPath } from "@/features/protocols/page/seo";
import { similarProtocols } from "@/features/protocols/page/similar";
import { SimilarProtocols } from "@/features/protocols/page/similar-protocols";
import { TermsSection } from "@/features/protocols/page/terms-section";
import { ProductsSection } from "@/features/protocols/products/products-section";
import { TvlHistory } from "@/features/protocols/history/tvl-history";
import { YieldHistory } from "@/features/protocols/history/yield-history-panel";
import type { Protocol } from "@/features/protocols/model/types";
import { parseDirectoryView, queryString, serializeDirectoryView } from "@/features/protocols/directory/url-state";
import { FORMER_SLUGS } from "@/features/protocols/model/slug";
import { NotFoundPage } from "@/pages/not-found";
import { CompareTray } from "@/app/compare-tray";
import { SiteLayout } from "@/app/site-layout";
import { useCompareSlugs } from "@/app/use-compare-slugs";
import { protocolForSlug } from "./protocol-data";

// The route's loader takes the page's reads from this chunk (app/router.tsx).
// eslint-disable-next-line react-refresh/only-export-components -- a loader's helper, not a component
export { loadProtocolData } from "./protocol-data";

/** `/protocols/:slug`: one protocol's figures with their sources, its TVL and yield histories, its risk factors and its peers. */
export function ProtocolPage() {
  const { slug = "" } = useParams();
  const { data, error } = useQuery(protocolsQueryOptions());

  if (error) {
    return (
      <ProtocolFrame>
        <DirectoryError message={error.message} />
      </ProtocolFrame>
    );
  }
  // The route's loader put the list (or its failure) in the cache before the page renders.
  if (!data) return null;
  const protocol = protocolForSlug(data, slug);
  if (!protocol) {
    // A renamed protocol's old address moves to its page (the address bar shows the new one).
    const renamed = FORMER_SLUGS[slug.toLowerCase()];
    if (renamed && data.some((candidate) => candidate.slug === renamed)) {
      return <Navigate to={`/protocols/${renamed}`} replace />;
    }
    return <NotFoundPage />;
  }
  return <ProtocolDetails key={protocol.id} protocol={protocol} protocols={data} />;
}

/** The page when the list failed to load: a heading and the error. */
function ProtocolFrame({ children }: { children: React.ReactNode }) {
  usePageTitle(`Protocol details · ${site.productName}`);
  return (
    <SiteLayout>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-12 sm:px-6 lg:px-8">
        <BackToDirectory to="/" />
        <h1 className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">Protocol details</h1>
        {children}
      </div>
    </SiteLayout>
  );
}

// The sections far below the first screen are laid out and painted only once they come near the
// viewport (content-visibility: auto; they stay in the accessibility tree, find-in-page and
// anchors reach them): the live page's first layout, which replaces the frame, skips them.
// Lighthouse mobile, TBT median of 9 interleaved runs 102 -> 86 ms (decision 025). Until shown,
// each holds the height it usually has (BUIDL and Centrifuge, 2026-11-28), then the one it had.
// The histories are not among them: their charts load as they come within 600 px.
const RENDERED_NEAR_VIEWPORT = {
  risk: "[content-visibility:auto] [contain-intrinsic-size:auto_2000px] sm:[contain-intrinsic-size:auto_900px]",
  changes: "[content-visibility:auto] [contain-intrinsic-size:auto_700px] sm:[contain-intrinsic-size:auto_400px]",
  similar: "[content-visibility:auto] [contain-intrinsic-size:auto_360px] sm:[contain-intrinsic-size:auto_160px]",
};

function ProtocolDetails({ protocol, protocols }: { protocol: Protocol; protocols: readonly Protocol[] }) {
  usePageTitle(protocolPageTitle(protocol, site.productName));
  usePageDescription(protocolDescription(protocol));
  useCanonicalPath(protocolPath(protocol.slug));
  const location = useLocation();
  const navigate = useNavigate();

  // The selection is the home page's `compare=` list, carried in this entry's state with the rest
  // of the directory view (directory-link.ts): toggling here rewrites it, 'Back to directory' and
  // the comparison's share link take it home.
  const directory = directoryQuery(location.state);
  const view = useMemo(() => parseDirectoryView(new URLSearchParams(directory)), [directory]);
  const setCompare = useCallback(
    (compare: string[]) => {
      const next = queryString(serializeDirectoryView({ ...view, compare }, new URLSearchParams(directory)));
      void navigate(`${location.pathname}${location.search}${location.hash}`, {
        replace: true,
        state: { directory: next },
      });
    },
    [view, directory, navigate, location.pathname, location.search, location.hash],
  );
  const selection = useCompareSlugs(protocols, view.compare, setCompare);
  const similar = useMemo(() => similarProtocols(protocol, protocols), [protocol, protocols]);
  const directoryHref = `/${directory}`;

  return (
    <SiteLayout>
      <article aria-labelledby="protocol-name">
        <ProtocolHeader
          protocol={protocol}
          directoryHref={directoryHref}
          selected={selection.selectedSlugs.includes(protocol.slug)}
          onToggleSelect={selection.toggle}
        />
        <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
          <KeyFigures protocol={protocol} />
          {/* What an investor buys: its products, each with its own terms (a protocol with none yet shows its row's term sheet). */}
          {protocol.products.count > 0 && <ProductsSection protocol={protocol} />}
          {/* The two histories side by side from lg, stacked below it. */}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <TvlHistory protocolId={protocol.id} protocolName={protocol.name} />
            <YieldHistory protocol={protocol} />
          </div>
          <div className={RENDERED_NEAR_VIEWPORT.risk}>
            <RiskSection protocol={protocol} />
          </div>
          {protocol.products.count === 0 && <TermsSection protocol={protocol} />}
          <div className={RENDERED_NEAR_VIEWPORT.changes}>
            <RecentChanges protocol={protocol} />
          </div>
          {protocol.assetClasses[0] !== undefined && (
            <div className={RENDERED_NEAR_VIEWPORT.similar}>
              <SimilarProtocols protocols={similar} assetClass={protocol.assetClasses[0]} />
            </div>
          )}
        </div>
      </article>

      <CompareTray
        selected={selection.selectedProtocols}
        onRemove={selection.remove}
        shareUrl={() => new URL(directoryHref, window.location.origin).href}
      />
    </SiteLayout>
  );
}
