// data/products.json, the file as a whole: JSON, sorted by protocol then symbol, one (protocol,
// symbol) once, protocols that exist, pools DefiLlama lists. Each product's own fields:
// products-rules.ts; the coverage rule: products-coverage.ts. Problems read
// `products.json, <protocol> / <symbol>, <field>: message`.
import { poolMatches, type RawPool } from "../../../supabase/functions/refresh-protocols/lib/yields.ts";
import { checkProduct, type ProductRecord } from "./product.ts";
import type { ProtocolRow } from "./protocol-row.ts";

export type ProductProblem = { protocol: string; symbol: string; field: string; message: string };

export const PRODUCTS_LABEL = "products.json";

export function formatProductProblem(problem: ProductProblem): string {
  const where = problem.protocol === "" ? "" : ` ${problem.protocol} / ${problem.symbol},`;
  return `${PRODUCTS_LABEL},${where} ${problem.field}: ${problem.message}`;
}

export type ProductCheckOptions = {
  /** The directory's rows (data/protocols.csv): a product names one of them. */
  protocols: readonly Pick<ProtocolRow, "name" | "defillama_slug">[];
  /** No source may be read after this day (YYYY-MM-DD). */
  today: string;
  /**
   * DefiLlama's saved pools by project (the newest data/defillama/open-defi-data/yields-*.csv):
   * each pool_symbols item must name one of its protocol's pools. Not checked when absent.
   */
  pools?: ReadonlyMap<string, readonly RawPool[]>;
  poolsLabel?: string;
};

/** Protocol, then symbol, by code point: the order the file keeps (and a diff reads). */
export function compareProducts(a: ProductRecord, b: ProductRecord): number {
  const byCode = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return byCode(a.protocol, b.protocol) || byCode(a.symbol, b.symbol);
}

/** Validates the file's text. Returns the usable products (in file order) and every problem. */
export function checkProductsJson(
  text: string,
  options: ProductCheckOptions,
): { products: ProductRecord[]; problems: ProductProblem[] } {
  const problems: ProductProblem[] = [];
  const fileProblem = (field: string, message: string) => problems.push({ protocol: "", symbol: "", field, message });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fileProblem("json", `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    return { products: [], problems };
  }
  if (!Array.isArray(data)) {
    fileProblem("json", "must be an array of products");
    return { products: [], problems };
  }
  const byName = new Map(options.protocols.map((row) => [row.name, row]));
  const products: ProductRecord[] = [];
  const seen = new Map<string, number>();
  data.forEach((element, index) => {
    const label = labelOf(element, index);
    const add = (field: string, message: string) => problems.push({ ...label, field, message });
    const { product, problems: own } = checkProduct(element, options.today);
    for (const problem of own) add(problem.field, problem.message);
    if (product === null) return;
    const row = byName.get(product.protocol);
    if (row === undefined) add("protocol", `'${product.protocol}' is not a protocol in data/protocols.csv`);
    const key = `${product.protocol}\n${product.symbol.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined)
      add("symbol", `'${product.symbol}' is listed twice for this protocol (products ${first + 1} and ${index + 1})`);
    seen.set(key, index);
    if (row !== undefined && product.pool_symbols.length > 0) checkPools(product, row.defillama_slug, options, add);
    if (row !== undefined && first === undefined) products.push(product);
  });
  for (let i = 1; i < products.length; i++) {
    if (compareProducts(products[i - 1]!, products[i]!) > 0) {
      const { protocol, symbol } = products[i]!;
      problems.push({
        protocol,
        symbol,
        field: "order",
        message: "is out of order: sort the file by protocol, then symbol",
      });
      break;
    }
  }
  return { products, problems };
}

function labelOf(element: unknown, index: number): { protocol: string; symbol: string } {
  const record = typeof element === "object" && element !== null ? (element as Record<string, unknown>) : {};
  const protocol =
    typeof record.protocol === "string" && record.protocol !== "" ? record.protocol : `(product ${index + 1})`;
  const symbol = typeof record.symbol === "string" && record.symbol !== "" ? record.symbol : `(product ${index + 1})`;
  return { protocol, symbol };
}

function checkPools(
  product: ProductRecord,
  slug: string | null,
  options: ProductCheckOptions,
  add: (field: string, message: string) => void,
) {
  if (slug === null) {
    add("pool_symbols", "names pools, but the protocol has no defillama_slug: no DefiLlama pool can be its");
    return;
  }
  if (options.pools === undefined) return;
  const pools = options.pools.get(slug) ?? [];
  for (const item of product.pool_symbols) {
    if (!pools.some((pool) => poolMatches(pool, item)))
      add("pool_symbols", `'${item}' names none of ${slug}'s pools in ${options.poolsLabel ?? "the saved yields"}`);
  }
}
