import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL } from "@/config/site";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import {
  activeSelectCount,
  DEFAULT_FILTERS,
  filterProtocols,
  hasActiveFilters,
  narrowingFilter,
  type ProtocolFilters,
} from "./filter";
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

describe("narrowingFilter", () => {
  // Edits as a visitor makes them: letters typed on, deleted, a select changed, the list replaced.
  const letters = fc.constantFrom("a", "e", "o", "n", "r", "t", "u", " ", "A", "x", "é");
  const edit = fc.oneof(
    letters.map((letter) => ({ type: "type" as const, letter })),
    fc.constant({ type: "delete" as const }),
    fc.constantFrom(ALL, "Treasuries", "Private Credit").map((assetClass) => ({ type: "select" as const, assetClass })),
    fc.constant({ type: "reload" as const }),
  );

  it("answers exactly as filterProtocols, order included, over any run of edits", () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), (edits) => {
        const filter = narrowingFilter();
        let list = protocols;
        let filters = DEFAULT_FILTERS;
        for (const step of edits) {
          if (step.type === "type") filters = { ...filters, searchQuery: filters.searchQuery + step.letter };
          else if (step.type === "delete") filters = { ...filters, searchQuery: filters.searchQuery.slice(0, -1) };
          else if (step.type === "select") filters = { ...filters, selectedAssetClass: step.assetClass };
          else list = parseProtocolRows(protocolRows);
          const expected = filterProtocols(list, filters);
          const got = filter(list, filters);
          // The same objects (a reloaded list's, not the last one's), in the same order.
          expect(got.length).toBe(expected.length);
          got.forEach((protocol, index) => expect(protocol).toBe(expected[index]));
        }
      }),
    );
  });

  it("reads the whole list only when the query did not just grow", () => {
    let reads = 0;
    const list = new Proxy([...protocols], {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const filter = narrowingFilter();
    const search = (searchQuery: string, selectedRisk = ALL) => {
      reads = 0;
      filter(list, { ...DEFAULT_FILTERS, searchQuery, selectedRisk });
      return reads;
    };
    expect(search("o")).toBe(protocols.length);
    expect(search("on")).toBe(0);
    expect(search("ond")).toBe(0);
    expect(search("on")).toBe(protocols.length);
    expect(search("on", "Low")).toBe(protocols.length);
    expect(search("")).toBe(protocols.length);
    expect(search("o")).toBe(protocols.length);
  });
});
