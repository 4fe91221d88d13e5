// Supabase Edge entry: read env, build the real dependencies, serve. All behaviour is in handler.ts.
import { createClient } from "@supabase/supabase-js";
import { handleRequest, type Deps } from "./handler.ts";
import { parseAllowedOrigins } from "./lib/http.ts";
import { createJsonLogger } from "./lib/log.ts";
import { createMemoryRateLimiter } from "./lib/rate-limiter.ts";
import { createResendMailer, readResendConfig } from "./lib/resend.ts";
import { createSupabaseStore } from "./lib/supabase-store.ts";

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const env = (name: string) => Deno.env.get(name);
const supabaseUrl = env("SUPABASE_URL");
const serviceRoleKey = env("SUPABASE_SERVICE_ROLE_KEY");
if (!supabaseUrl || !serviceRoleKey) throw new Error("SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set");

const log = createJsonLogger();
const resend = readResendConfig(env);
if (!resend) log.warn("waitlist.provider_not_configured", { detail: "RESEND_API_KEY, RESEND_AUDIENCE_ID, WAITLIST_FROM" });

const deps: Deps = {
  store: createSupabaseStore(
    createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } }),
  ),
  mailer: resend ? createResendMailer(resend) : null,
  rateLimiter: createMemoryRateLimiter({ limit: 5, windowMs: 60_000 }),
  clock: { now: () => Date.now() },
  log,
  allowedOrigins: parseAllowedOrigins(env("ALLOWED_ORIGINS")),
  defer: (task) => (typeof EdgeRuntime === "undefined" ? void task : EdgeRuntime.waitUntil(task)),
};

Deno.serve((req) => handleRequest(req, deps));
