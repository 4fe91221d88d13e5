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
    assetClassCount: distinctCount(protocols.map((protocol) => protocol.assetClasses)),
    blockchainCount: distinctCount(protocols.map((protocol) => protocol.blockchains)),
    dataAsOf: dataAsOfMonth(protocols),
  };
}
