// The refresh's store over PostgREST (a real Supabase project or the local API), with the
// service-role key. Runtime-neutral: only fetch.
import { serviceRequest } from "../../_shared/service-rest.ts";
import type {
  AppliedCounts,
  Baseline,
  ChangeWindow,
  CurrentRow,
  ProductChanges,
  ProductPools,
  RefreshChanges,
  RatingInput,
  RefreshStore,
} from "./types.ts";
import { ratingInputFrom } from "./rating-inputs.ts";

export const REFRESH_MIGRATION = "supabase/migrations/20261125001900_yields_and_tracked_rows.sql";
export const CHANGE_LOG_MIGRATION = "supabase/migrations/20261127160000_refresh_change_log.sql";
export const RATINGS_MIGRATION = "supabase/migrations/20261127213000_refresh_ratings.sql";

/** The store cannot be read or written (unreachable, refused, missing migration). Nothing was written. */
export class StoreError extends Error {}

type PostgrestErrorBody = { code?: string; message?: string; details?: string | null; hint?: string | null };

export type RestStoreOptions = {
  url: string;
  serviceRoleKey: string;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Added to "could not reach" (the CLI says how to start the local API). */
  unreachableHint?: string;
};

const COLUMNS = [
  "name",
  "defillama_slug",
  "defillama_id",
  "review_status",
  "tvl",
  "tvl_usd",
  "tvl_as_of",
  "tvl_source",
  "blockchains",
  "yield_range",
  "yield_apy_min",
  "yield_apy_max",
  "yield_as_of",
  "yield_source",
  "yield_source_url",
  "yield_pools",
  "defillama_dropped_on",
  "defillama_listed_at",
  "defillama_audits",
].join(",");

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const numeric = (value: unknown): number | null =>
  value === null || value === undefined || value === "" || !Number.isFinite(Number(value)) ? null : Number(value);

/** One row as PostgREST serves it, read defensively (numeric may come as a number or a string). */
export function currentRowFrom(row: Record<string, unknown>): CurrentRow {
  return {
    name: String(row.name),
    defillama_slug: text(row.defillama_slug),
    defillama_id: numeric(row.defillama_id),
    review_status: row.review_status === "tracked" ? "tracked" : "reviewed",
    tvl: text(row.tvl) ?? "N/A",
    tvl_usd: numeric(row.tvl_usd),
    tvl_as_of: text(row.tvl_as_of),
    tvl_source: text(row.tvl_source),
    blockchains: Array.isArray(row.blockchains) ? row.blockchains.map(String) : [],
    yield_range: text(row.yield_range) ?? "",
    yield_apy_min: numeric(row.yield_apy_min),
    yield_apy_max: numeric(row.yield_apy_max),
    yield_as_of: text(row.yield_as_of),
    yield_source: text(row.yield_source),
    yield_source_url: text(row.yield_source_url),
    yield_pools: text(row.yield_pools),
    defillama_dropped_on: text(row.defillama_dropped_on),
    defillama_listed_at: text(row.defillama_listed_at),
    defillama_audits: numeric(row.defillama_audits),
  };
}

export function createRestStore(options: RestStoreOptions): RefreshStore {
  const base = options.url.replace(/\/+$/, "");
  const request = serviceRequest(
    base,
    options.serviceRoleKey,
    options.fetch,
    (reason) =>
      new StoreError(
        `Could not reach ${base} (${reason}).${options.unreachableHint ? ` ${options.unreachableHint}` : ""}`,
      ),
  );
  const fail = async (response: Response, action: string): Promise<never> => {
    const body = (await response.json().catch(() => ({}))) as PostgrestErrorBody;
    const message = body.message ?? response.statusText;
    if (response.status === 401 || response.status === 403 || body.code === "42501") {
      throw new StoreError(
        `${action} was refused (HTTP ${response.status}: ${message}). The refresh needs the project's service-role key.`,
      );
    }
    if (body.code === "42703" || body.code === "PGRST202" || body.code === "PGRST204" || body.code === "42883") {
      throw new StoreError(
        `${action} failed: the database lacks the refresh's columns or functions (public.apply_protocol_refresh_logged, public.protocol_rating_inputs). Apply ${REFRESH_MIGRATION}, ${CHANGE_LOG_MIGRATION} and ${RATINGS_MIGRATION} first (supabase db push).`,
      );
    }
    const extra = [body.details, body.hint].filter(Boolean).join(" ");
    throw new StoreError(
      `${action} failed (HTTP ${response.status}${body.code ? `, ${body.code}` : ""}): ${message}${extra ? ` ${extra}` : ""}`,
    );
  };

  // Whether the database has the products (and the refresh's products function): see productPools.
  let withProducts = true;
  return {
    async currentRows(): Promise<CurrentRow[]> {
      const response = await request(`/rest/v1/protocols?select=${COLUMNS}&order=name.asc`);
      if (!response.ok) await fail(response, "Reading the published protocols");
      return ((await response.json()) as Record<string, unknown>[]).map(currentRowFrom);
    },
    async baselines(day: string): Promise<Baseline[]> {
      const response = await request("/rest/v1/rpc/protocol_refresh_baselines", {
        method: "POST",
        body: JSON.stringify({ run_day: day }),
      });
      if (!response.ok) await fail(response, "Reading the 7-day baselines");
      const body = (await response.json()) as Record<string, unknown>[];
      return body
        .filter((b) => typeof b.defillama_slug === "string")
        .map((b) => ({
          defillama_slug: b.defillama_slug as string,
          tvl_usd: numeric(b.tvl_usd),
          apy_min: numeric(b.apy_min),
          apy_max: numeric(b.apy_max),
        }));
    },
    async productPools(): Promise<ProductPools[]> {
      const products = await request("/rest/v1/products?select=protocol_id,symbol,pool_symbols");
      // A database from before the products (supabase/migrations/20261127120000_products.sql): none.
      if (products.status === 404) {
        withProducts = false;
        return [];
      }
      if (!products.ok) await fail(products, "Reading the products' pools");
      const protocols = await request("/rest/v1/protocols?select=id,defillama_slug");
      if (!protocols.ok) await fail(protocols, "Reading the protocols' slugs");
      const slugs = new Map(
        ((await protocols.json()) as Record<string, unknown>[]).map((p) => [String(p.id), text(p.defillama_slug)]),
      );
      return ((await products.json()) as Record<string, unknown>[]).flatMap((p) => {
        const slug = slugs.get(String(p.protocol_id));
        const pools = Array.isArray(p.pool_symbols) ? p.pool_symbols.map(String) : [];
        return slug && typeof p.symbol === "string"
          ? [{ defillama_slug: slug, symbol: p.symbol, pool_symbols: pools }]
          : [];
      });
    },
    async ratingInputs(): Promise<RatingInput[]> {
      const response = await request("/rest/v1/rpc/protocol_rating_inputs", { method: "POST", body: "{}" });
      if (!response.ok) await fail(response, "Reading what the rating reads (factors, launch dates, history)");
      return ((await response.json()) as Record<string, unknown>[]).flatMap(ratingInputFrom);
    },
    async changeWindows(day: string): Promise<ChangeWindow[]> {
      const response = await request("/rest/v1/rpc/protocol_change_windows", {
        method: "POST",
        body: JSON.stringify({ run_day: day }),
      });
      if (!response.ok) await fail(response, "Reading the change log's 7-day windows");
      const body = (await response.json()) as Record<string, unknown>[];
      return body
        .filter((w) => typeof w.defillama_slug === "string")
        .map((w) => ({
          defillama_slug: w.defillama_slug as string,
          points: (Array.isArray(w.points) ? (w.points as Record<string, unknown>[]) : []).flatMap((p) => {
            const usd = numeric(p.tvl_usd);
            return typeof p.day === "string" && usd !== null ? [{ day: p.day, usd }] : [];
          }),
          last_tvl_change: text(w.last_tvl_change),
        }));
    },
    // The figures and the change log they make, with the products' yields when there are products, in
    // one call (one transaction: apply_protocol_refresh_with_products calls the logged function).
    async apply(day: string, changes: RefreshChanges, products?: ProductChanges): Promise<AppliedCounts> {
      const both = products !== undefined && withProducts;
      const response = await request(
        both ? "/rest/v1/rpc/apply_protocol_refresh_with_products" : "/rest/v1/rpc/apply_protocol_refresh_logged",
        {
          method: "POST",
          body: JSON.stringify(both ? { run_day: day, changes, products } : { run_day: day, changes }),
        },
      );
      if (!response.ok) await fail(response, "Writing the refresh (nothing was changed)");
      return (await response.json()) as AppliedCounts;
    },
  };
}
