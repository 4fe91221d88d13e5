// parseProtocolRow on rows as the API serves them: the columns mapped to the app's model, the
// yield and TVL provenance, tracked rows and the term sheet. Bad values: model-bad-values.test.ts.
import { describe, expect, it } from "vitest";
import { bareRow as base } from "../../../../tests/fixtures/protocol-cases";
import { parseProtocolRow } from "./model";

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
      yieldDocumentDate: null,
      yieldSourceKind: null,
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
        yield_document_date: "13 Nov 2025",
        yield_source_kind: 4,
      }),
    ).toMatchObject({
      yieldDocumentDate: null,
      yieldSourceKind: null,
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

  it("reads a curated yield's page: its own date (a day, a month or 'undated') and its kind", () => {
    const curated = { ...base, yield_source: "curated", yield_source_kind: "Fact sheet" };
    for (const date of ["2025-11-13", "2025-11", "undated"])
      expect(parseProtocolRow({ ...curated, yield_document_date: date })).toMatchObject({
        yieldDocumentDate: date,
        yieldSourceKind: "Fact sheet",
      });
    expect(parseProtocolRow({ ...curated, yield_document_date: "2025-02-30" })?.yieldDocumentDate).toBeNull();
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
});
