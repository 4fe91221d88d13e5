// Supabase Edge entry: read env, build the real dependencies, serve. All behaviour is in handler.ts.
import { createClient } from "@supabase/supabase-js";
import { handleRequest, type Deps } from "./handler.ts";
import { readEdgeConfig, refusingHandler } from "./lib/edge-config.ts";
import { readServiceEnv } from "../_shared/env.ts";
import { createJsonLogger } from "../_shared/log.ts";
import { createResendMailer, readResendConfig } from "./lib/resend.ts";
import { createSupabaseStore } from "./lib/supabase-store.ts";
import { announceBotCheck, createTurnstileChallenge, readTurnstileConfig } from "./lib/turnstile.ts";
import { DEFAULT_LIMITS } from "./lib/types.ts";

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const env = (name: string) => Deno.env.get(name);
const { supabaseUrl, serviceRoleKey } = readServiceEnv(env);

const log = createJsonLogger();
const edge = readEdgeConfig(env);
if (!edge.ok) {
  // Refuse to serve rather than fall back to "any origin" or mail links to nowhere.
  Deno.serve(refusingHandler(edge.problems, log));
} else {
  for (const warning of edge.warnings) log.warn("waitlist.config_warning", { detail: warning });
  const resend = readResendConfig(env);
  if (!resend)
    log.warn("waitlist.provider_not_configured", { detail: "RESEND_API_KEY, RESEND_AUDIENCE_ID, WAITLIST_FROM" });

  const turnstile = readTurnstileConfig(env, edge.config.allowedOrigins);
  announceBotCheck(turnstile, log);

  const confirmUrl = edge.config.confirmUrl;
  const deps: Deps = {
    store: createSupabaseStore(
      createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } }),
    ),
    mailer: resend ? createResendMailer(resend) : null,
    limits: DEFAULT_LIMITS,
    log,
    allowedOrigins: edge.config.allowedOrigins,
    confirmUrl: () => confirmUrl,
    challenge: turnstile ? createTurnstileChallenge(turnstile) : null,
    defer: (task) => (typeof EdgeRuntime === "undefined" ? void task : EdgeRuntime.waitUntil(task)),
  };
  Deno.serve((req) => handleRequest(req, deps));
}
