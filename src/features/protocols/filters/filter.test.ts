import { describe, expect, it } from "vitest";
import { ALL } from "@/config/site";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { activeSelectCount, DEFAULT_FILTERS, filterProtocols, hasActiveFilters, type ProtocolFilters } from "./filter";
import { parseProtocolRows } from "../model/model";

const protocols = parseProtocolRows(protocolRows);
const names = (filters: Partial<ProtocolFilters>) =>
  filterProtocols(protocols, { ...DEFAULT_FILTERS, ...filters }).map((p) => p.name);

describe("filterProtocols", () => {
  it("returns everything, in order, when every filter is 'all' and the query is empty", () => {
    expect(names({})).toEqual(protocols.map((p) => p.name));
    expect(names({ searchQuery: "   " })).toHaveLength(protocols.length);
  });

  it("searches names case-insensitively by substring, trimming the query", () => {
    expect(names({ searchQuery: "  GOLD " })).toEqual(["Goldfinch (Prime)", "Paxos Gold (PAXG)", "Tether Gold (XAUt)"]);
    expect(names({ searchQuery: "securitize" })).toEqual(["Apollo ACRED (Securitize)", "BlackRock BUIDL (Securitize)"]);
  });

  it("searches the name only, not the description", () => {
    // 'Swiss vaults' appears only in Tether Gold's description.
    expect(names({ searchQuery: "vaults" })).toEqual([]);
  });

  it("matches an asset class when the protocol's list includes it", () => {
    expect(names({ selectedAssetClass: "Equities" })).toEqual(["Backed Finance (bTokens)", "xStocks (Backed)"]);
    // Centrifuge lists two classes and matches either.
    expect(names({ selectedAssetClass: "Private Credit" })).toContain("Centrifuge");
    expect(names({ selectedAssetClass: "US Treasuries" })).toContain("Centrifuge");
  });

  it("matches risk exactly", () => {
    expect(names({ selectedRisk: "High" })).toEqual(["Lofty", "xStocks (Backed)"]);
    expect(names({ selectedRisk: "Very High" })).toEqual(["Goldfinch (Prime)", "KlimaDAO", "RealT"]);
  });

  it("matches a blockchain when the protocol's list includes it", () => {
    expect(names({ selectedBlockchain: "Tron" })).toEqual(["Tether Gold (XAUt)"]);
    expect(names({ selectedBlockchain: "Polymesh" })).toEqual([]);
  });

  it("combines all four filters with AND", () => {
    expect(names({ selectedAssetClass: "US Treasuries", selectedRisk: "Low", selectedBlockchain: "Base" })).toEqual([
      "Circle USYC",
      "Franklin Templeton BENJI (FOBXX)",
    ]);
    expect(
      names({
        searchQuery: "circle",
        selectedAssetClass: "US Treasuries",
        selectedRisk: "Low",
        selectedBlockchain: "Base",
      }),
    ).toEqual(["Circle USYC"]);
    expect(names({ selectedAssetClass: "Commodities", selectedRisk: "Low" })).toEqual([]);
  });

  it("never matches a protocol without a rating when a risk level is chosen", () => {
    const unrated = { ...protocols[0]!, id: "x", riskLevel: null };
    expect(filterProtocols([unrated], { ...DEFAULT_FILTERS, selectedRisk: "Low" })).toEqual([]);
    expect(filterProtocols([unrated], DEFAULT_FILTERS)).toEqual([unrated]);
  });

  it("does not mutate its input", () => {
    const copy = [...protocols];
    filterProtocols(protocols, { ...DEFAULT_FILTERS, selectedRisk: "Low" });
    expect(protocols).toEqual(copy);
  });
});

describe("hasActiveFilters", () => {
  it("is false for the defaults and a blank query, true once anything narrows", () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, searchQuery: "  " })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, searchQuery: "o" })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, selectedRisk: "Low" })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, selectedBlockchain: "Base", selectedAssetClass: ALL })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, selectedInvestor: "us-retail" })).toBe(true);
  });
});

describe("the investor-type filter inside filterProtocols", () => {
  it("ANDs with the other filters", () => {
    expect(names({ selectedInvestor: "non-us-retail", selectedAssetClass: "Real Estate" })).toEqual(["RealT"]);
    expect(names({ selectedInvestor: "us-retail", selectedRisk: "High" })).toEqual([]);
    expect(names({ selectedInvestor: "institution", searchQuery: "backed" })).toEqual(["Backed Finance (bTokens)"]);
  });

  it("leaves the four-filter behaviour unchanged at its default", () => {
    expect(names({ selectedInvestor: ALL, selectedRisk: "Low" })).toEqual(names({ selectedRisk: "Low" }));
    expect(names({ selectedInvestor: ALL })).toHaveLength(protocols.length);
  });
});

describe("activeSelectCount (the phone's 'Filters' button)", () => {
  it("counts the four filter selects that narrow the list, not the search", () => {
    expect(activeSelectCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeSelectCount({ ...DEFAULT_FILTERS, searchQuery: "maple" })).toBe(0);
    expect(activeSelectCount({ ...DEFAULT_FILTERS, selectedRisk: "Low", selectedBlockchain: "Ethereum" })).toBe(2);
    expect(
      activeSelectCount({
        searchQuery: "",
        selectedAssetClass: "US Treasuries",
        selectedRisk: "Low",
        selectedBlockchain: "Ethereum",
        selectedInvestor: "accredited",
      }),
    ).toBe(4);
  });
});
