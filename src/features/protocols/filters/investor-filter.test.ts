import { describe, expect, it } from "vitest";
import { INVESTOR_ACCESS, type InvestorAccess } from "@/config/domain";
import { ALL } from "@/config/site";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { DEFAULT_FILTERS, filterProtocols } from "./filter";
import { INVESTOR_TYPES, isInvestorType, isOpenTo } from "./investor-filter";
import { parseProtocolRows } from "../model/model";

const openTo = (selected: string) => INVESTOR_ACCESS.filter((access: InvestorAccess) => isOpenTo(access, selected));

describe("isOpenTo (the 'Investor type' filter)", () => {
  it("shows everything, 'unknown' included, at the default", () => {
    expect(openTo(ALL)).toEqual([...INVESTOR_ACCESS]);
  });

  it("'US retail' shows retail only", () => {
    expect(openTo("us-retail")).toEqual(["retail"]);
  });

  it("'Non-US retail' shows retail and retail-non-us", () => {
    expect(openTo("non-us-retail")).toEqual(["retail", "retail-non-us"]);
  });

  it("'US accredited' adds accredited", () => {
    expect(openTo("us-accredited")).toEqual(["retail", "retail-non-us", "accredited"]);
  });

  it("'Institution' shows everything except unknown", () => {
    expect(openTo("institution")).toEqual([
      "retail",
      "retail-non-us",
      "accredited",
      "qualified-purchaser",
      "institutional",
    ]);
  });

  it("never shows 'unknown' once an investor type is chosen, and shows nothing for a value it does not know", () => {
    for (const { value } of INVESTOR_TYPES) expect(isOpenTo("unknown", value)).toBe(false);
    expect(openTo("retail")).toEqual([]);
    expect(openTo("__proto__")).toEqual([]);
    expect(openTo("")).toEqual([]);
  });

  it("knows exactly the four menu values, in menu order", () => {
    expect(INVESTOR_TYPES.map((type) => type.label)).toEqual([
      "US retail",
      "Non-US retail",
      "US accredited",
      "Institution",
    ]);
    expect(INVESTOR_TYPES.every((type) => isInvestorType(type.value))).toBe(true);
    expect(isInvestorType("constructor")).toBe(false);
    expect(isInvestorType("toString")).toBe(false);
  });
});

describe("filterProtocols by investor type (fixture rows)", () => {
  const protocols = parseProtocolRows(protocolRows);
  const names = (selectedInvestor: string) =>
    filterProtocols(protocols, { ...DEFAULT_FILTERS, selectedInvestor }).map((p) => p.name);

  it("narrows step by step from US retail to Institution", () => {
    expect(names("us-retail")).toEqual(["Franklin Templeton BENJI (FOBXX)"]);
    expect(names("non-us-retail")).toEqual(["Franklin Templeton BENJI (FOBXX)", "Ondo Finance (OUSG + USDY)", "RealT"]);
    expect(names("us-accredited")).toEqual([
      "Apollo ACRED (Securitize)",
      "Franklin Templeton BENJI (FOBXX)",
      "Ondo Finance (OUSG + USDY)",
      "RealT",
    ]);
    // BUIDL's row states no access; its one product is for institutions.
    expect(names("institution")).toEqual([
      "Apollo ACRED (Securitize)",
      "Backed Finance (bTokens)",
      "BlackRock BUIDL (Securitize)",
      "Franklin Templeton BENJI (FOBXX)",
      "Ondo Finance (OUSG + USDY)",
      "RealT",
      "Superstate USTB",
    ]);
  });

  it("matches a protocol when any of its products fits, whatever its own row says", () => {
    const ondo = protocols.find((p) => p.name === "Ondo Finance (OUSG + USDY)")!;
    const onlyQualified = {
      ...ondo,
      products: { count: 1, minInvestmentUsd: 100_000, investorAccess: "qualified-purchaser" as const },
    };
    const pick = (selectedInvestor: string, protocol: typeof ondo) =>
      filterProtocols([protocol], { ...DEFAULT_FILTERS, selectedInvestor }).length;
    // Its row says non-US retail (USDY); with OUSG alone it is for qualified purchasers.
    expect(pick("non-us-retail", ondo)).toBe(1);
    expect(pick("non-us-retail", onlyQualified)).toBe(0);
    expect(pick("us-accredited", onlyQualified)).toBe(0);
    expect(pick("institution", onlyQualified)).toBe(1);
    // Products none of which states its access: never a yes, even where the row had one.
    expect(pick("institution", { ...ondo, products: { count: 2, minInvestmentUsd: null, investorAccess: null } })).toBe(
      0,
    );
  });
});
