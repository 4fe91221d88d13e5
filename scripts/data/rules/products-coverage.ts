// The coverage rule of data/products.json (issue 28): enough products, one at least for every
// protocol that matters, and most of their terms known with a source. data:check prints the
// figures every run, and fails when a threshold is missed.
import { PRODUCT_TERMS, type ProductTerm } from "../../../src/config/domain.ts";
import type { ProductProblem } from "./products.ts";
import type { ListedProduct } from "./product-record.ts";
import type { ProtocolRow } from "./protocol-row.ts";

export const COVERAGE = {
  /** The file lists at least this many products. */
  minProducts: 60,
  /** Every protocol with a TVL of at least this (tvl_usd), and every reviewed one, has a product. */
  tvlThresholdUsd: 100_000_000,
  /** On those protocols' products, at least this share of the five terms is known. */
  minKnownShare: 0.8,
} as const;

export type CoverageReport = {
  products: number;
  /** The protocols that must have a product, and why. */
  required: { name: string; why: string; products: number }[];
  /** Their products, and how many of their five terms are known. */
  requiredProducts: number;
  known: number;
  total: number;
  byTerm: Record<ProductTerm, number>;
  /** The terms still unknown on those products. */
  unknown: { protocol: string; symbol: string; term: ProductTerm }[];
};

type CoveredRow = Pick<ProtocolRow, "name" | "tvl_usd" | "review_status">;

/** The figures over every product the file lists (checkProductsJson's `listed`), usable or not. */
export function productCoverage(products: readonly ListedProduct[], protocols: readonly CoveredRow[]): CoverageReport {
  const required = protocols
    .filter((row) => row.review_status === "reviewed" || (row.tvl_usd ?? 0) >= COVERAGE.tvlThresholdUsd)
    .map((row) => ({
      name: row.name,
      why:
        (row.tvl_usd ?? 0) >= COVERAGE.tvlThresholdUsd ? `TVL $${Math.round((row.tvl_usd ?? 0) / 1e6)}M` : "reviewed",
      products: products.filter((p) => p.protocol === row.name).length,
    }));
  const names = new Set(required.map((r) => r.name));
  const counted = products.filter((p) => names.has(p.protocol));
  const byTerm = Object.fromEntries(PRODUCT_TERMS.map((term) => [term, 0])) as Record<ProductTerm, number>;
  const unknown: CoverageReport["unknown"] = [];
  for (const product of counted) {
    for (const term of PRODUCT_TERMS) {
      if (product.known[term]) byTerm[term]++;
      else unknown.push({ protocol: product.protocol, symbol: product.symbol, term });
    }
  }
  const total = counted.length * PRODUCT_TERMS.length;
  return {
    products: products.length,
    required,
    requiredProducts: counted.length,
    known: total - unknown.length,
    total,
    byTerm,
    unknown,
  };
}

/**
 * The coverage's problems. `excepted` names a protocol a documented exception lets go without a
 * product (data/coverage-exceptions.json, rule 'products'; scripts/data/coverage-exceptions.ts).
 */
export function coverageProblems(
  report: CoverageReport,
  excepted: (protocol: string) => boolean = () => false,
): ProductProblem[] {
  const problems: ProductProblem[] = [];
  const add = (field: string, message: string) => problems.push({ protocol: "", symbol: "", field, message });
  if (report.products < COVERAGE.minProducts)
    add("coverage", `lists ${report.products} products, at least ${COVERAGE.minProducts} are needed`);
  for (const row of report.required.filter((r) => r.products === 0 && !excepted(r.name)))
    add("coverage", `${row.name} (${row.why}) has no product`);
  const share = report.total === 0 ? 0 : report.known / report.total;
  if (share < COVERAGE.minKnownShare)
    add(
      "coverage",
      `${percent(share)} of the five terms are known on the required protocols' products (${report.known} of ${report.total}), at least ${percent(COVERAGE.minKnownShare)} are needed`,
    );
  return problems;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The lines data:check prints every run. */
export function formatCoverage(report: CoverageReport): string[] {
  const withProducts = report.required.filter((r) => r.products > 0).length;
  const share = report.total === 0 ? 0 : report.known / report.total;
  const terms = Object.entries(report.byTerm)
    .map(([term, known]) => `${term} ${known}/${report.requiredProducts}`)
    .join(", ");
  return [
    `products.json coverage: ${report.products} products (at least ${COVERAGE.minProducts}); ` +
      `${withProducts} of ${report.required.length} required protocols (TVL >= $${COVERAGE.tvlThresholdUsd / 1e6}M or reviewed) have a product; ` +
      `${percent(share)} (${report.known}/${report.total}) of the five terms known on their ${report.requiredProducts} products (at least ${percent(COVERAGE.minKnownShare)}: ${terms}).`,
  ];
}
