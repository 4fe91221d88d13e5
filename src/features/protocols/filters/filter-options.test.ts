import { describe, expect, it } from "vitest";
import { ALL, ASSET_CLASSES, BLOCKCHAINS } from "@/config/site";
import { droppedRow, syntheticRow, trackedRow } from "../../../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { DEFAULT_FILTERS } from "./filter";
import { canonicalFilters, filterOptions } from "./filter-options";
import { parseProtocolRows } from "../model/model";

describe("filterOptions", () => {
  it("offers the spec's lists alone when the data holds nothing beyond them", () => {
    expect(filterOptions(parseProtocolRows(protocolRows))).toEqual({
      assetClasses: ASSET_CLASSES,
      blockchains: BLOCKCHAINS,
    });
  });

  it("adds the data's other chains after the eleven, sorted by name whatever their case, each once", () => {
    const protocols = parseProtocolRows([
      trackedRow,
      droppedRow,
      syntheticRow(1, { blockchains: ["Sei", "arbitrum", "BNB Chain", "Ethereum"] }),
      syntheticRow(2, { blockchains: ["Arbitrum", "Aptos", "zkSync Era", "Chain 10", "Chain 9"] }),
    ]);
    expect(filterOptions(protocols).blockchains).toEqual([
      ...BLOCKCHAINS,
      "Aptos",
      "Arbitrum",
      "Avalanche",
      "BNB Chain",
      "Chain 9",
      "Chain 10",
      "Sei",
      "zkSync Era",
    ]);
  });

  it("adds 'Unclassified' after the six only when a row has it", () => {
    expect(filterOptions(parseProtocolRows([trackedRow])).assetClasses).toEqual([...ASSET_CLASSES, "Unclassified"]);
    expect(filterOptions(parseProtocolRows([droppedRow])).assetClasses).toEqual(ASSET_CLASSES);
  });
});

describe("canonicalFilters", () => {
  const options = filterOptions(parseProtocolRows([...protocolRows, trackedRow]));

  it("spells a chain or class as the data does, and keeps the same object when nothing changes", () => {
    expect(canonicalFilters({ ...DEFAULT_FILTERS, selectedBlockchain: "ZKSYNC ERA" }, options)).toEqual({
      ...DEFAULT_FILTERS,
      selectedBlockchain: "zkSync Era",
    });
    expect(canonicalFilters({ ...DEFAULT_FILTERS, selectedAssetClass: "unclassified" }, options)).toEqual({
      ...DEFAULT_FILTERS,
      selectedAssetClass: "Unclassified",
    });
    const same = { ...DEFAULT_FILTERS, selectedBlockchain: "Arbitrum" };
    expect(canonicalFilters(same, options)).toBe(same);
  });

  it("turns off a chain or class the data does not offer", () => {
    expect(
      canonicalFilters(
        { ...DEFAULT_FILTERS, selectedBlockchain: "Moonbeam", selectedAssetClass: "Unclassified" },
        {
          ...options,
          assetClasses: ASSET_CLASSES,
        },
      ),
    ).toEqual({ ...DEFAULT_FILTERS, selectedBlockchain: ALL, selectedAssetClass: ALL });
  });
});
