// data:push's products part: data/products.json checked like data:check does, diffed against the
// live table, and the review's term changes worked out, so push-core.ts can write the protocols,
// the products and the change rows in one call (public.sync_protocols_and_products).
import { compareBytes } from "./csv.ts";
import { termChanges, type TermChange } from "./products-changes.ts";
import { productSyncRow, type ProductSyncRow } from "./products-db.ts";
import { readNewestPools } from "./products-load.ts";
import { todayUtc } from "./rules/cells.ts";
import { checkProductsJson, formatProductProblem } from "./rules/products.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import { PRODUCT_SEED_COLUMNS } from "./products-seed.ts";

export const PRODUCTS_MIGRATION_FILE = "supabase/migrations/20261127120000_products.sql";

/** The products part of a push, worked out before anything is written. */
export type ProductPlan = {
  products: ProductSyncRow[];
  changes: TermChange[];
  added: string[];
  removed: string[];
  changed: string[];
};

/** The products a push sends, or the problems that refuse it (the same checks as data:check). */
export function checkPushProducts(
  text: string,
  rows: readonly ProtocolRow[],
): { products: ProductSyncRow[] } | { problems: string[] } {
  const pools = readNewestPools();
  // Sources are read now: their dates are held to the real clock, whatever --today reviews.
  const { products, problems } = checkProductsJson(text, {
    protocols: rows,
    today: todayUtc(),
    pools: pools?.byProject,
    poolsLabel: pools?.label,
  });
  if (problems.length > 0) return { problems: problems.map(formatProductProblem) };
  return { products: products.map(productSyncRow) };
}

const SYNC_KEYS = PRODUCT_SEED_COLUMNS.filter(
  (column) =>
    !column.startsWith("pool_apy") && !column.startsWith("pool_yield_as") && column !== "pool_yield_source_url",
);

/** A live product as the push compares it: the sync row's fields, the protocol by name. */
export function liveProduct(row: Record<string, unknown>, protocolName: string): ProductSyncRow {
  const record = Object.fromEntries(SYNC_KEYS.map((key) => [key, row[key] ?? null])) as Record<string, unknown>;
  record.protocol = protocolName;
  for (const key of [
    "min_investment_usd",
    "redemption_usual_hours",
    "management_fee_pct",
    "subscription_fee_pct",
    "redemption_fee_pct",
    "stated_yield_apy",
  ])
    record[key] = record[key] === null ? null : Number(record[key]);
  return record as ProductSyncRow;
}

const key = (p: { protocol: string; symbol: string }) => `${p.protocol} / ${p.symbol}`;
/** JSON with every object's keys sorted: jsonb keeps its own key order, so a product compares as text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/** The fields a push writes, in one order, so two products compare as text. */
const comparable = (p: ProductSyncRow) => canonical(SYNC_KEYS.map((k) => p[k as keyof ProductSyncRow] ?? null));

export function planProducts(
  live: readonly ProductSyncRow[],
  next: readonly ProductSyncRow[],
  reviewed: ReadonlySet<string>,
  today: string,
): ProductPlan {
  const before = new Map(live.map((p) => [key(p), p]));
  const after = new Map(next.map((p) => [key(p), p]));
  const sorted = (items: string[]) => items.sort(compareBytes);
  return {
    products: [...next],
    changes: termChanges(live, next, reviewed, today),
    added: sorted([...after.keys()].filter((k) => !before.has(k))),
    removed: sorted([...before.keys()].filter((k) => !after.has(k))),
    changed: sorted(
      [...after.entries()]
        .filter(([k, p]) => before.has(k) && comparable(before.get(k)!) !== comparable(p))
        .map(([k]) => k),
    ),
  };
}

export function formatProductPlan(plan: ProductPlan, label: string): string[] {
  const lines = [
    `Products (${label}): ${plan.added.length} added, ${plan.removed.length} removed, ${plan.changed.length} changed; ${plan.changes.length} term change(s) to record.`,
  ];
  for (const name of plan.added) lines.push(`  + added    ${name}`);
  for (const name of plan.removed) lines.push(`  - removed  ${name}`);
  for (const name of plan.changed) lines.push(`  ~ changed  ${name}`);
  for (const change of plan.changes)
    lines.push(
      `  ${change.name} / ${change.product_symbol} ${change.field}: ${change.old_value} -> ${change.new_value} (${change.day})`,
    );
  return lines;
}

export function productPlanIsEmpty(plan: ProductPlan): boolean {
  return plan.added.length + plan.removed.length + plan.changed.length + plan.changes.length === 0;
}

type Request = (path: string, init?: RequestInit) => Promise<Response>;
type Fail = (response: Response, action: string) => Promise<never>;
type Counts = { inserted: number; updated: number; deleted: number };

/** The live products, each with its protocol's name (the table holds the protocol's id). */
export async function readLiveProducts(request: Request, fail: Fail): Promise<ProductSyncRow[]> {
  const response = await request("/rest/v1/products?select=*");
  if (!response.ok) {
    if (response.status === 404)
      throw new Error(
        `The database has no public.products: apply ${PRODUCTS_MIGRATION_FILE} first (supabase db push).`,
      );
    await fail(response, "Reading the current products");
  }
  const protocols = await request("/rest/v1/protocols?select=id,name");
  if (!protocols.ok) await fail(protocols, "Reading the protocols' names");
  const names = new Map(((await protocols.json()) as { id: string; name: string }[]).map((p) => [p.id, p.name]));
  return ((await response.json()) as Record<string, unknown>[]).map((row) =>
    liveProduct(row, names.get(String(row.protocol_id)) ?? ""),
  );
}

/** One call, one transaction: sync_protocols, sync_products and record_protocol_changes. */
export async function syncProtocolsAndProducts(
  request: Request,
  fail: Fail,
  rows: readonly ProtocolRow[],
  plan: ProductPlan,
): Promise<Counts & { products: Counts; changes: { recorded: number } }> {
  const response = await request("/rest/v1/rpc/sync_protocols_and_products", {
    method: "POST",
    body: JSON.stringify({ rows, products: plan.products, changes: plan.changes }),
  });
  if (!response.ok) {
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    if (body.code === "PGRST202")
      throw new Error(
        `The database has no public.sync_protocols_and_products: apply ${PRODUCTS_MIGRATION_FILE} first (supabase db push). Nothing was changed.`,
      );
    await fail(response, "Calling sync_protocols_and_products (nothing was changed)");
  }
  return (await response.json()) as Counts & { products: Counts; changes: { recorded: number } };
}
