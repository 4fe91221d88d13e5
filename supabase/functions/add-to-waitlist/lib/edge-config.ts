// What the deployed function needs from its environment, checked before it serves anything.
// Runtime-neutral (the getter is Deno.env.get on Supabase), so the Deno tests drive it directly.
import { jsonResponse, parseAllowedOrigins } from "./http.ts";
import type { AllowedOrigins, Logger } from "./types.ts";

export type EdgeConfig = { allowedOrigins: AllowedOrigins; confirmUrl: string };

export type EdgeConfigResult = { ok: true; config: EdgeConfig; warnings: string[] } | { ok: false; problems: string[] };

export function readEdgeConfig(get: (name: string) => string | undefined): EdgeConfigResult {
  const problems: string[] = [];
  const warnings: string[] = [];
  const rawOrigins = get("ALLOWED_ORIGINS")?.trim() ?? "";
  const listed = rawOrigins
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  // Unset must not mean "every site may call this": the local API is the only place for that.
  if (listed.length === 0) {
    problems.push("ALLOWED_ORIGINS is not set: set it to the site's origin(s), e.g. https://rwaatlas.com");
  } else if (parseAllowedOrigins(rawOrigins) === "*") {
    warnings.push('ALLOWED_ORIGINS is "*": any web site may call this function from its visitors\' browsers');
  }
  const confirmUrl = get("WAITLIST_CONFIRM_URL")?.trim() ?? "";
  if (confirmUrl === "") {
    problems.push(
      "WAITLIST_CONFIRM_URL is not set: set it to the site's confirmation page, e.g. https://rwaatlas.com/confirm",
    );
  } else if (!/^https:\/\/[^\s/]+\/\S*$/.test(confirmUrl)) {
    problems.push(`WAITLIST_CONFIRM_URL must be an https URL of the /confirm page, got "${confirmUrl}"`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, config: { allowedOrigins: parseAllowedOrigins(rawOrigins), confirmUrl }, warnings };
}

/** Serves nothing but a 503 (no CORS: no site is allowed yet) and says why in the log. */
export function refusingHandler(problems: string[], log: Logger): (req: Request) => Response {
  log.error("waitlist.misconfigured", { detail: problems.join("; ") });
  return () => {
    log.error("waitlist.misconfigured", { detail: problems.join("; ") });
    return jsonResponse(503, { error: "The waitlist is not configured." }, { "Retry-After": "300" });
  };
}
