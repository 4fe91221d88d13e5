import { decodeJwt } from "jose";
import { LOCAL_API_HOST, LOCAL_API_PORT } from "../../local-api/defaults.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../../local-api/service-key.ts";
import { serviceRequest } from "../../supabase/functions/_shared/service-rest.ts";
import { diffRows, formatDiff } from "./diff-rows.ts";
import { pushRisk, type RiskFiles } from "./push-risk.ts";
import { formatProblem } from "./rules/problem.ts";
import { keepNewerTvl } from "./keep-newer.ts";
import { missingMigration } from "./push-migrations.ts";
import { protocolRowFrom, type ProtocolRow } from "./rules/protocol-row.ts";
import { checkCsv } from "./rules/protocols.ts";
import { todayUtc } from "./rules/cells.ts";
import type { ProductSyncRow } from "./products-db.ts";
import {
  checkPushProducts,
  formatProductPlan,
  planProducts,
  productPlanIsEmpty,
  readLiveProducts,
  syncProtocolsAndProducts,
  type ProductPlan,
} from "./push-products.ts";

export const MIGRATION_FILE = "supabase/migrations/20251201000000_live_tvl.sql";
export const OTHER_CLASS_MIGRATION_FILE = "supabase/migrations/20261127180000_other_asset_class.sql";

export type Target = { url: string; key: string; local: boolean };

export class PushError extends Error {}

/**
 * Where to push. SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY from the environment name a real
 * project; with neither, the zero-config local API (its well-known demo key signs nothing real).
 * The key is never read from a file: a service-role key must not live in the repository.
 */
export function resolveTarget(env: Record<string, string | undefined>): Target {
  const url = env.SUPABASE_URL?.trim();
  const key = env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  if (url && !key) {
    throw new PushError(
      "SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not. Export the project's service-role key (Dashboard > Project Settings > API keys) for this shell only; never save it in a file in the repo.",
    );
  }
  if (key && !url)
    throw new PushError(
      "SUPABASE_SERVICE_ROLE_KEY is set but SUPABASE_URL is not: set both, or neither to push to the local API.",
    );
  if (url && key) {
    if (!/^https?:\/\/[^\s/]+/.test(url)) throw new PushError(`SUPABASE_URL '${url}' is not an http(s) URL.`);
    const role = jwtRole(key);
    if (role !== null && role !== "service_role") {
      throw new PushError(`SUPABASE_SERVICE_ROLE_KEY holds a '${role}' key; data:push needs the service_role key.`);
    }
    return { url: url.replace(/\/+$/, ""), key, local: false };
  }
  const port = env.LOCAL_API_PORT?.trim() || String(LOCAL_API_PORT);
  return { url: `http://${LOCAL_API_HOST}:${port}`, key: LOCAL_SERVICE_ROLE_KEY, local: true };
}

/** The role claim of a legacy JWT API key; null for other key formats (e.g. sb_secret_...). */
export function jwtRole(key: string): string | null {
  try {
    const { role } = decodeJwt(key);
    return typeof role === "string" ? role : null;
  } catch {
    return null;
  }
}

export type PushOptions = {
  csvText: string;
  csvLabel: string;
  today: string;
  dryRun: boolean;
  target: Target;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /** The evidence and TVL history: with them the push also replaces the risk factors (push-risk.ts). */
  risk?: RiskFiles;
  /** data/products.json's text: pushed with the protocols, in the same transaction (omitted: protocols only). */
  productsText?: string;
  productsLabel?: string;
};

type Counts = { inserted: number; updated: number; deleted: number };
export type PushResult = (Counts & { products?: Counts; changes?: { recorded: number } }) | "dry-run" | "no-changes";

/**
 * data:check, then the diff against the live rows, then (unless dry run) one sync_protocols call;
 * with `risk`, then the risk factors and the rating's changes (one sync_protocol_risk_factors call).
 */
export async function pushData(options: PushOptions): Promise<PushResult> {
  const log = options.log ?? console.log;
  const { target } = options;
  log(`Target: ${target.local ? `local API at ${target.url} (local demo service-role key)` : target.url}`);

  const { rows: csvRows, problems } = checkCsv(options.csvText, { today: options.today });
  if (problems.length > 0) {
    for (const problem of problems) log(formatProblem(problem));
    throw new PushError(
      `data:push refused: ${options.csvLabel} has ${problems.length} problem(s) as of ${options.today} (see npm run data:check). ` +
        "Fix them; to push a reviewed historical snapshot, pass the same --today you reviewed it with.",
    );
  }
  log(`${options.csvLabel}: ${csvRows.length} protocols pass data:check as of ${options.today}.`);
  const productsLabel = options.productsLabel ?? "data/products.json";
  let next: ProductSyncRow[] | null = null;
  if (options.productsText !== undefined) {
    const checked = checkPushProducts(options.productsText, csvRows);
    if ("problems" in checked) {
      for (const line of checked.problems) log(line);
      throw new PushError(
        `data:push refused: ${productsLabel} has ${checked.problems.length} problem(s) (see npm run data:check).`,
      );
    }
    next = checked.products;
    log(`${productsLabel}: ${next.length} products pass data:check.`);
  }

  const api = new RestClient(target, options.fetch ?? fetch);
  const current = await api.currentRows();
  const { rows, kept } = keepNewerTvl(current, csvRows);
  for (const k of kept) {
    log(
      `Kept ${k.name}'s ${k.what} from the database (dated ${k.database}, the CSV's is ${k.csv}): run data:refresh with --write-csv to bring the CSV up to date.`,
    );
  }
  const diff = diffRows(current, rows);
  log(formatDiff(diff, { before: target.local ? "the local database" : "the live database", after: options.csvLabel }));
  // The products: their diff, and each reviewed product's term that reads differently (a 'terms' change row).
  const reviewed = new Set(rows.filter((row) => row.review_status === "reviewed").map((row) => row.name));
  const products = next === null ? null : planProducts(await api.currentProducts(), next, reviewed, todayUtc());
  if (products !== null) for (const line of formatProductPlan(products, productsLabel)) log(line);

  let result: PushResult;
  if (
    diff.added.length + diff.removed.length + diff.changed.length === 0 &&
    (products === null || productPlanIsEmpty(products))
  ) {
    log("Nothing to push: the database already matches.");
    result = "no-changes";
  } else if (options.dryRun) {
    log("Dry run: nothing was written.");
    result = "dry-run";
  } else
    result = await syncAndVerify(api, rows, { plan: products, reviewed, label: productsLabel }, options.csvLabel, log);
  if (options.risk) {
    await pushRisk({
      call: (path, init, action) => api.call(path, init, action),
      before: current,
      rows,
      files: options.risk,
      day: options.today,
      dryRun: options.dryRun,
      log,
    });
  }
  return result;
}

type ProductsPush = { plan: ProductPlan | null; reviewed: Set<string>; label: string };

async function syncAndVerify(
  api: RestClient,
  rows: ProtocolRow[],
  products: ProductsPush,
  csvLabel: string,
  log: (line: string) => void,
): Promise<Counts & { products?: Counts; changes?: { recorded: number } }> {
  const result: Counts & { products?: Counts; changes?: { recorded: number } } =
    products.plan === null ? await api.sync(rows) : await api.syncWithProducts(rows, products.plan);
  log(`Pushed in one transaction: ${result.inserted} inserted, ${result.updated} updated, ${result.deleted} deleted.`);
  if (result.products !== undefined)
    log(
      `Products: ${result.products.inserted} inserted, ${result.products.updated} updated, ${result.products.deleted} deleted; ${result.changes?.recorded ?? 0} term change(s) recorded.`,
    );

  const after = diffRows(await api.currentRows(), rows);
  if (after.added.length + after.removed.length + after.changed.length > 0) {
    throw new PushError(
      "The push finished but the database still differs from the CSV; run data:push --dry-run to see how.",
    );
  }
  if (products.plan !== null) {
    const again = planProducts(await api.currentProducts(), products.plan.products, products.reviewed, todayUtc());
    if (again.added.length + again.removed.length + again.changed.length > 0)
      throw new PushError(
        `The push finished but the products still differ from ${products.label}; run data:push --dry-run to see how.`,
      );
  }
  log(`Verified: the database matches ${csvLabel}${products.plan === null ? "" : ` and ${products.label}`}.`);
  return result;
}

type PostgrestError = { code?: string; message?: string; details?: string | null; hint?: string | null };

class RestClient {
  private readonly request: (path: string, init?: RequestInit) => Promise<Response>;

  constructor(target: Target, fetchImpl: typeof fetch) {
    this.request = serviceRequest(target.url, target.key, fetchImpl, (reason) =>
      target.local
        ? new PushError(
            `Could not reach the local API at ${target.url} (${reason}): start it with npm run local-api, then run this again.`,
          )
        : new PushError(`Could not reach ${target.url} (${reason}).`),
    );
  }

  private async fail(response: Response, action: string): Promise<never> {
    const body = (await response.json().catch(() => ({}))) as PostgrestError;
    const message = body.message ?? response.statusText;
    if (response.status === 401 || response.status === 403 || body.code === "42501") {
      throw new PushError(
        `${action} was refused (HTTP ${response.status}: ${message}). Check that SUPABASE_SERVICE_ROLE_KEY is this project's service-role key.`,
      );
    }
    if (body.code === "PGRST202" || (response.status === 404 && action.includes("sync_protocols"))) {
      throw new PushError(
        `The database has no public.sync_protocols(rows jsonb): apply ${MIGRATION_FILE} first (supabase db push).`,
      );
    }
    if (
      body.code === "22023" &&
      /unknown field "(defillama_slug|tvl_usd|tvl_as_of|tvl_source_url|tvl_source)"/.test(body.message ?? "")
    ) {
      throw new PushError(
        `The database's sync_protocols predates the live TVL columns: apply ${MIGRATION_FILE} first (supabase db push).`,
      );
    }
    const migration = missingMigration(message);
    if (migration !== null) throw new PushError(migration);
    // data:check passed, so a refused asset class is a reviewed 'Other' the database predates.
    if (body.code === "23514" && message.includes("protocols_asset_classes_check")) {
      throw new PushError(
        `The database refused an asset class: 'Other' needs ${OTHER_CLASS_MIGRATION_FILE} (supabase db push). Nothing was changed.`,
      );
    }
    const extra = [body.details, body.hint].filter(Boolean).join(" ");
    throw new PushError(
      `${action} failed (HTTP ${response.status}${body.code ? `, ${body.code}` : ""}): ${message}${extra ? ` ${extra}` : ""}`,
    );
  }

  /** Any other request of the push: the JSON answer, or the same errors as the others. */
  async call(path: string, init: RequestInit | undefined, action: string): Promise<unknown> {
    const response = await this.request(path, init);
    if (!response.ok) await this.fail(response, action);
    return response.json();
  }

  async currentRows(): Promise<ProtocolRow[]> {
    const response = await this.request("/rest/v1/protocols?select=*&order=name.asc");
    if (!response.ok) await this.fail(response, "Reading the current protocols");
    const body = (await response.json()) as Record<string, unknown>[];
    return body.map(fromDatabase);
  }

  currentProducts(): Promise<ProductSyncRow[]> {
    return readLiveProducts(this.request, (response, action) => this.fail(response, action));
  }

  syncWithProducts(rows: ProtocolRow[], plan: ProductPlan) {
    return syncProtocolsAndProducts(this.request, (response, action) => this.fail(response, action), rows, plan);
  }

  async sync(rows: ProtocolRow[]): Promise<{ inserted: number; updated: number; deleted: number }> {
    const response = await this.request("/rest/v1/rpc/sync_protocols", {
      method: "POST",
      body: JSON.stringify({ rows }),
    });
    if (!response.ok) await this.fail(response, "Calling sync_protocols (nothing was changed)");
    return (await response.json()) as { inserted: number; updated: number; deleted: number };
  }
}

/** A row as PostgREST returns it; provenance columns are absent on databases without the migration. */
function fromDatabase(row: Record<string, unknown>): ProtocolRow {
  const optional = (key: string) => (typeof row[key] === "string" ? (row[key] as string) : null);
  return protocolRowFrom({
    text: (key) => optional(key) ?? "",
    optional,
    list: (key) => (Array.isArray(row[key]) ? (row[key] as unknown[]).map(String) : []),
    number: (key) => (row[key] === null || row[key] === undefined ? null : Number(row[key])),
    integer: (key) => (typeof row[key] === "number" ? row[key] : null),
  });
}
