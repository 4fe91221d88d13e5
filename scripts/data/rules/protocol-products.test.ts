// A protocol row against its products (issue 33): its minimum never says otherwise than theirs, and
// a curated yield a product states carries that product's page, date, day read and kind. And the
// row rules of the notes (labelled lines, no raw URL) and of a curated yield's page.
import { describe, expect, it } from "vitest";
import type { ProductRecord } from "./product-record.ts";
import { dollarFigures, rowsAgreeWithProducts, samePage } from "./protocol-products.ts";
import type { ProtocolRow } from "./protocol-row.ts";
import { problemsFor } from "./protocols-test-rows.ts";

const PAXOS = "https://paxos.com/PAXGold";
const FACT_SHEET = "https://www.franklintempleton.com/fund/FOCGX";

const row = (overrides: Partial<ProtocolRow>) =>
  ({
    name: "Paxos Gold (PAXG)",
    review_status: "reviewed",
    min_investment: "Not disclosed",
    min_investment_source_url: PAXOS,
    yield_source: null,
    yield_source_url: null,
    yield_as_of: null,
    yield_document_date: null,
    yield_source_kind: null,
    ...overrides,
  }) as ProtocolRow;

const product = (overrides: Partial<ProductRecord>) =>
  ({
    protocol: "Paxos Gold (PAXG)",
    symbol: "PAXG",
    min_investment_usd: null,
    stated_yield: null,
    sources: {
      min_investment: {
        url: "http://paxos.com/PAXGold",
        document_date: "undated",
        read_on: "2026-11-27",
        tier: "primary",
        kind: "Documentation",
      },
    },
    ...overrides,
  }) as ProductRecord;

describe("rowsAgreeWithProducts", () => {
  it("accepts a row whose minimum is the page its product cites, http or https, www or not", () => {
    expect(rowsAgreeWithProducts([row({})], [product({})])).toEqual([]);
    expect(samePage("https://www.paxos.com/PAXGold/", "http://paxos.com/PAXGold")).toBe(true);
  });

  it("refuses a row minimum cited from a page its products do not cite (the PAXG exchange blog)", () => {
    const blog = "https://levex.com/en/blog/pax-gold-paxg-guide";
    expect(
      rowsAgreeWithProducts(
        [row({ min_investment: "From 0.01 PAXG", min_investment_source_url: blog })],
        [product({})],
      ),
    ).toEqual([
      `protocols.csv, Paxos Gold (PAXG), min_investment_source_url: '${blog}' is not a page its products cite for their minimum (http://paxos.com/PAXGold)`,
    ]);
  });

  it("refuses a dollar minimum its products do not state (xStocks' $1 on Kraken), and one that differs from theirs", () => {
    const xstocks = { name: "xStocks (Backed)", min_investment_source_url: null };
    expect(
      rowsAgreeWithProducts(
        [row({ ...xstocks, min_investment: "$1 (on Kraken)" })],
        [product({ protocol: "xStocks (Backed)", sources: {} })],
      ),
    ).toEqual([
      "protocols.csv, xStocks (Backed), min_investment: '$1 (on Kraken)' states $1, which none of its products states: write Unknown or Not disclosed, or give a product the minimum with the page that states it",
    ]);
    expect(
      rowsAgreeWithProducts(
        [row({ ...xstocks, min_investment: "$1 ($1,000 first subscription)" })],
        [product({ protocol: "xStocks (Backed)", min_investment_usd: 1000, sources: {} })],
      ),
    ).toEqual([
      "protocols.csv, xStocks (Backed), min_investment: '$1 ($1,000 first subscription)' states $1, which none of its products states (they state $1,000)",
    ]);
    expect(dollarFigures("$10K (OUSG instant); $500 (USDY); $5M; $1,000")).toEqual([10_000, 500, 5_000_000, 1000]);
  });

  it("leaves rows without products, and tracked rows, to their own rules", () => {
    expect(rowsAgreeWithProducts([row({ min_investment: "$1" })], [])).toEqual([]);
    expect(rowsAgreeWithProducts([row({ min_investment: "$1", review_status: "tracked" })], [product({})])).toEqual([]);
  });

  it("holds a curated yield a product states to the product's page, date, day read and kind", () => {
    const benji = {
      name: "Franklin Templeton BENJI (FOBXX)",
      min_investment: "Unknown",
      min_investment_source_url: null,
      yield_source: "curated" as const,
      yield_source_url: FACT_SHEET,
    };
    const stated = product({
      protocol: benji.name,
      symbol: "BENJI",
      stated_yield: { apy_pct: 3.88, as_of: "2025-11-13", net_of_management_fee: true },
      sources: {
        stated_yield: {
          url: FACT_SHEET,
          document_date: "2025-11-13",
          read_on: "2026-11-27",
          tier: "primary",
          kind: "Fact sheet",
        },
      },
    });
    const agreeing = { yield_as_of: "2026-11-27", yield_document_date: "2025-11-13", yield_source_kind: "Fact sheet" };
    expect(rowsAgreeWithProducts([row({ ...benji, ...agreeing })], [stated])).toEqual([]);
    expect(
      rowsAgreeWithProducts(
        [row({ ...benji, ...agreeing, yield_as_of: "2025-11-13", yield_document_date: null })],
        [stated],
      ),
    ).toEqual([
      "protocols.csv, Franklin Templeton BENJI (FOBXX), yield_document_date: '' is not what BENJI's stated yield cites ('2025-11-13'): the row takes the product's page",
      "protocols.csv, Franklin Templeton BENJI (FOBXX), yield_as_of: '2025-11-13' is not what BENJI's stated yield cites ('2026-11-27'): the row takes the product's page",
    ]);
  });
});

describe("data:check on a row's notes and curated yield", () => {
  it("refuses a note with a raw URL, or a line without a label, from the review that wrote notes as lines on", () => {
    const reviewed = (notes: string, asOf = "2026-11-25") => problemsFor({ notes, as_of: asOf }, "2026-11-27");
    expect(reviewed("Minimum: $500, per https://docs.ondo.finance/usdy/faq")).toEqual([
      "line 2, notes: 'Minimum: $500, per https://docs.ondo.fin…' has a raw URL: write it once as a link, [host or short label](https://…)",
    ]);
    expect(reviewed("TVL: published figure\nthe minimum is $500")).toEqual([
      "line 2, notes: 'the minimum is $500…' has no label: write each line as 'Label: text'",
    ]);
    // An older snapshot (reviewed before 25 Nov 2026) keeps its prose until its next review.
    expect(
      problemsFor({ notes: "Minimum: $500, per https://docs.ondo.finance/usdy/faq", as_of: "2025-10-07" }),
    ).toEqual([]);
  });

  it("lets a tracked row's sentence stand without a label, but never with a raw URL", () => {
    const tracked = {
      review_status: "tracked",
      risk_level: "",
      min_investment: "Unknown",
      min_investment_source_url: "",
      defillama_slug: "paxos-gold",
    };
    expect(problemsFor({ ...tracked, notes: "Tracked from DefiLlama's RWA category." })).toEqual([]);
    expect(problemsFor({ ...tracked, notes: "Tracked from https://defillama.com" })).toHaveLength(1);
  });

  it("requires a curated yield's page date and kind, and neither on any other yield", () => {
    const curated = {
      yield_range: "3.9%",
      yield_source: "curated",
      yield_source_url: FACT_SHEET,
      yield_as_of: "2025-11-14",
    };
    expect(problemsFor({ ...curated, yield_document_date: "2025-11-13", yield_source_kind: "Fact sheet" })).toEqual([]);
    expect(problemsFor(curated)).toEqual([
      "line 2, yield_document_date: is required when yield_source is curated: the date the page states, or 'undated'",
      expect.stringMatching(
        /^line 2, yield_source_kind: is required when yield_source is curated: one of Fact sheet, /,
      ),
    ]);
    expect(problemsFor({ ...curated, yield_document_date: "2025-12", yield_source_kind: "Blog" })).toEqual([
      "line 2, yield_document_date: '2025-12' is after the day the page was read (yield_as_of 2025-11-14)",
      expect.stringMatching(/^line 2, yield_source_kind: 'Blog' is not one of Fact sheet, /),
    ]);
    expect(problemsFor({ yield_document_date: "undated" })).toEqual([
      "line 2, yield_document_date: needs yield_source (defillama, or curated with the page that states the yield)",
    ]);
  });
});
