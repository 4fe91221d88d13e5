// What the model does with bad data, row by row (parseProtocolRow) and for a whole response
// (parseProtocolRows): the page degrades a value, drops a row it cannot name, never fails.
import { describe, expect, it } from "vitest";
import { bareRow as base, hostileRows } from "../../../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { MISSING_VALUE, parseProtocolRow, parseProtocolRows, safeHttpUrl } from "./model";

describe("parseProtocolRow with bad values", () => {
  it.each([
    ["an investor type outside the vocabulary", { investor_access: "everyone" }, "investorAccess", "unknown"],
    ["a KYC value outside the vocabulary", { kyc: "maybe" }, "kyc", "unknown"],
    ["days without a number", { redemption: "days", redemption_days: null }, "redemption", "unknown"],
    ["days with a fraction", { redemption: "days", redemption_days: 1.5 }, "redemption", "unknown"],
    ["a number without days", { redemption: "instant", redemption_days: 4 }, "redemptionDays", null],
    ["blank fees", { fees: "   " }, "fees", "unknown"],
    ["a javascript: terms source", { terms_source_url: "javascript:alert(1)" }, "sourceUrl", null],
    ["an impossible terms date", { terms_as_of: "2025-02-30" }, "asOf", null],
  ])("reads %s as unknown", (_, extra, field, expected) => {
    expect(
      parseProtocolRow({ ...base, ...extra })!.terms[field as keyof ReturnType<typeof parseProtocolRow> & string],
    ).toBe(expected);
  });

  it.each([null, undefined, "row", 42, [], [base]])("rejects the non-object %j", (row) => {
    expect(parseProtocolRow(row)).toBeNull();
  });

  it.each([
    ["missing id", { ...base, id: undefined }],
    ["empty id", { ...base, id: "  " }],
    ["missing name", { ...base, name: undefined }],
    ["blank name", { ...base, name: "   " }],
    ["non-string name", { ...base, name: { en: "x" } }],
  ])("drops a row with %s", (_label, row) => {
    expect(parseProtocolRow(row)).toBeNull();
  });

  it("accepts a numeric id and trims the name", () => {
    expect(parseProtocolRow({ ...base, id: 7, name: "  Lofty  " })).toMatchObject({
      id: "7",
      name: "Lofty",
      slug: "lofty",
    });
  });

  it("turns null or absent lists into [] and drops non-string, blank and duplicate items", () => {
    const protocol = parseProtocolRow({
      ...base,
      asset_classes: null,
      blockchains: ["Ethereum", 42, null, " Base ", "", "Ethereum", { chain: "x" }],
    });
    expect(protocol?.assetClasses).toEqual([]);
    expect(protocol?.blockchains).toEqual(["Ethereum", "Base"]);
    const { asset_classes: _a, blockchains: _b, ...withoutLists } = base;
    expect(parseProtocolRow(withoutLists)).toMatchObject({ assetClasses: [], blockchains: [] });
    expect(parseProtocolRow({ ...base, blockchains: "Ethereum" })?.blockchains).toEqual([]);
  });

  it.each([
    ["Low", "Low"],
    ["Medium", "Medium"],
    ["High", "High"],
    ["Very High", "Very High"],
    [" very  high ", "Very High"],
    ["LOW", "Low"],
    ["Extreme", null],
    ["", null],
    [null, null],
    [3, null],
  ])("reads risk level %j as %j", (value, expected) => {
    expect(parseProtocolRow({ ...base, risk_level: value })?.riskLevel).toBe(expected);
  });

  it("keeps unparseable tvl as display text and shows a dash for missing figures", () => {
    const protocol = parseProtocolRow({ ...base, tvl: "Unclear (~$60M?)", yield_range: null, min_investment: "" });
    expect(protocol).toMatchObject({
      tvl: "Unclear (~$60M?)",
      yieldRange: MISSING_VALUE,
      minInvestment: MISSING_VALUE,
    });
  });

  it("coerces numeric figures to text and defaults a non-string description to empty", () => {
    const protocol = parseProtocolRow({ ...base, yield_range: 7, tvl: { amount: 1 }, description: 12 });
    expect(protocol).toMatchObject({ yieldRange: "7", tvl: MISSING_VALUE, description: "" });
  });

  it.each([
    ["https://ondo.finance", "https://ondo.finance"],
    ["  http://example.com/path?q=1  ", "http://example.com/path?q=1"],
    ["HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    ["data:text/html,<script>alert(1)</script>", null],
    ["/relative/path", null],
    ["//evil.example", null],
    ["ftp://example.com", null],
    ["https://", null],
    ["https://exa mple.com", null],
    ["not a url", null],
    ["", null],
    [null, null],
    [42, null],
  ])("accepts only http(s) urls: %j -> %j", (value, expected) => {
    expect(safeHttpUrl(value)).toBe(expected);
    expect(parseProtocolRow({ ...base, url: value })?.url).toBe(expected);
  });

  it.each([
    ["2025-10-31", "2025-10-31"],
    ["2025-02-30", null],
    ["2025-13-01", null],
    ["31/10/2025", null],
    ["2025-10-31T00:00:00Z", null],
    [20251031, null],
  ])("accepts only real YYYY-MM-DD dates for as_of: %j -> %j", (value, expected) => {
    expect(parseProtocolRow({ ...base, as_of: value })?.asOf).toBe(expected);
  });

  it("keeps a non-http source_url out", () => {
    expect(parseProtocolRow({ ...base, source_url: "javascript:alert(1)" })?.sourceUrl).toBeNull();
  });
});

describe("parseProtocolRows", () => {
  it("parses the fixture in order", () => {
    const protocols = parseProtocolRows(protocolRows);
    expect(protocols).toHaveLength(protocolRows.length);
    expect(protocols.map((p) => p.name)).toEqual(protocolRows.map((r) => r.name));
    expect(protocols.every((p) => p.riskLevel !== null && p.url !== null)).toBe(true);
  });

  it.each([null, undefined, {}, "rows", 3])("returns [] for the non-array %j", (rows) => {
    expect(parseProtocolRows(rows)).toEqual([]);
  });

  it("drops unusable rows and keeps the rest of a hostile response", () => {
    const protocols = parseProtocolRows(hostileRows);
    expect(protocols.map((p) => p.name)).toEqual(["<img src=x onerror=alert(1)>Evil Yield", "Data Link Fund"]);
    expect(protocols[0]).toMatchObject({ url: null, riskLevel: null, assetClasses: [], blockchains: ["Ethereum"] });
    expect(protocols[1]?.url).toBeNull();
  });

  it("drops rows whose id repeats and makes colliding slugs unique", () => {
    const protocols = parseProtocolRows([
      { ...base, id: "a", name: "Ondo" },
      { ...base, id: "b", name: "ONDO" },
      { ...base, id: "a", name: "Duplicate id" },
      { ...base, id: "c", name: "Ondo!" },
      { ...base, id: "d", name: "Ondo-2" },
    ]);
    expect(protocols.map((p) => [p.id, p.slug])).toEqual([
      ["a", "ondo"],
      ["b", "ondo-2"],
      ["c", "ondo-3"],
      ["d", "ondo-2-2"],
    ]);
  });

  it("gives names without ascii letters a usable slug", () => {
    const protocols = parseProtocolRows([
      { ...base, id: "a", name: "Société Générale FORGE" },
      { ...base, id: "b", name: "金" },
    ]);
    expect(protocols.map((p) => p.slug)).toEqual(["societe-generale-forge", "protocol"]);
  });
});
