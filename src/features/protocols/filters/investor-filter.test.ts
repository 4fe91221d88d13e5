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
    expect(names("institution")).toEqual([
      "Apollo ACRED (Securitize)",
      "Backed Finance (bTokens)",
      "Franklin Templeton BENJI (FOBXX)",
      "Ondo Finance (OUSG + USDY)",
      "RealT",
      "Superstate USTB",
    ]);
  });
});
