// What the hosted project must look like, read from the repository itself: supabase/config.toml
// (Auth sign-up, each function's verify_jwt) and supabase/functions/ (which functions exist, which
// of them a schedule calls). `npm run deploy:check` compares the hosted project with this.
import { readdirSync, readFileSync } from "node:fs";

export type ExpectedSettings = {
  /** The site has no accounts: Auth sign-up must be off. */
  signupsOff: true;
  /** Every function in supabase/functions, with the gateway's JWT check as config.toml sets it. */
  functions: Array<{ slug: string; verifyJwt: boolean }>;
  /** Functions a pg_cron job must call (those that check a bearer secret of their own). */
  scheduled: string[];
  /** Secrets the functions need on the hosted project. */
  secrets: readonly string[];
};

/**
 * The secrets the deployed functions read (Deno.env), each for a reason the check names:
 * without the first two add-to-waitlist answers 503; without the Resend three no mail goes out;
 * without TURNSTILE_SECRET_KEY signups have no bot check (issue 30); without the last two the
 * schedules cannot call their functions.
 */
export const REQUIRED_SECRETS = [
  "ALLOWED_ORIGINS",
  "WAITLIST_CONFIRM_URL",
  "RESEND_API_KEY",
  "RESEND_AUDIENCE_ID",
  "WAITLIST_FROM",
  "TURNSTILE_SECRET_KEY",
  "WAITLIST_RESYNC_SECRET",
  "REFRESH_PROTOCOLS_SECRET",
] as const;

export function expectedSettings(root: URL): ExpectedSettings {
  const toml = readFileSync(new URL("supabase/config.toml", root), "utf8");
  const dir = new URL("supabase/functions/", root);
  const slugs = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
    .map((entry) => entry.name)
    .sort();
  return {
    signupsOff: true,
    functions: slugs.map((slug) => ({ slug, verifyJwt: verifyJwtOf(toml, slug) })),
    scheduled: slugs.filter((slug) =>
      /_SECRET"\)/.test(readFileSync(new URL(`supabase/functions/${slug}/index.ts`, root), "utf8")),
    ),
    secrets: REQUIRED_SECRETS,
  };
}

/** `verify_jwt` in the function's [functions.<slug>] section; Supabase's default (true) without one. */
export function verifyJwtOf(toml: string, slug: string): boolean {
  const section = new RegExp(
    `^\\[functions\\.${slug.replace(/[-.]/g, "\\$&")}\\]\\n([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`,
    "m",
  ).exec(toml)?.[1];
  const value = section ? /^verify_jwt\s*=\s*(true|false)\s*$/m.exec(section)?.[1] : undefined;
  return value !== "false";
}
