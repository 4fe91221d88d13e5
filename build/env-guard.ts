// Build-time checks on the VITE_* environment, run from vite.config.ts before anything is built.
// Vite exposes every VITE_* variable to client code, so a secret given that prefix by mistake (or
// a service-role key pasted as the anon key) would ship to every visitor. These checks stop the
// build with a message that names the variable; they never print a value.

export type EnvCheck = { errors: string[]; warnings: string[] };

const SECRET_NAME = /SERVICE_ROLE|SECRET/i;
const SECRET_KEY_PREFIX = "sb_secret_";
const JWT = /^[A-Za-z0-9_-]{2,}\.([A-Za-z0-9_-]{2,})\.[A-Za-z0-9_-]*$/;

/** The role claim of a JWT-shaped value, "" if it has none, null if it is not a JWT. */
export function jwtRole(value: string): string | null {
  const payload = JWT.exec(value.trim())?.[1];
  if (!payload) return null;
  try {
    const json = Buffer.from(payload.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== "object" || claims === null) return null;
    const role = (claims as { role?: unknown }).role;
    return typeof role === "string" ? role : "";
  } catch {
    return null;
  }
}

/** Whether the command line asked for production explicitly (`vite build --mode production`). */
export function explicitProductionMode(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((arg === "--mode" || arg === "-m") && argv[i + 1] === "production") return true;
    if (arg === "--mode=production" || arg === "-m=production") return true;
  }
  return false;
}

/**
 * env: the VITE_* variables the build sees (from .env files and the process). deploy: the
 * documented deploy build (`npm run build -- --mode production`), which needs a real backend.
 */
export function checkBuildEnv(
  env: Readonly<Record<string, string | undefined>>,
  { deploy }: { deploy: boolean },
): EnvCheck {
  const errors: string[] = [];
  const warnings: string[] = [];

  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith("VITE_") || raw === undefined) continue;
    const value = raw.trim();
    if (SECRET_NAME.test(name)) {
      errors.push(
        `${name}: the name says it is a secret, and every VITE_ variable is copied into the public bundle. Rename it without the VITE_ prefix.`,
      );
      continue;
    }
    if (value.includes(SECRET_KEY_PREFIX)) {
      errors.push(
        `${name} holds a Supabase secret key (sb_secret_...). Use the publishable/anon key; secret keys belong on the server only.`,
      );
      continue;
    }
    const role = jwtRole(value);
    if (role !== null && role !== "anon") {
      errors.push(
        `${name} holds a JWT whose role is "${role || "none"}", not "anon"${role === "service_role" ? " (the service-role key bypasses RLS)" : ""}. Only the anon key may be built into the site.`,
      );
    }
  }

  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (
    anonKey &&
    !anonKey.includes(SECRET_KEY_PREFIX) &&
    jwtRole(anonKey) === null &&
    !anonKey.startsWith("sb_publishable_")
  ) {
    warnings.push(
      "VITE_SUPABASE_ANON_KEY is neither a JWT nor an sb_publishable_ key: check it is the project's anon key.",
    );
  }

  // The bot check is on in production by default (README, Deploy): a deploy build without its site
  // key serves a form that sends no token, which a function holding TURNSTILE_SECRET_KEY refuses
  // and one without it cannot check. Loud, not fatal: a site may run without it on purpose.
  if (deploy && !env.VITE_TURNSTILE_SITE_KEY?.trim()) {
    warnings.push(
      "VITE_TURNSTILE_SITE_KEY is not set: this deploy build's waitlist form has NO bot check. The README's Deploy steps create the Turnstile widget and set its site key here and TURNSTILE_SECRET_KEY on the function.",
    );
  }

  const url = env.VITE_SUPABASE_URL?.trim();
  if (!url && deploy) {
    errors.push(
      "VITE_SUPABASE_URL is not set. `npm run build -- --mode production` builds the deployable site and needs your project's URL and anon key " +
        "(VITE_SUPABASE_URL=https://<project-ref>.supabase.co VITE_SUPABASE_ANON_KEY=<anon key>).",
    );
  }
  return { errors, warnings };
}

/** The banner printed when a build has no backend configured and falls back to the local API. */
export function localBackendWarning(url: string): string {
  const line = "!".repeat(78);
  return [
    line,
    `!! No backend configured: this build talks to the LOCAL API at ${url}.`,
    "!! Fine for local work and tests; useless on a real host. To deploy, set VITE_SUPABASE_URL and",
    "!! VITE_SUPABASE_ANON_KEY and build with: npm run build -- --mode production",
    line,
  ].join("\n");
}
