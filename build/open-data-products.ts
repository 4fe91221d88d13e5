import { toCsv } from "../src/lib/csv.ts";
import { PRODUCT_SOURCE_KEYS } from "../src/config/domain.ts";
import { timeToCash, TIME_TO_CASH_VERSION } from "../src/lib/time-to-cash.ts";
import type { ProductDbRow } from "../scripts/data/products-db.ts";
import { PRODUCT_SEED_COLUMNS } from "../scripts/data/products-seed.ts";
import type { ProductSource } from "../scripts/data/rules/product-record.ts";

// The open data's products (issue 28): each protocol's `products` in protocols.json, and a flat
// products.csv beside it, one row per product with each term's source in its own columns. The same
// licence, date and schema version as the protocols' files.

/** A product as the open data publishes it: public.products' columns, and its time to cash in words. */
export type ProductOut = Omit<ProductDbRow, "protocol"> & { time_to_cash: string };

export { TIME_TO_CASH_VERSION };

export function productOut(product: ProductDbRow): ProductOut {
  const { protocol: _protocol, ...rest } = product;
  return {
    ...rest,
    time_to_cash: timeToCash({
      redemption: product.redemption,
      redemptionDays: product.redemption_days,
      redemptionWindow: product.redemption_window,
      redemptionUsualHours: product.redemption_usual_hours,
      instantFacility: product.instant_facility,
    }).label,
  };
}

/** Each protocol's products, by name, for protocols.json. */
export function productsByProtocol(products: readonly ProductDbRow[]): Map<string, ProductOut[]> {
  const byName = new Map<string, ProductOut[]>();
  for (const product of products)
    byName.set(product.protocol, [...(byName.get(product.protocol) ?? []), productOut(product)]);
  return byName;
}

const SOURCE_FIELDS = [
  "url",
  "kind",
  "tier",
  "document_date",
  "read_on",
] as const satisfies readonly (keyof ProductSource)[];
const FLAT = PRODUCT_SEED_COLUMNS.filter((column) => column !== "sources" && column !== "notes");

export const PRODUCT_CSV_COLUMNS = [
  ...FLAT.slice(0, FLAT.indexOf("redemption_note") + 1),
  "time_to_cash",
  ...FLAT.slice(FLAT.indexOf("redemption_note") + 1),
  ...PRODUCT_SOURCE_KEYS.flatMap((key) => SOURCE_FIELDS.map((field) => `${key}_source_${field}`)),
  "notes",
] as const;

/** One row per product: lists joined with '; ', notes with ' | ', each term's source in five columns. */
export function productsCsv(
  products: readonly ProductDbRow[],
  license: string,
  generatedAt: string,
  schemaVersion: number,
): string {
  const cell = (value: unknown) =>
    value === null || value === undefined ? "" : Array.isArray(value) ? value.join("; ") : String(value);
  return toCsv(
    [...PRODUCT_CSV_COLUMNS, "time_to_cash_version", "generated_at", "schema_version", "license"],
    products.map((product) => {
      const out = productOut(product) as Record<string, unknown>;
      out.protocol = product.protocol;
      return [
        ...PRODUCT_CSV_COLUMNS.map((column) => {
          const source = /^(.+)_source_(url|kind|tier|document_date|read_on)$/.exec(column);
          if (source !== null && (PRODUCT_SOURCE_KEYS as readonly string[]).includes(source[1]!))
            return cell(
              product.sources[source[1] as keyof ProductDbRow["sources"]]?.[source[2] as keyof ProductSource],
            );
          if (column === "notes") return product.notes.join(" | ");
          return cell(out[column]);
        }),
        TIME_TO_CASH_VERSION,
        generatedAt,
        String(schemaVersion),
        license,
      ];
    }),
  );
}
