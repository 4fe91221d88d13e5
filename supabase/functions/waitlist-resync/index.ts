// Scheduled Edge Function: retries the confirmation mails and audience contacts the provider
// missed, removes from the audience the addresses that left the list, and asks the legacy
// single-opt-in rows for consent (taking off the list those that never answer). Schedule it
// (pg_cron + pg_net, e.g. every 15 minutes) as a POST with WAITLIST_RESYNC_SECRET as bearer token.
// All behaviour is in ../add-to-waitlist/lib/scheduled-resync.ts and resync-endpoint.ts.
import { createClient } from "@supabase/supabase-js";
import { readEdgeConfig } from "../add-to-waitlist/lib/edge-config.ts";
import { readServiceEnv } from "../_shared/env.ts";
import { createJsonLogger } from "../_shared/log.ts";
import { createResendMailer, readResendConfig } from "../add-to-waitlist/lib/resend.ts";
import { handleResyncRequest } from "../add-to-waitlist/lib/resync-endpoint.ts";
import { runScheduledResync } from "../add-to-waitlist/lib/scheduled-resync.ts";
import { createSupabaseStore } from "../add-to-waitlist/lib/supabase-store.ts";

const env = (name: string) => Deno.env.get(name);
const { supabaseUrl, serviceRoleKey } = readServiceEnv(env);
const resend = readResendConfig(env);
if (!resend)
  throw new Error("RESEND_API_KEY, RESEND_AUDIENCE_ID and WAITLIST_FROM must be set: there is nothing to resync to");
const edge = readEdgeConfig(env);
if (!edge.ok) throw new Error(edge.problems.join("; "));
const confirmUrl = edge.config.confirmUrl;

const log = createJsonLogger();
const store = createSupabaseStore(
  createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } }),
);
const mailer = createResendMailer(resend);

Deno.serve((req) =>
  handleResyncRequest(req, {
    secret: env("WAITLIST_RESYNC_SECRET"),
    run: () => runScheduledResync({ store, mailer, log, confirmUrl }),
    log,
  }),
);
