// Supply chain: the Edge Functions' npm imports are pinned to the exact version the app's lockfile
// resolves and recorded in a committed Deno lockfile; the dependency audit tells a skipped audit
// from a pass and fails on any advisory above low.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { evaluateAudit } from "../../scripts/audit.mjs";

const root = new URL("../../", import.meta.url);
const packageLock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { version?: string }>;
};

const functionDirs = readdirSync(new URL("supabase/functions/", root), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
  .map((entry) => entry.name);

describe("Edge Function imports", () => {
  it.each(functionDirs)("%s: every npm: import is an exact version, the app's, and in deno.lock", (name) => {
    const config = JSON.parse(readFileSync(new URL(`supabase/functions/${name}/deno.json`, root), "utf8")) as {
      imports?: Record<string, string>;
    };
    const specifiers = Object.values(config.imports ?? {}).filter((s) => s.startsWith("npm:"));
    if (specifiers.length === 0) return;
    const lockUrl = new URL(`supabase/functions/${name}/deno.lock`, root);
    expect(existsSync(lockUrl), `${name}/deno.lock is committed`).toBe(true);
    const lock = JSON.parse(readFileSync(lockUrl, "utf8")) as { specifiers: Record<string, string> };
    for (const specifier of specifiers) {
      const match = /^npm:(@?[^@]+)@(.+)$/.exec(specifier);
      expect(match, specifier).not.toBeNull();
      const [, pkg, version] = match!;
      expect(version, `${specifier} pins an exact version`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(version).toBe(packageLock.packages[`node_modules/${pkg}`]?.version);
      expect(lock.specifiers[specifier]).toBe(version);
    }
  });
});

describe("evaluateAudit", () => {
  const counts = (critical: number, high: number, moderate: number, low: number) => ({
    metadata: { vulnerabilities: { critical, high, moderate, low, info: 0 } },
    vulnerabilities: {},
  });

  it("reports an unreachable advisory service as skipped, not as a pass", () => {
    const outcome = evaluateAudit({
      statusCode: 405,
      uri: "https://registry.example/-/npm/v1/security/advisories/bulk",
    });
    expect(outcome.status).toBe("skipped");
    expect(outcome.summary).toMatch(/^dependency audit: NOT PERFORMED \(.*405/);
  });

  it("passes with low advisories only, and fails on moderate, high or critical", () => {
    expect(evaluateAudit(counts(0, 0, 0, 3)).status).toBe("pass");
    expect(evaluateAudit(counts(0, 0, 1, 0)).status).toBe("fail");
    expect(evaluateAudit(counts(0, 1, 0, 0)).status).toBe("fail");
    expect(evaluateAudit(counts(1, 0, 0, 0)).status).toBe("fail");
  });

  it("fails when npm printed no report or an error", () => {
    expect(evaluateAudit(undefined).status).toBe("fail");
    expect(evaluateAudit({ error: { summary: "boom" } }).summary).toContain("boom");
  });
});
