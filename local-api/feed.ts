// The feed Edge Function in the local API: the same handler.ts the Deno adapter serves, reading
// through this server's own PostgREST subset as the anon role (what the deployed function reads
// over HTTP with the anon key), so RLS and grants decide exactly as they do on Supabase.
import type { PGlite } from "@electric-sql/pglite";
import type { FeedDeps } from "../supabase/functions/feed/handler.ts";
import { createRestFeedStore } from "../supabase/functions/feed/lib/store.ts";
import type { Logger } from "../supabase/functions/_shared/log.ts";
import { readTable } from "./postgrest.ts";

export function localFeedDeps(db: PGlite, options: { apiUrl: string; siteUrl: string; log: Logger }): FeedDeps {
  const store = createRestFeedStore(async (pathAndQuery) => {
    const url = new URL(`http://local${pathAndQuery}`);
    const result = await readTable(db, "anon", url.pathname.slice(1), url.searchParams, {
      accept: null,
      prefer: null,
    });
    return JSON.parse(result.body ?? "null") as unknown;
  });
  return { store, siteUrl: options.siteUrl, feedUrl: `${options.apiUrl}/functions/v1/feed`, log: options.log };
}
