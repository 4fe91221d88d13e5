// Scheduled Edge Function: the daily TVL refresh from DefiLlama (the same core as npm run
// data:refresh). Schedule it with pg_cron + pg_net as a POST with REFRESH_PROTOCOLS_SECRET as
// bearer token (README, "Deploy"). All behaviour is in lib/ (runtime-neutral, tested under Node and Deno).
import { readServiceEnv } from "../_shared/env.ts";
import { jsonLogLine } from "../_shared/log.ts";
import { MIN_SECRET_LENGTH } from "../_shared/scheduled.ts";
import { DEFILLAMA_API, fetchJson } from "./lib/defillama.ts";
import { handleRefreshRequest } from "./lib/endpoint.ts";
import { httpSource, refreshProtocols } from "./lib/refresh.ts";
import { createRestStore } from "./lib/rest-store.ts";

const env = (name: string) => Deno.env.get(name)?.trim() ?? "";
const { supabaseUrl, serviceRoleKey } = readServiceEnv(env);
const secret = env("REFRESH_PROTOCOLS_SECRET");
if (secret.length < MIN_SECRET_LENGTH) {
  throw new Error(`REFRESH_PROTOCOLS_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters`);
}

const log = (event: string, fields: Record<string, unknown>) => console.log(jsonLogLine("info", event, fields));
const store = createRestStore({ url: supabaseUrl, serviceRoleKey, fetch });
const source = httpSource((url) => fetchJson(url, { fetch }), DEFILLAMA_API);

Deno.serve((req) =>
  handleRefreshRequest(req, {
    secret,
    now: () => new Date(),
    log,
    run: (day) => refreshProtocols({ store, source, day }),
  }),
);
