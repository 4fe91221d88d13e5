// Scheduled functions are called by pg_cron + pg_net with a shared secret, not a JWT. If the
// gateway checked JWTs, every scheduled call would be refused with 401 before the function ran.
// The config (local and `config push`) and the README's deploy commands must agree on that.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const toml = readFileSync(new URL("supabase/config.toml", root), "utf8");
const readme = readFileSync(new URL("README.md", root), "utf8");

/** Functions whose index.ts authenticates a bearer secret from the environment (scheduled calls). */
function scheduledFunctions(): string[] {
  const dir = new URL("supabase/functions/", root);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
    .map((entry) => entry.name)
    .filter((name) => {
      const source = readFileSync(new URL(`supabase/functions/${name}/index.ts`, root), "utf8");
      return /_SECRET"\)/.test(source);
    });
}

function configSection(name: string): string {
  const match = new RegExp(`^\\[functions\\.${name}\\]\\n([\\s\\S]*?)(?=^\\[|$(?![\\s\\S]))`, "m").exec(toml);
  if (!match) throw new Error(`supabase/config.toml has no [functions.${name}] section`);
  return match[1]!;
}

function deployLines(name: string): string[] {
  return readme.split("\n").filter((line) => new RegExp(`functions deploy ${name}(\\s|$)`).test(line));
}

describe("scheduled Edge Functions", () => {
  const scheduled = scheduledFunctions();

  it("are found (the secret-checking functions)", () => {
    expect(scheduled.sort()).toEqual(["refresh-protocols", "waitlist-resync"]);
  });

  it.each(scheduled)("%s: the gateway does not check JWTs, in the config", (name) => {
    expect(configSection(name)).toMatch(/^verify_jwt = false$/m);
  });

  it.each(scheduled)("%s: the README deploys it with --no-verify-jwt", (name) => {
    const lines = deployLines(name);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toContain("--no-verify-jwt");
  });
});

describe("the README's deploy section", () => {
  it("turns Auth sign-up off on the hosted project", () => {
    expect(readme).toContain("Allow new users to sign up");
    expect(readme).toContain('{"disable_signup": true}');
  });
});
