// add-to-waitlist, runtime-neutral: (Request, deps) -> Response. No Deno or Node globals here, so
// the Supabase Edge runtime (index.ts), the local API and the tests all run this same code.
//
// Two routes, one function (one deploy, one set of secrets and origins):
//   POST .../add-to-waitlist          { email, source? } -> 200 { ok: true } (new or repeat alike)
//   POST .../add-to-waitlist/confirm  { token }          -> 200 { status: confirmed | already | expired | invalid }
//   POST .../add-to-waitlist/stop     { token }          -> 200 { status: stopped | invalid }  (the mail's
//                                                            "This wasn't me: stop" link: no mail to the inbox again)
import { clientKey, trustedClientAddress } from "./lib/client-address.ts";
import { mailboxOf, maskEmail, normalizeEmail } from "./lib/email.ts";
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
import { addConfirmedContact, removeListedContact, sendConfirmationMail } from "./lib/sync.ts";
import { hashToken, newToken, TOKEN_PATTERN, TOKEN_TTL_SECONDS } from "./lib/token.ts";
import { TURNSTILE_HEADER, type BotChallenge } from "./lib/turnstile.ts";
import type { AllowedOrigins, Logger, SignupLimits, WaitlistMailer, WaitlistStore } from "./lib/types.ts";

export const MAX_BODY_BYTES = 1024;

// What the handler is given, so every runtime runs this same code. Alike in form only to
// refresh-protocols' injected types (lib/types.ts): the two functions share no logic.
export type Deps = {
  store: WaitlistStore;
  /** null: provider not configured; signups are stored, mails stay due, and the log says so. */
  mailer: WaitlistMailer | null;
  /** The durable limits, counted in Postgres so every isolate shares them. */
  limits: SignupLimits;
  log: Logger;
  allowedOrigins: AllowedOrigins;
  /** The /confirm page the mail links to (the local API answers its dev or preview origin). */
  confirmUrl: (req: Request) => string;
  /**
   * Runs provider calls after the response (EdgeRuntime.waitUntil on Supabase): a new and a
   * repeat signup answer after the same single database call, and a slow provider stays out of
   * the visitor's wait.
   */
  defer?: (task: Promise<unknown>) => void;
  /** The caller's address; default: the platform's trusted header (lib/client-address.ts). */
  clientAddress?: (req: Request) => string;
  /**
   * The bot challenge (Turnstile, lib/turnstile.ts) a signup must pass, when configured: checked
   * after the address and before the limits, so a bot uses up nobody's quota. null or absent: off.
   */
  challenge?: BotChallenge | null;
  providerTimeoutMs?: number;
};

export const MESSAGES = {
  methodNotAllowed: "Method not allowed. Use POST.",
  originNotAllowed: "Origin not allowed",
  unsupportedMediaType: "Content-Type must be application/json",
  tooLarge: `Request body must be at most ${MAX_BODY_BYTES} bytes`,
  badJson: "Request body must be a JSON object",
  rateLimited: "Too many signup attempts. Please wait a minute and try again.",
  challengeFailed: "The bot check did not pass. Please try again.",
  unavailable: "The waitlist is temporarily unavailable. Please try again shortly.",
  internal: "Internal error",
} as const;

export type ConfirmStatus = "confirmed" | "already" | "expired" | "invalid";
export type StopStatus = "stopped" | "invalid";

export async function handleRequest(req: Request, deps: Deps): Promise<Response> {
  const origin = req.headers.get("origin");
  const cors = corsHeaders(origin, deps.allowedOrigins);
  const fail = (status: number, error: string, extra: Record<string, string> = {}) =>
    jsonResponse(status, { error }, { ...cors, ...extra });

  try {
    if (!isOriginAllowed(origin, deps.allowedOrigins)) return fail(403, MESSAGES.originNotAllowed);
    if (req.method === "OPTIONS") return emptyResponse(204, cors);
    if (req.method !== "POST") return fail(405, MESSAGES.methodNotAllowed, { Allow: "POST, OPTIONS" });
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

    const route = routeOf(req.url);
    if (route === "confirm") return await confirm(body, deps, cors, fail);
    if (route === "stop") return await stop(body, deps, cors, fail);

    const email = normalizeEmail(body.email);
    if (!email.ok) return fail(400, email.error);
    const source = normalizeSource(body.source);

    const address = (deps.clientAddress ?? ((r: Request) => trustedClientAddress(r.headers)))(req);
    if (deps.challenge) {
      let verdict;
      try {
        verdict = await deps.challenge.verify(
          req.headers.get(TURNSTILE_HEADER) ?? "",
          address === "unknown" ? null : address,
        );
      } catch (error) {
        deps.log.error("waitlist.challenge_unavailable", { error: describe(error) });
        return fail(503, MESSAGES.unavailable, { "Retry-After": "30" });
      }
      if (!verdict.ok) {
        deps.log.warn("waitlist.challenge_failed", { reason: verdict.reason, client: clientKey(address) });
        return fail(403, MESSAGES.challengeFailed);
      }
    }

    // Only a well-formed request reaches the limits: junk never uses up a real visitor's quota.
    const client = clientKey(address);
    const token = newToken();
    const tokenHash = await hashToken(token);
    let outcome;
    try {
      outcome = await deps.store.signup({
        email: email.email,
        mailbox: mailboxOf(email.email),
        source,
        client,
        tokenHash,
        ttlSeconds: TOKEN_TTL_SECONDS,
        limits: deps.limits,
      });
    } catch (error) {
      deps.log.error("waitlist.store_unavailable", { error: describe(error) });
      return fail(503, MESSAGES.unavailable, { "Retry-After": "30" });
    }
    if (outcome.outcome === "limited") {
      deps.log.warn("waitlist.rate_limited", { client });
      return fail(429, MESSAGES.rateLimited, { "Retry-After": String(outcome.retryAfterSeconds) });
    }

    // New, repeat, confirmed or not: the same answer, so nobody can probe who joined.
    if (outcome.outcome === "send") {
      deps.log.info("waitlist.confirmation_due", { email: maskEmail(email.email), source });
      const confirmUrl = deps.confirmUrl(req);
      run(deps, sendConfirmationMail(email.email, token, tokenHash, confirmUrl, syncDeps(deps)));
    }
    return jsonResponse(200, { ok: true }, cors);
  } catch (error) {
    // Details go to the log only; a stack trace never reaches the body.
    deps.log.error("waitlist.unexpected_error", { error: describe(error) });
    return fail(500, MESSAGES.internal);
  }
}

async function confirm(
  body: Record<string, unknown>,
  deps: Deps,
  cors: Record<string, string>,
  fail: (status: number, error: string, extra?: Record<string, string>) => Response,
): Promise<Response> {
  const answer = (status: ConfirmStatus) => jsonResponse(200, { status }, cors);
  // A 256-bit token cannot be guessed, so confirming needs no rate limit of its own.
  if (typeof body.token !== "string" || !TOKEN_PATTERN.test(body.token)) return answer("invalid");
  let outcome;
  try {
    outcome = await deps.store.confirm(await hashToken(body.token));
  } catch (error) {
    deps.log.error("waitlist.store_unavailable", { error: describe(error) });
    return fail(503, MESSAGES.unavailable, { "Retry-After": "30" });
  }
  if (outcome.status === "confirmed") {
    deps.log.info("waitlist.confirmed", { email: maskEmail(outcome.email) });
    // Only now, with the owner's agreement, does the address join the provider's audience.
    run(deps, addConfirmedContact(outcome.email, syncDeps(deps)));
  }
  return answer(outcome.status);
}

async function stop(
  body: Record<string, unknown>,
  deps: Deps,
  cors: Record<string, string>,
  fail: (status: number, error: string, extra?: Record<string, string>) => Response,
): Promise<Response> {
  const answer = (status: StopStatus) => jsonResponse(200, { status }, cors);
  // The mail's own token, as for confirming: only the inbox that got the mail can stop its mail.
  if (typeof body.token !== "string" || !TOKEN_PATTERN.test(body.token)) return answer("invalid");
  let outcome;
  try {
    outcome = await deps.store.stop(await hashToken(body.token));
  } catch (error) {
    deps.log.error("waitlist.store_unavailable", { error: describe(error) });
    return fail(503, MESSAGES.unavailable, { "Retry-After": "30" });
  }
  if (outcome.status === "stopped") {
    deps.log.info("waitlist.stopped", { removing: outcome.remove.length });
    // Any spelling of the inbox that was on the list leaves the audience too (the resync retries).
    for (const email of outcome.remove) run(deps, removeListedContact(email, syncDeps(deps)));
  }
  return answer(outcome.status);
}

function syncDeps(deps: Deps) {
  return { store: deps.store, mailer: deps.mailer, log: deps.log, timeoutMs: deps.providerTimeoutMs };
}

function run(deps: Deps, task: Promise<unknown>) {
  if (deps.defer) deps.defer(task);
  else void task;
}

function routeOf(url: string): "signup" | "confirm" | "stop" {
  const path = new URL(url).pathname.replace(/\/+$/, "");
  if (path.endsWith("/confirm")) return "confirm";
  if (path.endsWith("/stop")) return "stop";
  return "signup";
}

function isJson(contentType: string | null): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
