// The refresh's store over PostgREST (a real Supabase project or the local API), with the
// service-role key. Runtime-neutral: only fetch.
import { serviceRequest } from "../../_shared/service-rest.ts";
import type { CurrentRow, HistoryUpdate, RefreshStore, TvlUpdate } from "./refresh.ts";

export const LIVE_TVL_MIGRATION = "supabase/migrations/20251201000000_live_tvl.sql";

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

const COLUMNS = "name,defillama_slug,tvl,tvl_usd,tvl_as_of,tvl_source,blockchains";

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
    if (body.code === "42703" || body.code === "PGRST202" || body.code === "PGRST204") {
      throw new StoreError(
        `${action} failed: the database lacks the live TVL columns or public.refresh_protocol_tvl. Apply ${LIVE_TVL_MIGRATION} first (supabase db push).`,
      );
    }
    const extra = [body.details, body.hint].filter(Boolean).join(" ");
    throw new StoreError(
      `${action} failed (HTTP ${response.status}${body.code ? `, ${body.code}` : ""}): ${message}${extra ? ` ${extra}` : ""}`,
    );
  };

  return {
    async currentRows(): Promise<CurrentRow[]> {
      const response = await request(`/rest/v1/protocols?select=${COLUMNS}&order=name.asc`);
      if (!response.ok) await fail(response, "Reading the published protocols");
      const body = (await response.json()) as Record<string, unknown>[];
      return body.map((row) => ({
        name: String(row.name),
        defillama_slug: typeof row.defillama_slug === "string" ? row.defillama_slug : null,
        tvl: typeof row.tvl === "string" ? row.tvl : "N/A",
        tvl_usd: row.tvl_usd === null || row.tvl_usd === undefined ? null : Number(row.tvl_usd),
        tvl_as_of: typeof row.tvl_as_of === "string" ? row.tvl_as_of : null,
        tvl_source: typeof row.tvl_source === "string" ? row.tvl_source : null,
        blockchains: Array.isArray(row.blockchains) ? row.blockchains.map(String) : [],
      }));
    },
    async apply(day: string, updates: TvlUpdate[], history: HistoryUpdate[]) {
      const response = await request("/rest/v1/rpc/refresh_protocol_tvl", {
        method: "POST",
        body: JSON.stringify({ run_day: day, updates, history }),
      });
      if (!response.ok) await fail(response, "Writing the refresh (nothing was changed)");
      return (await response.json()) as { updated: number; history: number };
    },
  };
}
