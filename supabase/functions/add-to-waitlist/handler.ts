// add-to-waitlist, runtime-neutral: (Request, deps) -> Response. No Deno or Node globals here, so
// the Supabase Edge runtime (index.ts), the local API and the tests all run this same code.
import { maskEmail, normalizeEmail } from "./lib/email.ts";
import {
  BodyTooLargeError,
  InvalidEncodingError,
  corsHeaders,
  emptyResponse,
  isOriginAllowed,
  jsonResponse,
  readBodyLimited,
} from "./lib/http.ts";
import { normalizeSource } from "./lib/sources.ts";
import { syncSignup } from "./lib/sync.ts";
import type { AllowedOrigins, Clock, Logger, RateLimiter, WaitlistMailer, WaitlistStore } from "./lib/types.ts";

export const MAX_BODY_BYTES = 1024;

export type Deps = {
  store: WaitlistStore;
  /** null: provider not configured; signups are stored unsynced and the log says so. */
  mailer: WaitlistMailer | null;
  rateLimiter: RateLimiter;
  clock: Clock;
  log: Logger;
  allowedOrigins: AllowedOrigins;
  /**
   * Runs the provider sync after the response (EdgeRuntime.waitUntil on Supabase). Answering
   * before the provider call makes a new and a duplicate signup take the same time, and keeps
   * a slow provider out of the visitor's wait.
   */
  defer?: (task: Promise<unknown>) => void;
  /** The caller's address for rate limiting; default: first X-Forwarded-For hop. */
  clientIp?: (req: Request) => string;
  providerTimeoutMs?: number;
};

export const MESSAGES = {
  methodNotAllowed: "Method not allowed. Use POST.",
  originNotAllowed: "Origin not allowed",
  unsupportedMediaType: "Content-Type must be application/json",
  tooLarge: `Request body must be at most ${MAX_BODY_BYTES} bytes`,
  badJson: "Request body must be a JSON object",
  rateLimited: "Too many signup attempts. Please wait a minute and try again.",
  unavailable: "The waitlist is temporarily unavailable. Please try again shortly.",
  internal: "Internal error",
} as const;

export async function handleRequest(req: Request, deps: Deps): Promise<Response> {
  const origin = req.headers.get("origin");
  const cors = corsHeaders(origin, deps.allowedOrigins);
  const fail = (status: number, error: string, extra: Record<string, string> = {}) =>
    jsonResponse(status, { error }, { ...cors, ...extra });

  try {
    if (!isOriginAllowed(origin, deps.allowedOrigins)) return fail(403, MESSAGES.originNotAllowed);
    if (req.method === "OPTIONS") return emptyResponse(204, cors);
    if (req.method !== "POST") return fail(405, MESSAGES.methodNotAllowed, { Allow: "POST, OPTIONS" });

    const ip = (deps.clientIp ?? forwardedFor)(req);
    const decision = deps.rateLimiter.hit(ip, deps.clock.now());
    if (!decision.allowed) {
      deps.log.warn("waitlist.rate_limited", { ip });
      return fail(429, MESSAGES.rateLimited, { "Retry-After": String(decision.retryAfterSeconds) });
    }

    if (!isJson(req.headers.get("content-type"))) return fail(415, MESSAGES.unsupportedMediaType);

    let text: string;
    try {
      text = await readBodyLimited(req, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return fail(413, MESSAGES.tooLarge);
      if (error instanceof InvalidEncodingError) return fail(400, MESSAGES.badJson);
      throw error;
    }

    const body = parseObject(text);
    if (!body) return fail(400, MESSAGES.badJson);
    const email = normalizeEmail(body.email);
    if (!email.ok) return fail(400, email.error);
    const source = normalizeSource(body.source);

    let created: boolean;
    try {
      ({ created } = await deps.store.add({ email: email.email, source }));
    } catch (error) {
      deps.log.error("waitlist.store_unavailable", { error: describe(error) });
      return fail(503, MESSAGES.unavailable, { "Retry-After": "30" });
    }

    // A duplicate gets exactly the same answer as a new signup: nobody can probe who joined.
    if (created) {
      deps.log.info("waitlist.joined", { email: maskEmail(email.email), source });
      const sync = syncSignup(email.email, {
        store: deps.store,
        mailer: deps.mailer,
        log: deps.log,
        timeoutMs: deps.providerTimeoutMs,
      });
      if (deps.defer) deps.defer(sync);
      else void sync;
    }
    return jsonResponse(200, { ok: true }, cors);
  } catch (error) {
    // Details go to the log only; a stack trace never reaches the body.
    deps.log.error("waitlist.unexpected_error", { error: describe(error) });
    return fail(500, MESSAGES.internal);
  }
}

function isJson(contentType: string | null): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function forwardedFor(req: Request): string {
  const first = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return first || req.headers.get("x-real-ip")?.trim() || "unknown";
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
