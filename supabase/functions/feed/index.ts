// Supabase Edge entry: read env, build the REST reader, serve. All behaviour is in handler.ts.
// Public and read-only: it reads the change log with the anon key (what any visitor may read, RLS
// included), never the service-role key.
import { createJsonLogger } from "../_shared/log.ts";
import { withDeadline } from "../_shared/outbound.ts";
import { handleFeedRequest } from "./handler.ts";
import { createRestFeedStore } from "./lib/store.ts";

const READ_TIMEOUT_MS = 8_000;

const env = (name: string) => Deno.env.get(name)?.trim() ?? "";
const supabaseUrl = env("SUPABASE_URL").replace(/\/+$/, "");
const anonKey = env("SUPABASE_ANON_KEY");
if (!supabaseUrl || !anonKey) throw new Error("SUPABASE_URL and SUPABASE_ANON_KEY must be set");
// The site the entries link to (VITE_SITE_URL of the build), and the feed's public URL.
const siteUrl = (env("SITE_URL") || "https://rwaatlas.com").replace(/\/+$/, "");
const feedUrl = env("FEED_URL") || `${supabaseUrl}/functions/v1/feed`;

const store = createRestFeedStore((path) =>
  withDeadline(
    READ_TIMEOUT_MS,
    async (signal) => {
      const response = await fetch(`${supabaseUrl}/rest/v1${path}`, {
        signal,
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`GET ${path.split("?")[0]} answered HTTP ${response.status}`);
      return response.json();
    },
    () => new Error(`GET ${path.split("?")[0]} did not answer within ${READ_TIMEOUT_MS / 1000} s`),
  ),
);
const log = createJsonLogger();

Deno.serve((req) => handleFeedRequest(req, { store, siteUrl, feedUrl, log }));
