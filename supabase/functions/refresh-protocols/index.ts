// Scheduled Edge Function: the daily refresh of TVL and yields from DefiLlama (the same core as npm run
// data:refresh). Schedule it with pg_cron + pg_net as a POST with REFRESH_PROTOCOLS_SECRET as
// bearer token (README, "Deploy"). All behaviour is in lib/ (runtime-neutral, tested under Node and Deno).
import { readServiceEnv } from "../_shared/env.ts";
import { jsonLogLine } from "../_shared/log.ts";
import { MIN_SECRET_LENGTH } from "../_shared/scheduled.ts";
import { readChangeThresholds } from "./lib/change-rules.ts";
import { DEFILLAMA_API, fetchJson } from "./lib/defillama.ts";
import { handleRefreshRequest } from "./lib/endpoint.ts";
import { refreshProtocols } from "./lib/refresh.ts";
import { createRestStore } from "./lib/rest-store.ts";
import { httpSource } from "./lib/source.ts";

const env = (name: string) => Deno.env.get(name)?.trim() ?? "";
const { supabaseUrl, serviceRoleKey } = readServiceEnv(env);
const secret = env("REFRESH_PROTOCOLS_SECRET");
if (secret.length < MIN_SECRET_LENGTH) {
  throw new Error(`REFRESH_PROTOCOLS_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters`);
}

// The TVL from which DefiLlama's RWA protocols are listed for review (default $10M).
const thresholdText = env("REFRESH_TRACK_THRESHOLD_USD");
if (thresholdText !== "" && !/^[0-9]+$/.test(thresholdText)) {
  throw new Error("REFRESH_TRACK_THRESHOLD_USD must be whole dollars, e.g. 10000000");
}
const trackThreshold = thresholdText === "" ? undefined : Number(thresholdText);

// When a move goes into the change log: CHANGE_TVL_DAY_PCT, CHANGE_TVL_WEEK_PCT, CHANGE_YIELD_POINTS (defaults 10, 20, 1).
const changeThresholds = readChangeThresholds((name) => env(name));

const log = (event: string, fields: Record<string, unknown>) => console.log(jsonLogLine("info", event, fields));
const store = createRestStore({ url: supabaseUrl, serviceRoleKey, fetch });
const source = httpSource((url) => fetchJson(url, { fetch }), DEFILLAMA_API);

Deno.serve((req) =>
  handleRefreshRequest(req, {
    secret,
    now: () => new Date(),
    log,
    // The function never accepts: held figures and new tracked rows wait for a person (npm run data:refresh -- --accept).
    run: (day) => refreshProtocols({ store, source, day, trackThreshold, changeThresholds }),
  }),
);
