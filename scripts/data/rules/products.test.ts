// data/products.json's checks: each product's fields (products-rules.ts) and the file as a whole
// (products.ts). Every message a reviewer can meet is asserted once.
import { describe, expect, it } from "vitest";
import type { RawPool } from "../../../supabase/functions/refresh-protocols/lib/yields.ts";
import { checkProductsJson, formatProductProblem } from "./products.ts";

const TODAY = "2026-11-27";
const source = (url = "https://docs.example.com/terms") => ({
  url,
  document_date: "2026-09",
  read_on: "2026-11-27",
  tier: "primary",
  kind: "Documentation",
});

/** A product that passes every check: the tests change one field at a time. */
export function validProduct(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    protocol: "Ondo Finance (OUSG + USDY)",
    symbol: "USDY",
    name: "Ondo US Dollar Yield",
    chains: ["Ethereum", "Solana"],
    asset_class: "US Treasuries",
    pool_symbols: ["USDY"],
    investor_access: "retail-non-us",
    kyc: "yes",
    min_investment_usd: 500,
    min_investment_note: "$500 for every investment and redemption",
    redemption: "days",
    redemption_days: 1,
    redemption_window: null,
    redemption_note: null,
    instant_facility: null,
    management_fee_pct: null,
    subscription_fee_pct: null,
    redemption_fee_pct: 0.2,
    fees_note: null,
    stated_yield: null,
    pool_yield_net_of_management_fee: true,
    sources: {
      investor_access: source(),
      kyc: source(),
      min_investment: source(),
      redemption: source(),
      fees: source(),
      pool_yield: {
        ...source("https://github.com/DefiLlama/yield-server/blob/abc/src/adaptors/ondo/index.js"),
        kind: "Source code",
      },
    },
    notes: ["Access: non-US persons only, per the [eligibility page](https://docs.example.com/eligibility)."],
    ...overrides,
  };
}

const protocols = [
  { name: "Ondo Finance (OUSG + USDY)", defillama_slug: "ondo-yield-assets" },
  { name: "Franklin Templeton BENJI (FOBXX)", defillama_slug: null },
];
const pools = new Map<string, RawPool[]>([
  ["ondo-yield-assets", [{ pool: "p1", symbol: "USDY", poolMeta: "US Dollar Yield", tvlUsd: 1e9, apy: 3.56 }]],
]);

function problems(products: unknown[], text?: string): string[] {
  return checkProductsJson(text ?? JSON.stringify(products), {
    protocols,
    today: TODAY,
    pools,
    poolsLabel: "yields-2026-09-05.csv",
  }).problems.map(formatProductProblem);
}
const one = (overrides: Record<string, unknown>) => problems([validProduct(overrides)]);
const at = (field: string, message: string) => `products.json, Ondo Finance (OUSG + USDY) / USDY, ${field}: ${message}`;

describe("data/products.json: the file", () => {
  it("passes a valid product and returns it", () => {
    const result = checkProductsJson(JSON.stringify([validProduct()]), { protocols, today: TODAY, pools });
    expect(result.problems).toEqual([]);
    expect(result.products.map((p) => p.symbol)).toEqual(["USDY"]);
  });

  it("refuses text that is not a JSON array", () => {
    expect(problems([], "{")[0]).toMatch(/^products\.json, json: is not valid JSON \(/);
    expect(problems([], "{}")).toEqual(["products.json, json: must be an array of products"]);
    expect(problems([7])).toEqual(["products.json, (product 1) / (product 1), product: is not an object"]);
  });

  it("names a protocol the CSV does not have, a symbol listed twice, and the wrong order", () => {
    expect(one({ protocol: "Nobody" })).toEqual([
      "products.json, Nobody / USDY, protocol: 'Nobody' is not a protocol in data/protocols.csv",
    ]);
    expect(problems([validProduct(), validProduct({ symbol: "usdy" })])).toEqual([
      "products.json, Ondo Finance (OUSG + USDY) / usdy, symbol: 'usdy' is listed twice for this protocol (products 1 and 2)",
    ]);
    expect(problems([validProduct(), validProduct({ symbol: "OUSG" })])).toEqual([
      "products.json, Ondo Finance (OUSG + USDY) / OUSG, order: is out of order: sort the file by protocol, then symbol",
    ]);
  });

  it("holds each pool item to a pool of the protocol's project in the saved yields", () => {
    expect(one({ pool_symbols: ["USDY|US Dollar Yield", "p1"] })).toEqual([]);
    expect(one({ pool_symbols: ["OUSG"] })).toEqual([
      at("pool_symbols", "'OUSG' names none of ondo-yield-assets's pools in yields-2026-09-05.csv"),
    ]);
    const benji = validProduct({ protocol: "Franklin Templeton BENJI (FOBXX)", symbol: "BENJI" });
    expect(problems([benji])).toEqual([
      "products.json, Franklin Templeton BENJI (FOBXX) / BENJI, pool_symbols: names pools, but the protocol has no defillama_slug: no DefiLlama pool can be its",
    ]);
  });
});

describe("data/products.json: a product's fields", () => {
  it("requires every field, and knows no other", () => {
    const { kyc: _kyc, ...missing } = validProduct();
    expect(problems([missing])).toEqual([at("kyc", "is missing (write null when not stated)")]);
    expect(one({ colour: "blue" })).toEqual([at("colour", "is not a field of a product")]);
  });

  it("holds text to one trimmed line within its length, and null to mean not stated", () => {
    expect(one({ name: " Ondo" })).toEqual([at("name", "has leading or trailing spaces")]);
    expect(one({ fees_note: "" })).toEqual([at("fees_note", "is empty: write null when not stated")]);
    expect(one({ redemption_note: "a\tb" })).toEqual([
      at("redemption_note", "has a control character (one line, no tabs)"),
    ]);
    expect(one({ symbol: "X".repeat(41) })[0]).toContain("symbol: is 41 characters, at most 40");
    expect(one({ name: null })).toEqual([at("name", "must be text")]);
  });

  it("holds the vocabularies, chains in one naming, and lists without repeats", () => {
    expect(one({ investor_access: "anyone" })[0]).toBe(
      at(
        "investor_access",
        '"anyone" is not one of retail, retail-non-us, accredited, qualified-purchaser, institutional, not-disclosed, unknown',
      ),
    );
    expect(one({ asset_class: "Reinsurance" })[0]).toContain('asset_class: "Reinsurance" is not one of US Treasuries');
    expect(one({ asset_class: "Other", asset_note: "Reinsurance" })).toEqual([]);
    expect(one({ asset_class: "Other" })).toEqual([
      at("asset_note", "is missing: asset class 'Other' says in asset_note what the asset is"),
    ]);
    expect(one({ chains: ["ethereum"] })).toEqual([at("chains", "'ethereum' is written 'Ethereum'")]);
    expect(one({ chains: ["BSC"] })).toEqual([at("chains", "'BSC' is written 'BNB Chain' here (one name per chain)")]);
    expect(one({ chains: ["Solana", "solana"] })).toContain(at("chains", "lists 'solana' more than once"));
    expect(one({ chains: "Ethereum" })).toEqual([at("chains", "must be a list of text ([] when none)")]);
  });

  it("holds amounts and fees to their bounds", () => {
    expect(one({ min_investment_usd: -1 })).toEqual([
      at("min_investment_usd", "-1 is not a number from 0 (or null when not stated)"),
    ]);
    expect(one({ redemption_fee_pct: 30 })).toEqual([at("redemption_fee_pct", "30 is above 25")]);
  });

  it("ties redemption_days, redemption_window and the usual wait to their redemption", () => {
    expect(one({ redemption_days: 0 })).toEqual([
      at("redemption_days", "must be a whole number from 1 to 365 with redemption 'days' (T+0 is 'instant')"),
    ]);
    expect(one({ redemption: "queue" })).toEqual([
      at("redemption_days", "is only for redemption 'days' (write null; 0 with 'instant')"),
    ]);
    // T+0 written beside 'instant' says the same thing twice, and passes; a window may have no fixed frequency.
    expect(one({ redemption: "instant", redemption_days: 0 })).toEqual([]);
    expect(one({ redemption: "window", redemption_days: null })).toEqual([]);
    expect(one({ redemption: "window", redemption_days: null, redemption_window: "yearly" })).toEqual([
      at("redemption_window", "must be one of daily, weekly, monthly, quarterly, or null, with redemption 'window'"),
    ]);
    expect(one({ redemption_window: "monthly" })).toEqual([
      at("redemption_window", "is only for redemption 'window' (write null)"),
    ]);
    expect(one({ redemption_usual_hours: 24 })).toEqual([
      at("redemption_usual_hours", "is only for redemption 'queue'"),
    ]);
    expect(one({ redemption: "queue", redemption_days: null, redemption_usual_hours: 0 })).toEqual([
      at("redemption_usual_hours", "is 0: a same-day exit is redemption 'instant'"),
    ]);
  });

  it("checks a stated yield's shape, percent and date, and keeps it for products without pools", () => {
    const statedSource = { ...source(), kind: "Fact sheet" };
    const { pool_yield: _pool, ...termSources } = validProduct().sources as Record<string, unknown>;
    const withoutPools = { pool_symbols: [], pool_yield_net_of_management_fee: null, sources: termSources };
    expect(one({ ...withoutPools, stated_yield: { apy_pct: 4.1 } })).toContain(
      at("stated_yield", "must be null or { apy_pct, as_of, net_of_management_fee }"),
    );
    const sources = { ...(validProduct().sources as object), stated_yield: statedSource };
    expect(
      one({
        ...withoutPools,
        sources,
        stated_yield: { apy_pct: -1, as_of: "2026-12-01", net_of_management_fee: "yes" },
      }),
    ).toEqual([
      at("stated_yield.apy_pct", "-1 is not a percent from 0 to below 1000"),
      at("stated_yield.as_of", "'2026-12-01' is after today (2026-11-27)"),
      at("stated_yield.net_of_management_fee", "must be true, false or null (not known)"),
    ]);
    expect(one({ sources, stated_yield: { apy_pct: 4, as_of: "2026-10-31", net_of_management_fee: true } })).toEqual([
      at("stated_yield", "is for a product without DefiLlama pools: pool_symbols names some"),
    ]);
    expect(one({ pool_symbols: [] })).toEqual([
      at("pool_yield_net_of_management_fee", "is set but pool_symbols names no pool (write null)"),
    ]);
  });

  it("checks every source: a term, its fields, a page that is no homepage, real dates, a tier and a kind", () => {
    const sources = (value: unknown) => ({ ...(validProduct().sources as object), ...(value as object) });
    expect(one({ sources: sources({ colour: source() }) })[0]).toBe(
      at(
        "sources.colour",
        "is not a term (investor_access, kyc, min_investment, redemption, fees, instant_facility, stated_yield, pool_yield)",
      ),
    );
    expect(one({ sources: sources({ kyc: { url: "https://docs.example.com/x" } }) })[0]).toBe(
      at("sources.kyc", "must be { url, document_date, read_on, tier, kind }"),
    );
    expect(one({ sources: sources({ kyc: source("https://ondo.finance/") }) })).toEqual([
      at("sources.kyc.url", "'https://ondo.finance/' is a homepage: cite the page that states it"),
    ]);
    expect(one({ sources: sources({ kyc: source("ftp://ondo.finance/x") }) })).toEqual([
      at("sources.kyc.url", "'ftp://ondo.finance/x' is not a web address (http or https)"),
    ]);
    const bad = { ...source(), document_date: "2026-12", read_on: "2026-11-31", tier: "tertiary", kind: "Blog" };
    expect(one({ sources: sources({ kyc: bad }) })).toEqual([
      at("sources.kyc.read_on", '"2026-11-31" is not a real date in YYYY-MM-DD form'),
      at("sources.kyc.tier", '"tertiary" is not one of primary, secondary'),
      expect.stringContaining('sources.kyc.kind: "Blog" is not one of Fact sheet, Prospectus'),
    ]);
    expect(one({ sources: sources({ kyc: { ...source(), document_date: "2026-12" } }) })).toEqual([
      at("sources.kyc.document_date", "'2026-12' is after the day it was read (2026-11-27)"),
    ]);
    expect(one({ sources: sources({ kyc: { ...source(), document_date: "Sep 2026" } }) })).toEqual([
      at("sources.kyc.document_date", "\"Sep 2026\" is not YYYY-MM-DD, YYYY-MM or 'undated'"),
    ]);
    expect(
      one({ sources: sources({ kyc: { ...source(), document_date: "undated", read_on: "2014-12-31" } }) }),
    ).toEqual([at("sources.kyc.read_on", "'2014-12-31' is before 2015-01-01")]);
  });

  it("gives every known term its source, and an unknown one none", () => {
    const { kyc: _kyc, ...withoutKyc } = validProduct().sources as Record<string, unknown>;
    expect(one({ sources: withoutKyc })).toEqual([
      at("sources.kyc", "is missing: kyc 'yes' needs the page that states it"),
    ]);
    expect(one({ kyc: "unknown" })).toEqual([
      at("sources.kyc", "is given but the term is not stated (unknown or null)"),
    ]);
    const { min_investment: _min, fees: _fees, ...bare } = validProduct().sources as Record<string, unknown>;
    expect(one({ sources: bare })).toEqual([
      at("sources.min_investment", "is missing: a minimum needs the page that states it"),
      at("sources.fees", "is missing: a fee needs the page that states it"),
    ]);
    expect(one({ instant_facility: "USDC swap" })).toEqual([
      at("sources.instant_facility", "is missing: an instant facility needs the page that states it"),
    ]);
    expect(one({ kyc: "not-disclosed" })).toEqual([]);
  });

  it("keeps notes to short labelled lines with at most one safe link and no bare URL", () => {
    expect(one({ notes: ["no label here"] })).toEqual([
      at("notes", "'no label here…' is not a labelled line ('Label: text')"),
    ]);
    expect(one({ notes: ["Access: [a](https://x.example.com/a) and [b](https://x.example.com/b)"] })).toEqual([
      at("notes", "'Access: [a](https://x.example.com/a) and…' has 2 links, at most one"),
    ]);
    expect(one({ notes: ["Access: see https://x.example.com/a"] })).toEqual([
      at("notes", "'Access: see https://x.example.com/a…' has a bare URL: write it as [text](url)"),
    ]);
    expect(one({ notes: ["Access: [home](https://ondo.finance)"] })).toEqual([
      at("notes", "'https://ondo.finance' is a homepage: cite the page that states it"),
    ]);
    expect(one({ notes: Array.from({ length: 13 }, (_, i) => `Line ${i}: text`) })).toEqual([
      at("notes", "has 13 lines, at most 12"),
    ]);
  });
});
