import { describe, expect, it } from "vitest";
import { hostileRows, protocolRows } from "../../../../tests/fixtures/protocols";
import { MISSING_VALUE, parseProtocolRow, parseProtocolRows, safeHttpUrl } from "./model";

const base = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "BlackRock BUIDL (Securitize)",
  description: "Tokenized USD institutional liquidity fund",
  asset_classes: ["US Treasuries"],
  blockchains: ["Ethereum", "Solana"],
  tvl: "$2.8B",
  yield_range: "3.8-4.2%",
  risk_level: "Low",
  min_investment: "$5M",
  url: "https://securitize.io",
};

describe("parseProtocolRow", () => {
  it("maps a well-formed row to camelCase", () => {
    expect(
      parseProtocolRow({
        ...base,
        source_url: "https://example.com/src",
        as_of: "2025-10-31",
        notes: " Estimate ",
        min_investment_source_url: "https://example.com/minimum",
      }),
    ).toEqual({
      id: base.id,
      slug: "blackrock-buidl-securitize",
      name: "BlackRock BUIDL (Securitize)",
      description: "Tokenized USD institutional liquidity fund",
      assetClasses: ["US Treasuries"],
      blockchains: ["Ethereum", "Solana"],
      tvl: "$2.8B",
      yieldRange: "3.8-4.2%",
      riskLevel: "Low",
      minInvestment: "$5M",
      minInvestmentSourceUrl: "https://example.com/minimum",
      url: "https://securitize.io",
      sourceUrl: "https://example.com/src",
      asOf: "2025-10-31",
      notes: "Estimate",
      tvlUsd: null,
      tvlAsOf: null,
      tvlSourceUrl: null,
      tvlSource: null,
      terms: {
        investorAccess: "unknown",
        kyc: "unknown",
        redemption: "unknown",
        redemptionDays: null,
        fees: "unknown",
        sourceUrl: null,
        asOf: null,
      },
      yieldApyMin: null,
      yieldApyMax: null,
      yieldAsOf: null,
      yieldSource: null,
      yieldSourceUrl: null,
      reviewStatus: "reviewed",
      defillamaDroppedOn: null,
      defillamaListedAt: null,
      defillamaAudits: null,
      products: { count: 0, minInvestmentUsd: null, investorAccess: null },
      yieldNote: null,
    });
  });

  it("reads the product summary and the yield note, degrading bad values to no product", () => {
    expect(
      parseProtocolRow({
        ...base,
        product_count: 2,
        product_min_investment_usd: 500,
        product_investor_access: "retail-non-us",
        yield_note: "Left out of the range as data gaps: pool a at 0%.",
      }),
    ).toMatchObject({
      products: { count: 2, minInvestmentUsd: 500, investorAccess: "retail-non-us" },
      yieldNote: "Left out of the range as data gaps: pool a at 0%.",
    });
    expect(
      parseProtocolRow({
        ...base,
        product_count: 1.5,
        product_min_investment_usd: -1,
        product_investor_access: "unknown",
      }),
    ).toMatchObject({ products: { count: 0, minInvestmentUsd: null, investorAccess: null }, yieldNote: null });
  });

  it("says 'Unknown' for a tracked row's missing figures, and keeps '—' for a reviewed row's", () => {
    const missing = { ...base, tvl: null, yield_range: "", min_investment: 7 };
    expect(parseProtocolRow({ ...missing, review_status: "tracked" })).toMatchObject({
      tvl: "Unknown",
      yieldRange: "Unknown",
      minInvestment: "7",
    });
    expect(parseProtocolRow({ ...missing, review_status: "tracked", min_investment: null })).toMatchObject({
      minInvestment: "Unknown",
    });
    expect(parseProtocolRow(missing)).toMatchObject({ tvl: "—", yieldRange: "—", minInvestment: "7" });
  });

  it("reads the yield's figures and provenance, tracked rows and DefiLlama's dates, degrading bad values", () => {
    const tracked = {
      ...base,
      risk_level: null,
      asset_classes: ["Unclassified"],
      yield_apy_min: 3.25,
      yield_apy_max: 3.59,
      yield_as_of: "2026-09-05",
      yield_source: "defillama",
      yield_source_url: "https://defillama.com/yields?project=blackrock-buidl",
      review_status: "tracked",
      defillama_dropped_on: "2026-09-05",
      defillama_listed_at: "2024-07-06",
      defillama_audits: 2,
    };
    expect(parseProtocolRow(tracked)).toMatchObject({
      riskLevel: null,
      assetClasses: ["Unclassified"],
      yieldApyMin: 3.25,
      yieldApyMax: 3.59,
      yieldAsOf: "2026-09-05",
      yieldSource: "defillama",
      yieldSourceUrl: "https://defillama.com/yields?project=blackrock-buidl",
      reviewStatus: "tracked",
      defillamaDroppedOn: "2026-09-05",
      defillamaListedAt: "2024-07-06",
      defillamaAudits: 2,
    });
    expect(
      parseProtocolRow({
        ...tracked,
        yield_apy_min: "3.25",
        yield_apy_max: 5e21,
        yield_as_of: "05/09/2026",
        yield_source: "issuer",
        yield_source_url: "javascript:alert(1)",
        review_status: "draft",
        defillama_dropped_on: 7,
        defillama_audits: 9,
      }),
    ).toMatchObject({
      yieldApyMin: null,
      yieldApyMax: null,
      yieldAsOf: null,
      yieldSource: null,
      yieldSourceUrl: null,
      reviewStatus: "reviewed",
      defillamaDroppedOn: null,
      defillamaAudits: null,
    });
  });

  it("reads the live TVL columns, and degrades bad values to null instead of failing", () => {
    const live = {
      ...base,
      tvl_usd: 1528522378,
      tvl_as_of: "2025-12-19",
      tvl_source_url: "https://defillama.com/protocol/paxos-gold",
      tvl_source: "defillama",
    };
    expect(parseProtocolRow(live)).toMatchObject({
      tvlUsd: 1528522378,
      tvlAsOf: "2025-12-19",
      tvlSourceUrl: "https://defillama.com/protocol/paxos-gold",
      tvlSource: "defillama",
    });
    expect(parseProtocolRow({ ...live, tvl_usd: 2800000000.5 })?.tvlUsd).toBe(2800000000.5);
    const bad = parseProtocolRow({
      ...live,
      tvl_usd: -1,
      tvl_as_of: "2025-02-30",
      tvl_source_url: "javascript:alert(1)",
      tvl_source: "rwa.xyz",
    });
    expect(bad).toMatchObject({ tvlUsd: null, tvlAsOf: null, tvlSourceUrl: null, tvlSource: null });
    for (const tvl_usd of ["1000000000", "NaN", "", true, {}, Infinity, NaN])
      expect(parseProtocolRow({ ...live, tvl_usd })?.tvlUsd).toBeNull();
  });

  it("defaults the provenance fields to null when the columns do not exist", () => {
    const protocol = parseProtocolRow(base);
    expect(protocol).toMatchObject({ sourceUrl: null, asOf: null, notes: null });
  });

  it("maps the term sheet, keeping 'no' and 'unknown' apart", () => {
    const terms = (extra: Record<string, unknown>) => parseProtocolRow({ ...base, ...extra })!.terms;
    expect(
      terms({
        investor_access: "accredited",
        kyc: "no",
        redemption: "days",
        redemption_days: 2,
        fees: " 0.30% management ",
        terms_source_url: "https://docs.example.com/faq",
        terms_as_of: "2025-11-01",
      }),
    ).toEqual({
      investorAccess: "accredited",
      kyc: "no",
      redemption: "days",
      redemptionDays: 2,
      fees: "0.30% management",
      sourceUrl: "https://docs.example.com/faq",
      asOf: "2025-11-01",
    });
    expect(terms({ kyc: "unknown" }).kyc).toBe("unknown");
  });

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
