// The seed's products part (supabase/seed.sql, written by data:build): the products as one JSON
// document inserted through jsonb_to_recordset, each product pretty-printed so a diff shows the
// fields that changed; the protocols' yield notes; and the 'terms' change rows, carried forward
// from the previous seed and added to when a reviewed product's terms change. Read back here for
// data:build (the old data) and data:diff.
import type { ProductDbRow } from "./products-db.ts";
import type { TermChange } from "./products-changes.ts";

const PRODUCTS_TAG = "$products$";
const CHANGES_TAG = "$term_changes$";
const NOTES_TAG = "$yield_notes$";

/** The columns of public.products the seed writes, in order (the JSON keys too). */
export const PRODUCT_SEED_COLUMNS = [
  "protocol",
  "symbol",
  "name",
  "chains",
  "asset_class",
  "asset_note",
  "pool_symbols",
  "investor_access",
  "kyc",
  "min_investment_usd",
  "min_investment_note",
  "redemption",
  "redemption_days",
  "redemption_window",
  "redemption_usual_hours",
  "redemption_note",
  "instant_facility",
  "management_fee_pct",
  "subscription_fee_pct",
  "redemption_fee_pct",
  "fees_note",
  "stated_yield_apy",
  "stated_yield_as_of",
  "stated_yield_net_of_management_fee",
  "pool_yield_net_of_management_fee",
  "pool_apy_min",
  "pool_apy_max",
  "pool_yield_as_of",
  "pool_yield_source_url",
  "sources",
  "notes",
] as const satisfies readonly (keyof ProductDbRow)[];

const COLUMN_TYPES: Record<(typeof PRODUCT_SEED_COLUMNS)[number], string> = {
  protocol: "text",
  symbol: "text",
  name: "text",
  chains: "text[]",
  asset_class: "text",
  asset_note: "text",
  pool_symbols: "text[]",
  investor_access: "text",
  kyc: "text",
  min_investment_usd: "numeric",
  min_investment_note: "text",
  redemption: "text",
  redemption_days: "integer",
  redemption_window: "text",
  redemption_usual_hours: "numeric",
  redemption_note: "text",
  instant_facility: "text",
  management_fee_pct: "numeric",
  subscription_fee_pct: "numeric",
  redemption_fee_pct: "numeric",
  fees_note: "text",
  stated_yield_apy: "numeric",
  stated_yield_as_of: "text",
  stated_yield_net_of_management_fee: "boolean",
  pool_yield_net_of_management_fee: "boolean",
  pool_apy_min: "numeric",
  pool_apy_max: "numeric",
  pool_yield_as_of: "date",
  pool_yield_source_url: "text",
  sources: "jsonb",
  notes: "text[]",
};

/** A dollar-quoted JSON document; the tag may not occur inside it. */
function dollarJson(tag: string, items: readonly unknown[], pretty: boolean): string {
  const body = items.map((item) => JSON.stringify(item, null, pretty ? 1 : undefined)).join(",\n");
  if (body.includes(tag)) throw new Error(`the data holds ${tag}, the seed's quote for it`);
  return `${tag}[\n${body}\n]${tag}::jsonb`;
}

function ordered(row: ProductDbRow): Record<string, unknown> {
  return Object.fromEntries(PRODUCT_SEED_COLUMNS.map((column) => [column, row[column]]));
}

export function buildProductsSeedSql(
  products: readonly ProductDbRow[],
  notes: ReadonlyArray<{ name: string; yield_note: string }>,
  changes: readonly TermChange[],
): string {
  const parts: string[] = [];
  if (products.length > 0) {
    const columns = PRODUCT_SEED_COLUMNS.filter((c) => c !== "protocol");
    parts.push(
      `-- ${products.length} products (data/products.json; docs/data.md, "Products"). The pool yields are DefiLlama's saved pools`,
      "-- of the day each protocol's yield is dated (data/defillama/open-defi-data/yields-<day>.csv).",
      `insert into public.products (protocol_id, ${columns.join(", ")})`,
      `select p.id, ${columns.map((c) => `r.${c}`).join(", ")}`,
      `from jsonb_to_recordset(${dollarJson(PRODUCTS_TAG, products.map(ordered), true)})`,
      `  as r(${PRODUCT_SEED_COLUMNS.map((c) => `${c} ${COLUMN_TYPES[c]}`).join(", ")})`,
      "join public.protocols p on p.name = r.protocol;",
      "",
    );
  }
  if (notes.length > 0) {
    parts.push(
      `-- ${notes.length} yield notes: what each DefiLlama yield range leaves out (docs/data.md, "Yields").`,
      "update public.protocols as p set yield_note = r.yield_note",
      `from jsonb_to_recordset(${dollarJson(NOTES_TAG, notes, false)}) as r(name text, yield_note text)`,
      "where p.name = r.name;",
      "",
    );
  }
  if (changes.length > 0) {
    parts.push(
      `-- ${changes.length} term changes of reviewed products (kind 'terms'; docs/data.md, "Products").`,
      "insert into public.protocol_changes",
      "  (day, protocol_id, product_symbol, kind, field, old_value, new_value, reason, source_url, recorded_by)",
      "select r.day, p.id, r.product_symbol, r.kind, r.field, r.old_value, r.new_value, r.reason, r.source_url, 'review'",
      `from jsonb_to_recordset(${dollarJson(CHANGES_TAG, changes, false)})`,
      "  as r(name text, day date, product_symbol text, kind text, field text, old_value text, new_value text, reason text, source_url text)",
      "join public.protocols p on p.name = r.name",
      "on conflict do nothing;",
      "",
    );
  }
  return parts.join("\n");
}

function readTagged<T>(sql: string, tag: string): T[] {
  const start = sql.indexOf(`${tag}[`);
  if (start === -1) return [];
  const end = sql.indexOf(`]${tag}`, start);
  if (end === -1) throw new Error(`seed.sql: ${tag} is not closed`);
  return JSON.parse(sql.slice(start + tag.length, end + 1)) as T[];
}

/** The products a seed written by buildProductsSeedSql holds (none in a seed from before products). */
export function parseSeedProducts(sql: string): ProductDbRow[] {
  return readTagged<ProductDbRow>(sql, PRODUCTS_TAG);
}

/** The term changes a seed holds: the log data:build carries forward. */
export function parseSeedTermChanges(sql: string): TermChange[] {
  return readTagged<TermChange>(sql, CHANGES_TAG);
}

/**
 * Skips one statement at `i` (data:diff's reader: it compares the protocols only); returns the index
 * after its ';', which may not sit inside a '…' string or a $tag$…$tag$ body.
 */
export function skipStatement(sql: string, i: number): number {
  let at = i;
  let quoted = false;
  while (at < sql.length) {
    const dollar = quoted ? null : /^\$[a-z_]*\$/.exec(sql.slice(at, at + 40));
    if (dollar !== null) {
      const close = sql.indexOf(dollar[0], at + dollar[0].length);
      at = close === -1 ? sql.length : close + dollar[0].length;
      continue;
    }
    if (sql[at] === "'") quoted = !quoted;
    else if (sql[at] === ";" && !quoted) return at + 1;
    at++;
  }
  return at;
}
