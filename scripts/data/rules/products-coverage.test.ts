// The coverage rule of data/products.json: how many products, which protocols must have one, and
// how many of their five terms are known. It counts every product the file lists, usable or not, so
// one product's typo is reported as that typo, never as a protocol without products.
import { describe, expect, it } from "vitest";
import { checkProductsJson, formatProductProblem } from "./products.ts";
import { COVERAGE, coverageProblems, formatCoverage, productCoverage } from "./products-coverage.ts";

const TODAY = "2026-11-27";
const protocols = [
  {
    name: "Ondo Finance (OUSG + USDY)",
    defillama_slug: null,
    tvl_usd: 700_000_000,
    review_status: "reviewed" as const,
  },
  { name: "Big Tracked", defillama_slug: null, tvl_usd: 150_000_000, review_status: "tracked" as const },
  { name: "Small Tracked", defillama_slug: null, tvl_usd: 5_000_000, review_status: "tracked" as const },
];
const source = {
  url: "https://docs.example.com/terms",
  document_date: "2026-09",
  read_on: TODAY,
  tier: "primary",
  kind: "Terms",
};
/** A valid product with its five terms known (products.test.ts checks the fields themselves). */
const product = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  protocol: "Ondo Finance (OUSG + USDY)",
  symbol: "USDY",
  name: "Ondo US Dollar Yield",
  chains: ["Ethereum"],
  asset_class: "US Treasuries",
  pool_symbols: [],
  investor_access: "retail-non-us",
  kyc: "yes",
  min_investment_usd: 500,
  min_investment_note: null,
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
  pool_yield_net_of_management_fee: null,
  sources: { investor_access: source, kyc: source, min_investment: source, redemption: source, fees: source },
  notes: [],
  ...overrides,
});

function run(products: unknown[]) {
  const checked = checkProductsJson(JSON.stringify(products), { protocols, today: TODAY });
  const report = productCoverage(checked.listed, protocols);
  return { checked, report, problems: coverageProblems(report).map(formatProductProblem) };
}

describe("products.json coverage", () => {
  it("names each protocol of $100M or more, and each reviewed one, that has no product; a small tracked one needs none", () => {
    const { problems, report } = run([product()]);
    expect(problems).toContain("products.json, coverage: Big Tracked (TVL $150M) has no product");
    expect(problems.join("\n")).not.toContain("Small Tracked");
    expect(report.required.map((r) => r.name)).toEqual(["Ondo Finance (OUSG + USDY)", "Big Tracked"]);
    expect(problems).toContain(
      `products.json, coverage: lists 1 products, at least ${COVERAGE.minProducts} are needed`,
    );
  });

  it("lets a protocol with a documented 'products' exception go without a product, and only that one", () => {
    const checked = checkProductsJson(JSON.stringify([product()]), { protocols, today: TODAY });
    const report = productCoverage(checked.listed, protocols);
    const problems = coverageProblems(report, (name) => name === "Big Tracked").map(formatProductProblem);
    expect(problems.join("\n")).not.toContain("Big Tracked");
    expect(coverageProblems(report, (name) => name === "Other").map(formatProductProblem)).toContain(
      "products.json, coverage: Big Tracked (TVL $150M) has no product",
    );
  });

  it("counts a known term by its source, and fails under 80% of the five terms known", () => {
    const { sources } = product() as { sources: Record<string, unknown> };
    const { min_investment: _m, fees: _f, ...three } = sources;
    const eightOfTen = run([
      product(),
      product({ symbol: "USDZ", min_investment_usd: null, redemption_fee_pct: null, sources: three }),
    ]);
    expect([eightOfTen.report.known, eightOfTen.report.total]).toEqual([8, 10]);
    expect(eightOfTen.problems.join("\n")).not.toContain("of the five terms are known");
    const { kyc: _k, ...two } = three;
    const sevenOfTen = run([
      product(),
      product({ symbol: "USDZ", kyc: "unknown", min_investment_usd: null, redemption_fee_pct: null, sources: two }),
    ]);
    expect(sevenOfTen.checked.problems).toEqual([]);
    expect(sevenOfTen.problems).toContain(
      "products.json, coverage: 70.0% of the five terms are known on the required protocols' products (7 of 10), at least 80.0% are needed",
    );
  });

  it("counts a product with a problem of its own, and reports that problem instead of a missing product", () => {
    const { checked, problems, report } = run([product({ symbol: "X".repeat(41) })]);
    expect(checked.products).toEqual([]);
    expect(checked.problems.map(formatProductProblem)[0]).toContain("symbol: is 41 characters, at most 40");
    expect(report.required.find((r) => r.name === "Ondo Finance (OUSG + USDY)")?.products).toBe(1);
    expect(problems.join("\n")).not.toContain("Ondo Finance (OUSG + USDY) (reviewed) has no product");
    expect(report.known).toBe(5);
  });

  it("prints the figures every run: products, required protocols with a product, and the known share per term", () => {
    const { report } = run([product(), product({ symbol: "usdy" })]);
    expect(formatCoverage(report)).toEqual([
      "products.json coverage: 1 products (at least 60); 1 of 2 required protocols (TVL >= $100M or reviewed) have a product; 100.0% (5/5) of the five terms known on their 1 products (at least 80.0%: investor_access 1/1, kyc 1/1, min_investment 1/1, redemption 1/1, fees 1/1).",
    ]);
  });
});
