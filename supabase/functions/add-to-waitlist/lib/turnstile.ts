// The signup's bot challenge: Cloudflare Turnstile, checked on the server only when the function
// has a secret (TURNSTILE_SECRET_KEY). The site renders the widget when it was built with
// VITE_TURNSTILE_SITE_KEY and sends the widget's token in the X-Turnstile-Token header: a token
// can be 2,048 characters, and the body stays under its 1 KB cap. Runtime-neutral: fetch only.
import type { Logger } from "../../_shared/log.ts";
import { withDeadline } from "../../_shared/outbound.ts";

export const TURNSTILE_HEADER = "x-turnstile-token";
/** Cloudflare's documented maximum token length. */
export const MAX_TURNSTILE_TOKEN_LENGTH = 2048;
/** The widget's action (src/features/waitlist/turnstile.ts): a token minted for another form is refused. */
export const TURNSTILE_ACTION = "waitlist-signup";
export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const VERIFY_TIMEOUT_MS = 5_000;

/** passed; refused (a missing, forged, replayed, expired or foreign token); or Cloudflare could not say. */
export type ChallengeResult = { ok: true } | { ok: false; reason: string };

export interface BotChallenge {
  /** Throws when the verdict could not be had (network, timeout, an answer that is not Siteverify's). */
  verify(token: string, remoteIp: string | null): Promise<ChallengeResult>;
}

export class ChallengeUnavailableError extends Error {}

export type TurnstileConfig = {
  secret: string;
  /** Hostnames the token must have been issued on (the allowed origins'); empty: any. */
  hostnames: readonly string[];
};

/** TURNSTILE_SECRET_KEY set: the challenge is on. Unset: off (the log says so at start). */
export function readTurnstileConfig(
  get: (name: string) => string | undefined,
  allowedOrigins: "*" | readonly string[],
): TurnstileConfig | null {
  const secret = get("TURNSTILE_SECRET_KEY")?.trim() ?? "";
  if (secret === "") return null;
  const hostnames = allowedOrigins === "*" ? [] : allowedOrigins.map((origin) => new URL(origin).hostname);
  return { secret, hostnames };
}

/**
 * Says at start, plainly, whether signups pass a bot check. The deploy steps set the secret up
 * (README, Deploy); a function that runs without it logs an error line saying so, every start.
 */
export function announceBotCheck(config: TurnstileConfig | null, log: Logger): void {
  if (config) {
    log.info("waitlist.bot_check_on", { hostnames: config.hostnames.join(",") || "any" });
    return;
  }
  log.error("waitlist.bot_check_off", {
    detail:
      "RUNNING WITHOUT A BOT CHECK: TURNSTILE_SECRET_KEY is not set, so any script can sign up addresses, " +
      "made-up ones included. Set it (and build the site with VITE_TURNSTILE_SITE_KEY): README, Deploy.",
  });
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export function createTurnstileChallenge(
  config: TurnstileConfig,
  fetchImpl: Fetch = (url, init) => fetch(url, init),
  timeoutMs = VERIFY_TIMEOUT_MS,
): BotChallenge {
  return {
    async verify(token, remoteIp) {
      if (token === "" || token.length > MAX_TURNSTILE_TOKEN_LENGTH) return { ok: false, reason: "no usable token" };
      const answer = await withDeadline(
        timeoutMs,
        async (signal) => {
          let response: Response;
          try {
            response = await fetchImpl(SITEVERIFY_URL, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({
                secret: config.secret,
                response: token,
                ...(remoteIp ? { remoteip: remoteIp } : {}),
              }),
              signal,
            });
          } catch (error) {
            throw new ChallengeUnavailableError(`siteverify unreachable: ${(error as Error).message}`);
          }
          if (!response.ok) throw new ChallengeUnavailableError(`siteverify answered ${response.status}`);
          try {
            return (await response.json()) as Record<string, unknown>;
          } catch {
            throw new ChallengeUnavailableError("siteverify answered something that is not JSON");
          }
        },
        () => new ChallengeUnavailableError(`siteverify timed out after ${timeoutMs} ms`),
      );
      if (typeof answer?.success !== "boolean") throw new ChallengeUnavailableError("siteverify answered no verdict");
      if (!answer.success) {
        const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].join(",") : "";
        return { ok: false, reason: `refused (${codes || "no code"})` };
      }
      if (answer.action !== TURNSTILE_ACTION) return { ok: false, reason: `action ${String(answer.action)}` };
      if (config.hostnames.length > 0 && !config.hostnames.includes(String(answer.hostname))) {
        return { ok: false, reason: `hostname ${String(answer.hostname)}` };
      }
      return { ok: true };
    },
  };
}
