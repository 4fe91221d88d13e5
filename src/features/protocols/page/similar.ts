import { OTHER, UNCLASSIFIED } from "@/config/domain";
import type { Protocol } from "../model/types";

/**
 * Up to `limit` other protocols sharing `protocol`'s primary (first) asset class, in the
 * directory's order (by name). None when the protocol has no asset class, or its first is
 * 'Unclassified' (a tracked row whose class is not reviewed yet) or 'Other' (assets outside the six,
 * as unlike each other as reinsurance and a venture fund): neither is a class protocols share.
 */
export function similarProtocols(protocol: Protocol, all: readonly Protocol[], limit = 3): Protocol[] {
  const primary = protocol.assetClasses[0];
  if (primary === undefined || primary === UNCLASSIFIED || primary === OTHER) return [];
  return all.filter((other) => other.id !== protocol.id && other.assetClasses[0] === primary).slice(0, limit);
}
