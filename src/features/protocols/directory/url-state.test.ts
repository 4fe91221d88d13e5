import { describe, expect, it } from "vitest";
import { ALL } from "@/config/site";
import { DEFAULT_FILTERS } from "../filters/filter";
import { DEFAULT_VIEW, parseDirectoryView, queryString, serializeDirectoryView, type DirectoryView } from "./url-state";

const parse = (search: string) => parseDirectoryView(new URLSearchParams(search));
const write = (view: DirectoryView, base?: string) =>
  queryString(serializeDirectoryView(view, new URLSearchParams(base)));

describe("directory view in the URL", () => {
  it("reads the defaults from an empty query, and writes them as no query at all", () => {
    expect(parse("")).toEqual(DEFAULT_VIEW);
    expect(write(DEFAULT_VIEW)).toBe("");
  });

  it("round-trips every field", () => {
    const view: DirectoryView = {
      filters: {
        searchQuery: "gold & co",
        selectedAssetClass: "US Treasuries",
        selectedRisk: "Very High",
        selectedBlockchain: "Gnosis Chain",
        selectedInvestor: "non-us-retail",
      },
      sort: "yield",
      compare: ["blackrock-buidl-securitize", "lofty"],
    };
    const search = write(view);
    expect(search).toBe(
      "?q=gold+%26+co&asset=US+Treasuries&risk=Very+High&chain=Gnosis+Chain&investor=non-us-retail&sort=yield&compare=blackrock-buidl-securitize,lofty",
    );
    expect(parse(search)).toEqual(view);
  });

  it("ignores unknown and malformed values without throwing", () => {
    expect(parse("?asset=Bitcoin&risk=Extreme&chain=&sort=tvl-desc&compare=%00,,<script>,UPPER%20case")).toEqual({
      ...DEFAULT_VIEW,
      compare: [],
    });
    expect(parse("?sort=__proto__").sort).toBe("name");
    expect(parse("?compare=a,b,c,d,e").compare).toEqual(["a", "b", "c"]);
    expect(() => parse("?q=%E0%A4%A")).not.toThrow();
  });

  it("accepts values in any case and answers with the canonical spelling", () => {
    expect(parse("?asset=us%20treasuries&risk=low&chain=ETHEREUM").filters).toEqual({
      ...DEFAULT_FILTERS,
      selectedAssetClass: "US Treasuries",
      selectedRisk: "Low",
      selectedBlockchain: "Ethereum",
    });
  });

  it("keeps any well-formed chain (every chain is listed), 'Other' and 'Unclassified', dropping malformed ones", () => {
    expect(parse("?chain=zkSync%20Era&asset=unclassified").filters).toEqual({
      ...DEFAULT_FILTERS,
      selectedAssetClass: "Unclassified",
      selectedBlockchain: "zkSync Era",
    });
    expect(parse("?asset=OTHER").filters.selectedAssetClass).toBe("Other");
    expect(parse("?chain=%20Arbitrum%20").filters.selectedBlockchain).toBe("Arbitrum");
    for (const bad of ["a;b", "a|b", "%00x", "x".repeat(61), "all", "%20"]) {
      expect(parse(`?chain=${bad}`).filters.selectedBlockchain).toBe(ALL);
    }
    expect(write({ ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, selectedBlockchain: "zkSync Era" } })).toBe(
      "?chain=zkSync+Era",
    );
  });

  it("dedupes and lower-cases compared slugs, keeping selection order, max 3", () => {
    expect(parse("?compare=Lofty,lofty,centrifuge,,maple-finance-syrup,realt").compare).toEqual([
      "lofty",
      "centrifuge",
      "maple-finance-syrup",
    ]);
  });

  it("leaves out a blank search and keeps parameters it does not own", () => {
    const view = { ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, searchQuery: "   " }, sort: "risk" as const };
    expect(write(view, "utm_source=x&q=old&compare=lofty")).toBe("?utm_source=x&sort=risk");
  });

  it("reads investor= case-insensitively and ignores values it does not know", () => {
    expect(parse("?investor=US-Accredited").filters.selectedInvestor).toBe("us-accredited");
    expect(parse("?investor=institution").filters.selectedInvestor).toBe("institution");
    expect(parse("?investor=retail").filters.selectedInvestor).toBe(ALL);
    expect(parse("?investor=__proto__").filters.selectedInvestor).toBe(ALL);
    expect(parse("?investor=").filters.selectedInvestor).toBe(ALL);
  });

  it("writes investor= only when an investor type is chosen", () => {
    expect(write({ ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, selectedInvestor: "us-retail" } })).toBe(
      "?investor=us-retail",
    );
    expect(
      write({ ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, selectedInvestor: ALL } }, "investor=us-retail"),
    ).toBe("");
  });

  it("caps an absurdly long search", () => {
    expect(parse(`?q=${"a".repeat(500)}`).filters.searchQuery).toHaveLength(100);
  });
});
