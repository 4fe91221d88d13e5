import { OTHER, UNCLASSIFIED } from "@/config/domain";
import { dataAsOfMonth } from "@/lib/tvl-provenance";
import { totalTvl } from "./tvl";
import type { Protocol } from "./types";

export type ProtocolStats = {
  totalProtocols: number;
  /** Formatted: '$17.5B' or '$350M'. */
  totalTVL: string;
  assetClassCount: number;
  blockchainCount: number;
  /** Month of the newest TVL date ('December 2025'); null when no row carries one. */
  dataAsOf: string | null;
};

function distinctCount(lists: readonly (readonly string[])[]): number {
  return new Set(lists.flat()).size;
}

export function computeStats(protocols: readonly Protocol[]): ProtocolStats {
  return {
    totalProtocols: protocols.length,
    totalTVL: totalTvl(protocols),
    // The spec's six only: 'Unclassified' (a tracked row not reviewed yet) is the absence of a
    // class, and 'Other' (reviewed assets outside the six) is not one of the spec's classes.
    assetClassCount: distinctCount(
      protocols.map((protocol) =>
        protocol.assetClasses.filter((assetClass) => assetClass !== UNCLASSIFIED && assetClass !== OTHER),
      ),
    ),
    // Every chain counts, the spec's eleven and the others DefiLlama lists.
    blockchainCount: distinctCount(protocols.map((protocol) => protocol.blockchains)),
    dataAsOf: dataAsOfMonth(protocols),
  };
}
