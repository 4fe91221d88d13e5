import { ALL, ASSET_CLASSES, BLOCKCHAINS, MAX_COMPARED, OTHER, RISK_LEVELS, UNCLASSIFIED } from "@/config/site";
import { DEFAULT_FILTERS, type ProtocolFilters } from "../filters/filter";
import { isInvestorType } from "../filters/investor-filter";
import { DEFAULT_SORT, isSortKey, type SortKey } from "../filters/sort";

/** The directory's shareable view: `?q=&asset=&risk=&chain=&investor=&sort=&compare=slug,slug`. */
export type DirectoryView = {
  filters: ProtocolFilters;
  sort: SortKey;
  /** Slugs of the compared protocols, deduplicated, at most MAX_COMPARED, in selection order. */
  compare: string[];
};

export const DEFAULT_VIEW: DirectoryView = { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, compare: [] };

const KEYS = ["q", "asset", "risk", "chain", "investor", "sort", "compare"] as const;
const MAX_QUERY_LENGTH = 100;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,88}[a-z0-9])?$/;

// Links get retyped and lower-cased in chats: match the vocabulary case-insensitively, and
// answer with the canonical spelling. Anything else is ignored (filter off).
function vocabulary(value: string | null, options: readonly string[]): string {
  if (value === null) return ALL;
  const wanted = value.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === wanted) ?? ALL;
}

// The database's rule for a chain name (20261125001900_yields_and_tracked_rows.sql): 1-60
// characters, no ';' or '|', no control characters, trimmed.
const CHAIN_NAME = /^[^;|\p{Cc}\s](?:[^;|\p{Cc}]{0,58}[^;|\p{Cc}\s])?$/u;

/**
 * Any chain (every chain a protocol is on is listed): the spec's eleven in their
 * canonical spelling, any other well-formed name as written. The directory matches it against the
 * chains in the data (filter-options.ts) and ignores one it does not offer.
 */
function chainName(value: string | null): string {
  const spec = vocabulary(value, BLOCKCHAINS);
  if (spec !== ALL || value === null) return spec;
  const trimmed = value.trim();
  return CHAIN_NAME.test(trimmed) && trimmed.toLowerCase() !== ALL ? trimmed : ALL;
}

const ASSET_CLASS_OPTIONS = [...ASSET_CLASSES, OTHER, UNCLASSIFIED];

function investorType(value: string | null): string {
  const wanted = (value ?? "").trim().toLowerCase();
  return isInvestorType(wanted) ? wanted : ALL;
}

export function parseCompareSlugs(value: string | null): string[] {
  if (value === null) return [];
  const slugs: string[] = [];
  for (const part of value.split(",")) {
    const slug = part.trim().toLowerCase();
    if (SLUG.test(slug) && !slugs.includes(slug)) slugs.push(slug);
    if (slugs.length === MAX_COMPARED) break;
  }
  return slugs;
}

/** Never throws: unknown or malformed values fall back to the defaults. */
export function parseDirectoryView(params: URLSearchParams): DirectoryView {
  const sort = params.get("sort");
  return {
    filters: {
      searchQuery: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH),
      selectedAssetClass: vocabulary(params.get("asset"), ASSET_CLASS_OPTIONS),
      selectedRisk: vocabulary(params.get("risk"), RISK_LEVELS),
      selectedBlockchain: chainName(params.get("chain")),
      selectedInvestor: investorType(params.get("investor")),
    },
    sort: isSortKey(sort) ? sort : DEFAULT_SORT,
    compare: parseCompareSlugs(params.get("compare")),
  };
}

/**
 * Writes `view` over `base`: default values are left out (the canonical home URL has no query)
 * and parameters the directory does not own (utm_*, ...) are kept as they were.
 */
export function serializeDirectoryView(view: DirectoryView, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of KEYS) params.delete(key);
  const { filters } = view;
  if (filters.searchQuery.trim() !== "") params.set("q", filters.searchQuery.slice(0, MAX_QUERY_LENGTH));
  if (filters.selectedAssetClass !== ALL) params.set("asset", filters.selectedAssetClass);
  if (filters.selectedRisk !== ALL) params.set("risk", filters.selectedRisk);
  if (filters.selectedBlockchain !== ALL) params.set("chain", filters.selectedBlockchain);
  if (filters.selectedInvestor !== ALL) params.set("investor", filters.selectedInvestor);
  if (view.sort !== DEFAULT_SORT) params.set("sort", view.sort);
  const compare = parseCompareSlugs(view.compare.join(","));
  if (compare.length > 0) params.set("compare", compare.join(","));
  return params;
}

/** `?a=1` or "" (no lone '?'), with commas left readable in the compare list. */
export function queryString(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ",");
  return text === "" ? "" : `?${text}`;
}
