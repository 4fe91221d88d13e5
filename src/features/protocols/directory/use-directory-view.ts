import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { isPlainClick } from "@/lib/plain-click";
import { DEFAULT_FILTERS, type ProtocolFilters } from "../filters/filter";
import type { SortKey } from "../filters/sort";
import { parseCompareSlugs, parseDirectoryView, queryString, serializeDirectoryView } from "./url-state";

/** Typing settles into the URL after this pause (browsers throttle history writes per keystroke). */
export const SEARCH_URL_DELAY_MS = 300;

type Patch = { filters?: Partial<ProtocolFilters>; sort?: SortKey; compare?: string[] };

/**
 * The directory's view lives in the URL so a copied link reproduces it. Discrete changes
 * (a select, the sort, the compared set) push a history entry, so back and forward step
 * through them; a search pushes once when it starts and then replaces while typing.
 * The search box answers from local state at once, never waiting for the URL.
 */
export function useDirectoryView() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Writes start from the URL as it is when they run (a debounced search may land after a
  // back/forward), not from the render that scheduled them.
  const latestParams = useRef(searchParams);
  useLayoutEffect(() => {
    latestParams.current = searchParams;
  }, [searchParams]);
  const urlView = useMemo(() => parseDirectoryView(searchParams), [searchParams]);
  // The URL's filters keep their identity while their values stay the same: a compare pick or a
  // sort rewrites the URL too, and the filter panel and the directory's results are memoised on them.
  const {
    searchQuery: urlQuery,
    selectedAssetClass,
    selectedRisk,
    selectedBlockchain,
    selectedInvestor,
  } = urlView.filters;
  const urlFilters = useMemo(
    () => ({ searchQuery: urlQuery, selectedAssetClass, selectedRisk, selectedBlockchain, selectedInvestor }),
    [urlQuery, selectedAssetClass, selectedRisk, selectedBlockchain, selectedInvestor],
  );

  // Local echo of the search box, resynced when the URL's q changes for another reason than
  // our own write (back/forward, a pasted link), so a late write never clobbers fresh typing.
  const [query, setQuery] = useState(urlQuery);
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  const [ownWrite, setOwnWrite] = useState<string | null>(null);
  if (syncedQuery !== urlQuery) {
    setSyncedQuery(urlQuery);
    if (urlQuery === ownWrite) setOwnWrite(null);
    else setQuery(urlQuery);
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The q the URL holds or is about to hold: decides, when a pause ends, whether a search
  // session starts (push) or goes on (replace), even if the last write has not rendered yet.
  const pendingUrlQuery = useRef(urlQuery);
  useEffect(() => {
    pendingUrlQuery.current = urlQuery;
  }, [urlQuery]);

  // Back/forward: the browser's entry is the truth, read straight from it. The router renders
  // location changes in a transition, so a search's URL write and the Back that undoes it can
  // reach React in one render showing the same q as before: comparing renders then sees no
  // change and the box would keep the undone search (the flaky 'back and forward' e2e test).
  // A search still waiting for its pause belongs to the entry that was left: drop it.
  useEffect(() => {
    const onPopState = () => {
      dropPendingSearch(timer);
      const params = new URLSearchParams(window.location.search);
      latestParams.current = params;
      const q = parseDirectoryView(params).filters.searchQuery;
      pendingUrlQuery.current = q;
      setOwnWrite(null);
      setQuery(q);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  // A link to another page drops a search still waiting for its pause. Written after the click, it
  // would navigate back to the directory while the page's code loads, and the visit would be
  // cancelled: a visitor who types a name and clicks the card at once must reach it. (Checked on
  // the click itself, in the capture phase, before the router starts that navigation.)
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (timer.current === undefined || !leavesPage(event)) return;
      dropPendingSearch(timer);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const write = useCallback(
    (patch: Patch, replace: boolean) => {
      dropPendingSearch(timer);
      const current = latestParams.current;
      const view = parseDirectoryView(current);
      const written = patch.filters?.searchQuery;
      if (written !== undefined) {
        // The q the URL will hold (a blank search is left out), remembered only when it changes.
        const q = written.trim() === "" ? "" : written;
        if (q !== view.filters.searchQuery) setOwnWrite(q);
      }
      const next = serializeDirectoryView(
        { ...view, ...patch, filters: { ...view.filters, ...patch.filters } },
        current,
      );
      latestParams.current = next;
      // navigate() rather than setSearchParams(): it keeps the compare list's commas readable.
      void navigate({ pathname, search: queryString(next) }, { replace, preventScrollReset: true });
    },
    [navigate, pathname],
  );

  const setFilters = useCallback(
    (next: ProtocolFilters) => {
      setQuery(next.searchQuery);
      const selectsChanged =
        next.selectedAssetClass !== urlFilters.selectedAssetClass ||
        next.selectedRisk !== urlFilters.selectedRisk ||
        next.selectedBlockchain !== urlFilters.selectedBlockchain ||
        next.selectedInvestor !== urlFilters.selectedInvestor;
      if (selectsChanged) return write({ filters: next }, false);
      // Search only: one history entry per search session (typing into an empty box starts one).
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const startsSession = pendingUrlQuery.current.trim() === "" && next.searchQuery.trim() !== "";
        pendingUrlQuery.current = next.searchQuery;
        write({ filters: { searchQuery: next.searchQuery } }, !startsSession);
      }, SEARCH_URL_DELAY_MS);
    },
    [urlFilters, write],
  );

  // Discrete changes carry any search still waiting for its pause, so nothing typed is lost.
  // Read through a ref so these callbacks stay stable while typing (memoised cards keep them).
  const latestQuery = useRef(query);
  useLayoutEffect(() => {
    latestQuery.current = query;
  }, [query]);
  const setSort = useCallback(
    (sort: SortKey) => write({ sort, filters: { searchQuery: latestQuery.current } }, false),
    [write],
  );
  const setCompare = useCallback(
    (compare: string[]) => write({ compare, filters: { searchQuery: latestQuery.current } }, false),
    [write],
  );
  const clearFilters = useCallback(() => {
    setQuery("");
    write({ filters: DEFAULT_FILTERS }, false);
  }, [write]);

  const filters = useMemo(() => ({ ...urlFilters, searchQuery: query }), [urlFilters, query]);
  // Every URL change parses a new view, a search's own write after its pause included. The compared
  // list keeps its identity until `compare=` changes, so the selection and the `toggle` every
  // memoised card holds stay the same, and no card re-renders for a write that only echoes the box.
  const compareParam = searchParams.get("compare");
  const compare = useMemo(() => parseCompareSlugs(compareParam), [compareParam]);

  return {
    filters,
    sort: urlView.sort,
    compare,
    /** The current query string ('' or '?...'), for share links. */
    search: queryString(searchParams),
    setFilters,
    setSort,
    setCompare,
    clearFilters,
  };
}

/** Forgets a search still waiting for its pause: it will not be written. */
function dropPendingSearch(timer: { current: ReturnType<typeof setTimeout> | undefined }): void {
  clearTimeout(timer.current);
  timer.current = undefined;
}

/** A plain click on a link to another of the site's pages (not a new tab, not this page). */
function leavesPage(event: MouseEvent): boolean {
  if (!isPlainClick(event)) return false;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== "" && link.target !== "_self")) return false;
  return link.origin === window.location.origin && link.pathname !== window.location.pathname;
}
