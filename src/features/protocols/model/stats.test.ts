import { describe, expect, it } from "vitest";
import { hostileRows, trackedRow } from "../../../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { parseProtocolRows } from "./model";
import { computeStats } from "./stats";

describe("computeStats", () => {
  // Whole expected objects, spelled out per case: a changed figure shows beside its neighbours.
  it("summarises the fixture: count, formatted TVL and distinct classes and chains", () => {
    expect(computeStats(parseProtocolRows(protocolRows))).toEqual({
      totalProtocols: 16,
      totalTVL: "$15.1B",
      assetClassCount: 6,
      blockchainCount: 10,
      dataAsOf: null,
    });
  });

  it("counts every chain, the spec's and the others, but not 'Unclassified' as an asset class", () => {
    expect(computeStats(parseProtocolRows([...protocolRows, trackedRow]))).toMatchObject({
      totalProtocols: 17,
      assetClassCount: 6,
      // The fixture's 10, plus Arbitrum, Avalanche and zkSync Era.
      blockchainCount: 13,
    });
    expect(computeStats(parseProtocolRows([trackedRow])).assetClassCount).toBe(0);
  });

  it("is all zeros for no protocols", () => {
    expect(computeStats([])).toEqual({
      totalProtocols: 0,
      totalTVL: "$0M",
      assetClassCount: 0,
      blockchainCount: 0,
      dataAsOf: null,
    });
  });

  it("counts hostile rows without letting their bad TVL or empty lists skew the figures", () => {
    expect(computeStats(parseProtocolRows(hostileRows))).toEqual({
      totalProtocols: 2,
      totalTVL: "$5M",
      assetClassCount: 0,
      blockchainCount: 1,
      dataAsOf: null,
    });
  });
});
