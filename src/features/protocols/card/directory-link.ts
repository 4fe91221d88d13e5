// A protocol page remembers the directory view it was opened from (search, filters, sort and the
// compared set: the home page's query string) in the history entry's state, not in its URL, so the
// page's address stays the canonical one and 'Back to directory' restores the view.

export type DirectoryLinkState = { directory: string };

/** The home query string ('' or '?...') a location's state carries, or '' when it has none. */
export function directoryQuery(state: unknown): string {
  if (typeof state !== "object" || state === null) return "";
  const directory = (state as Partial<DirectoryLinkState>).directory;
  return typeof directory === "string" && (directory === "" || directory.startsWith("?"))
    ? directory.slice(0, 2000)
    : "";
}

/**
 * The state a link to a protocol page gives its entry: from the home page, its query string; from
 * a protocol page (similar protocols), the view that page was opened from.
 */
export function directoryLinkState(location: { pathname: string; search: string; state: unknown }): DirectoryLinkState {
  return { directory: location.pathname === "/" ? location.search : directoryQuery(location.state) };
}

/** A protocol page's path. */
export function protocolPath(slug: string): string {
  return `/protocols/${slug}`;
}

/** The id of a protocol page's Risk section: the card's risk badge links to `/protocols/<slug>#risk`. */
export const RISK_SECTION_ID = "risk";
