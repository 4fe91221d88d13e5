import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { PageBand } from "@/components/layout/page-band";
import { useCanonicalPath, usePageDescription, usePageTitle } from "@/components/layout/use-page-title";
import { LazySelect } from "@/components/ui/lazy-select";
import { ALL, ASSET_CLASSES, site, UNCLASSIFIED } from "@/config/site";
import { FeedLink, PagedChangeList } from "@/features/protocols/changes/change-list";
import {
  changeItems,
  changesQueryOptions,
  filterChanges,
  type ChangeFilter,
} from "@/features/protocols/changes/changes";
import { CHANGES_DESCRIPTION, CHANGES_PATH, changesTitle } from "@/features/protocols/changes/seo";
import { DirectoryError } from "@/features/protocols/directory/directory-status";
import { protocolsQueryOptions } from "@/features/protocols/model/queries";
import { feedUrl } from "@/lib/feed-url";
import { CHANGE_KIND_LABELS, CHANGE_KINDS, isChangeKind } from "../../supabase/functions/_shared/change-text.ts";
import { SiteLayout } from "@/app/site-layout";

const ASSET_CLASS_OPTIONS = [...ASSET_CLASSES, UNCLASSIFIED];
const LINK =
  "rounded-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring";

/** ?kind=tvl&class=US+Treasuries; a value the page does not know counts as no filter. */
function readFilter(params: URLSearchParams): ChangeFilter {
  const kind = params.get("kind");
  const assetClass = params.get("class");
  return {
    kind: isChangeKind(kind) ? kind : null,
    assetClass: assetClass !== null && ASSET_CLASS_OPTIONS.includes(assetClass) ? assetClass : null,
  };
}

function FilterSelect(props: {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-subtle-foreground uppercase">
        {props.label}
      </label>
      <LazySelect
        id={id}
        value={props.value ?? ALL}
        onValueChange={(value) => props.onChange(value === ALL ? null : value)}
        items={[{ value: ALL, label: props.allLabel }, ...props.options]}
      />
    </div>
  );
}

/** `/changes`: the public change log, filterable by kind and asset class, with its Atom feed. */
export function ChangesPage() {
  usePageTitle(changesTitle(site.productName));
  usePageDescription(CHANGES_DESCRIPTION);
  useCanonicalPath(CHANGES_PATH);
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const protocols = useQuery(protocolsQueryOptions());
  const changes = useQuery(changesQueryOptions());

  const setFilter = (key: "kind" | "class", value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const items = protocols.data && changes.data ? changeItems(changes.data, protocols.data) : null;
  const shown = items ? filterChanges(items, filter) : [];

  return (
    <SiteLayout>
      <PageBand>
        <p className="mt-6 text-xs font-semibold tracking-wider text-accent uppercase">Change log</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl">What changed</h1>
        <p className="mt-4 max-w-3xl text-base leading-7 text-secondary-foreground">
          New listings, protocols DefiLlama stopped tracking, renames, TVL moves of 10% or more in a day or 20% over 7
          days, yield moves of a percentage point or more, risk ratings and product terms: newest first, each with the
          page that states it. Follow it in any feed reader, no account needed.
        </p>
        <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2">
          <FeedLink href={feedUrl()}>Atom feed of every change</FeedLink>
          <Link to="/api" className={`text-sm ${LINK}`}>
            Build on the data: the open API
          </Link>
        </p>
      </PageBand>

      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
        <div className="grid grid-cols-1 gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm sm:grid-cols-2">
          <FilterSelect
            label="Kind"
            allLabel="All kinds"
            options={CHANGE_KINDS.map((kind) => ({ value: kind, label: CHANGE_KIND_LABELS[kind] }))}
            value={filter.kind}
            onChange={(value) => setFilter("kind", value)}
          />
          <FilterSelect
            label="Asset class"
            allLabel="All asset classes"
            options={ASSET_CLASS_OPTIONS.map((assetClass) => ({ value: assetClass, label: assetClass }))}
            value={filter.assetClass}
            onChange={(value) => setFilter("class", value)}
          />
        </div>

        {protocols.error ? (
          <DirectoryError message={protocols.error.message} />
        ) : changes.error ? (
          <div role="alert" className="rounded-xl border border-danger-border bg-danger-soft px-6 py-8 text-center">
            <p className="text-base font-semibold text-danger-heading">Error loading changes</p>
            <p className="mt-1 text-sm [overflow-wrap:anywhere] text-danger-soft-foreground">
              {changes.error.message.trim() || "Failed to load changes"}
            </p>
          </div>
        ) : items === null ? (
          <p role="status" className="text-sm font-medium text-muted-foreground">
            Loading changes...
          </p>
        ) : (
          <>
            <p role="status" className="text-sm text-muted-foreground">
              Showing {shown.length} of {items.length} changes
            </p>
            {shown.length > 0 ? (
              <PagedChangeList key={`${filter.kind}|${filter.assetClass}`} items={shown} />
            ) : (
              <p className="rounded-xl border border-border bg-surface px-5 py-8 text-center text-sm text-muted-foreground">
                {items.length === 0 ? "No changes recorded yet." : "No changes match these filters."}
              </p>
            )}
          </>
        )}
      </div>
    </SiteLayout>
  );
}
