// Which days and source each key figure's line gives (issue 33): a curated figure its document's
// date and the day read, a minimum its products', the risk level its evidence's review, a figure no
// page states the day it was checked; DefiLlama's figures keep the day of their data.
import { describe, expect, it } from "vitest";
import { bareRow } from "../../../../tests/fixtures/protocol-cases";
import { figureProvenance } from "./figure-provenance";
import { parseProtocolRow } from "./model";
import type { Protocol } from "./types";

const FACT_SHEET = "https://www.franklintempleton.com/fund/FOCGX";
const GIP_76 = "https://gov.goldfinch.finance/t/gip-76/2068";

function protocol(overrides: Record<string, unknown>): Protocol {
  return parseProtocolRow({
    ...bareRow,
    source_url: "https://defillama.com/protocol/example",
    as_of: "2026-11-25",
    notes: "TVL: DefiLlama's figure",
    ...overrides,
  })!;
}

describe("figureProvenance", () => {
  it("dates a curated yield by its page (kind, own date) and the day it was read, stale from the page's date", () => {
    const benji = protocol({
      yield_range: "3.9%",
      yield_source: "curated",
      yield_source_url: FACT_SHEET,
      yield_as_of: "2026-11-27",
      yield_document_date: "2025-11-13",
      yield_source_kind: "Fact sheet",
    });
    expect(figureProvenance(benji, "yield")).toEqual({
      dates: { kind: "document", sourceKind: "Fact sheet", documentDate: "2025-11-13", readOn: "2026-11-27" },
      staleFrom: "2025-11-13",
      sourceUrl: FACT_SHEET,
      sourceLabel: "franklintempleton.com",
    });
  });

  it("dates an undated page by the day it was read, for the Stale mark too", () => {
    const goldfinch = protocol({
      yield_range: "9-12% target",
      yield_source: "curated",
      yield_source_url: GIP_76,
      yield_as_of: "2026-11-25",
      yield_document_date: "undated",
      yield_source_kind: "Governance proposal",
    });
    expect(figureProvenance(goldfinch, "yield")).toMatchObject({
      dates: { kind: "document", sourceKind: "Governance proposal", documentDate: "undated", readOn: "2026-11-25" },
      staleFrom: "2026-11-25",
      sourceUrl: GIP_76,
    });
  });

  it("dates a curated TVL by the date its page gives the figure and the day the row was read", () => {
    const tvl = protocol({
      tvl: "$766M",
      tvl_source: "curated",
      tvl_source_url: "https://www.franklintempleton.com/fund/FOBXX",
      tvl_as_of: "2025-12-31",
    });
    expect(figureProvenance(tvl, "tvl")).toMatchObject({
      dates: { kind: "document", sourceKind: null, documentDate: "2025-12-31", readOn: "2026-11-25" },
      staleFrom: "2025-12-31",
    });
  });

  it("keeps the day of DefiLlama's data for its TVL and yield", () => {
    const covered = protocol({
      tvl_source: "defillama",
      tvl_source_url: "https://defillama.com/protocol/example",
      tvl_as_of: "2026-09-05",
      yield_source: "defillama",
      yield_source_url: "https://defillama.com/yields?project=example",
      yield_as_of: "2026-09-05",
    });
    expect(figureProvenance(covered, "tvl").dates).toEqual({ kind: "asOf", day: "2026-09-05" });
    expect(figureProvenance(covered, "yield").dates).toEqual({ kind: "asOf", day: "2026-09-05" });
  });

  it("sends a minimum of a protocol with products to the products, each with its own dates, even one in no dollars", () => {
    const withProducts = protocol({
      min_investment: "50 XAUt from issuer",
      min_investment_source_url: "https://governance.aave.com/t/xaut/22385/9",
      product_count: 1,
      product_min_investment_usd: null,
    });
    expect(figureProvenance(withProducts, "minInvestment")).toEqual({
      dates: null,
      staleFrom: null,
      sourceUrl: null,
      sourceLabel: "Per product, below",
      inPage: "#products",
      perProduct: true,
    });
  });

  it("gives a row-level minimum the day it was read on its page, when the protocol has no product", () => {
    const own = protocol({ min_investment_source_url: "https://docs.example.com/minimum" });
    expect(figureProvenance(own, "minInvestment")).toMatchObject({
      dates: { kind: "read", day: "2026-11-25" },
      sourceUrl: "https://docs.example.com/minimum",
      sourceLabel: "Source",
    });
  });

  it("rests the risk level on the evidence below, with the day it was reviewed", () => {
    expect(figureProvenance(protocol({}), "risk")).toEqual({
      dates: { kind: "reviewed", day: "2026-11-25" },
      staleFrom: "2026-11-25",
      sourceUrl: null,
      sourceLabel: "Evidence below",
      inPage: "#risk",
    });
  });

  it("gives a figure no page states the day it was checked, and the notes that say what was found", () => {
    expect(figureProvenance(protocol({ yield_range: "Unknown" }), "yield")).toMatchObject({
      dates: { kind: "checked", day: "2026-11-25" },
      sourceLabel: "Source in the notes",
      inPage: "#figure-notes",
    });
  });
});
