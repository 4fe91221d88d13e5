// A protocol page's own reads, asked for by its route's loader once the list is in: the page then
// opens with its products, histories, risk factors and changes in its first commit, instead of
// committing once per answer (each a render and a layout of the page on a slow phone: the long
// tasks Lighthouse counted in the protocol page's Total Blocking Time, docs/performance.md).
import type { QueryClient } from "@tanstack/react-query";
import { protocolChangesQueryOptions } from "@/features/protocols/changes/changes";
import { protocolHistoryQueryOptions } from "@/features/protocols/history/history";
import { protocolYieldHistoryQueryOptions } from "@/features/protocols/history/yield-history";
import { protocolsQueryOptions } from "@/features/protocols/model/queries";
import { protocolProductsQueryOptions } from "@/features/protocols/products/products-query";
import { protocolRatingChangesQueryOptions } from "@/features/protocols/risk/rating-changes";
import { protocolRiskFactorsQueryOptions } from "@/features/protocols/risk/risk-factors";
import type { Protocol } from "@/features/protocols/model/types";

/** The protocol whose page `slug` opens (case-insensitive), as the page and its loader both find it. */
export function protocolForSlug(protocols: readonly Protocol[], slug: string): Protocol | undefined {
  return protocols.find((candidate) => candidate.slug === slug.toLowerCase());
}

/**
 * Puts the page's reads for `slug` in the cache: the same queries its sections make (products only
 * when it has some). Never rejects: a failed read is its section's own error state, as before. A
 * slug the list does not hold reads nothing (the page shows 'Page not found' or moves a renamed
 * protocol's address).
 */
export async function loadProtocolData(queryClient: QueryClient, slug: string): Promise<void> {
  const protocols = queryClient.getQueryData(protocolsQueryOptions().queryKey);
  const protocol = protocols && protocolForSlug(protocols, slug);
  if (!protocol) return;
  const { id } = protocol;
  await Promise.allSettled([
    queryClient.ensureQueryData(protocolHistoryQueryOptions(id)),
    queryClient.ensureQueryData(protocolYieldHistoryQueryOptions(id)),
    queryClient.ensureQueryData(protocolRiskFactorsQueryOptions(id)),
    queryClient.ensureQueryData(protocolRatingChangesQueryOptions(id)),
    queryClient.ensureQueryData(protocolChangesQueryOptions(id)),
    ...(protocol.products.count > 0 ? [queryClient.ensureQueryData(protocolProductsQueryOptions(id))] : []),
  ]);
}
