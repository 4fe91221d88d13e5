// data:check's part for data/products.json: each problem on its own line, then the coverage
// figures (printed on every run, so the state of the research shows even when it passes); then
// each protocol row that says otherwise than its products (rules/protocol-products.ts).
import { formatProductProblem } from "./rules/products.ts";
import { coverageProblems, formatCoverage, productCoverage } from "./rules/products-coverage.ts";
import { loadProducts } from "./products-load.ts";
import { isExcepted } from "./coverage-exceptions.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import { rowsAgreeWithProducts } from "./rules/protocol-products.ts";

export function checkProductsAndCoverage(
  rows: readonly ProtocolRow[],
  today: string,
  text?: string,
): { lines: string[]; problems: number; count: number } {
  const { products, problems, listed } = loadProducts(rows, today, text);
  const report = productCoverage(listed, rows);
  const all = [...problems, ...coverageProblems(report, (name) => isExcepted(name, "products"))];
  const disagreements = rowsAgreeWithProducts(rows, products);
  return {
    lines: [...all.map(formatProductProblem), ...disagreements, ...formatCoverage(report)],
    problems: all.length + disagreements.length,
    count: products.length,
  };
}
