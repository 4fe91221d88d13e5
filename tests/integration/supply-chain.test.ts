// Supply chain: the Edge Functions' npm imports are pinned to the exact version the app's lockfile
// resolves and recorded in a committed Deno lockfile; the dependency audit tells a skipped audit
// from a pass and fails on any advisory above low; every lockfile entry carries its integrity
// hash; and only the install scripts package.json allows run.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { evaluateAudit } from "../../scripts/audit.mjs";
// @ts-expect-error: a plain .mjs script without type declarations
import { completeLockfile, missingIntegrity } from "../../scripts/complete-lockfile.mjs";

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
    if (specifiers.length === 0) {
      // No npm package through deno.json, and none imported straight from the code either.
      const dir = new URL(`supabase/functions/${name}/`, root);
      const sources = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
      expect(sources.length, `${name} has TypeScript sources`).toBeGreaterThan(0);
      for (const file of sources)
        expect(readFileSync(new URL(file, dir), "utf8"), `${name}/${file}`).not.toMatch(/["']npm:/);
      return;
    }
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

describe("package-lock.json (issue 30, item 6)", () => {
  it("gives every entry npm installs an integrity hash: `npm ci` checks every download", () => {
    expect(missingIntegrity(packageLock)).toEqual([]);
  });

  it("names an entry without a hash; completion takes each from the registry's metadata for its exact version", async () => {
    const lock = {
      packages: {
        "": { optionalDependencies: { "@x/tool-darwin-arm64": "1.2.3", "@x/tool-linux-x64": "1.2.3" } },
        "node_modules/@x/tool-linux-x64": { version: "1.2.3", integrity: `sha512-${"A".repeat(86)}==` },
        "node_modules/@x/known-win32-x64": { version: "2.0.0", optional: true },
      },
    };
    expect(missingIntegrity(lock)).toEqual(["node_modules/@x/known-win32-x64@2.0.0"]);
    const asked: string[] = [];
    const lookup = async (name: string, version: string) => {
      asked.push(`${name}@${version}`);
      return { integrity: `sha512-${"B".repeat(86)}==`, tarball: "https://registry.example/x.tgz" };
    };
    const known = { "node_modules/@x/known-win32-x64": { version: "2.0.0", integrity: `sha512-${"C".repeat(86)}==` } };
    const report = await completeLockfile(lock, lookup, known);
    expect(report).toEqual({ added: ["node_modules/@x/tool-darwin-arm64"], looked: ["@x/tool-darwin-arm64@1.2.3"] });
    expect(asked).toEqual(["@x/tool-darwin-arm64@1.2.3"]);
    expect(lock.packages["node_modules/@x/tool-darwin-arm64" as keyof typeof lock.packages]).toMatchObject({
      version: "1.2.3",
      os: ["darwin"],
      cpu: ["arm64"],
      integrity: `sha512-${"B".repeat(86)}==`,
    });
    expect(missingIntegrity(lock)).toEqual([]);
  });

  it("leaves no entry without a hash: a failed lookup, or metadata without one, stops the completion", async () => {
    const lock = () => ({ packages: { "": {}, "node_modules/@x/y-darwin-x64": { version: "9.9.9", optional: true } } });
    await expect(
      completeLockfile(lock(), async () => {
        throw new Error("404 No match found for version 9.9.9");
      }),
    ).rejects.toThrow("@x/y-darwin-x64@9.9.9: the registry's metadata could not be read (404 No match found");
    await expect(completeLockfile(lock(), async () => ({ shasum: "abc" }))).rejects.toThrow(
      /holds no sha512 integrity/,
    );
  });
});

describe("install scripts (issue 30, item 6): allowScripts is the policy, and npm enforces it", () => {
  const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
    allowScripts: Record<string, boolean>;
  };
  const withScripts = Object.entries(packageLock.packages)
    .filter(([, pkg]) => (pkg as { hasInstallScript?: boolean }).hasInstallScript)
    .map(([key]) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length));

  it("lists exactly the packages of the lock that have an install script, and .npmrc makes npm refuse any other", () => {
    expect(Object.keys(manifest.allowScripts).sort()).toEqual([...new Set(withScripts)].sort());
    expect(readFileSync(new URL(".npmrc", root), "utf8")).toMatch(/^strict-allow-scripts=true$/m);
  });

  it("this npm refuses a dependency whose install script allowScripts does not list, and runs a listed one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "rwa-allow-scripts-"));
    try {
      await mkdir(path.join(dir, "dep"));
      await writeFile(
        path.join(dir, "dep", "package.json"),
        JSON.stringify({
          name: "needs-a-script",
          version: "1.0.0",
          scripts: { postinstall: "node -e \"require('fs').writeFileSync(process.env.INIT_CWD + '/ran', '')\"" },
        }),
      );
      const tarball = (await npm(["pack", "--silent"], path.join(dir, "dep"))).stdout.trim();
      const project = path.join(dir, "project");
      await mkdir(project);
      await copyFile(new URL(".npmrc", root), path.join(project, ".npmrc"));
      const install = async (allowScripts: Record<string, boolean>) => {
        await writeFile(
          path.join(project, "package.json"),
          JSON.stringify({
            name: "p",
            private: true,
            dependencies: { "needs-a-script": `file:../dep/${tarball}` },
            allowScripts,
          }),
        );
        return npm(["install", "--offline", "--no-audit", "--no-fund"], project);
      };
      // Unlisted, and listed by the name it claims (npm matches a tarball by its source, not its
      // self-declared name): refused, and its script never ran.
      for (const policy of [manifest.allowScripts, { ...manifest.allowScripts, "needs-a-script": true }]) {
        const refused = await install(policy);
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain("ESTRICTALLOWSCRIPTS");
        expect(existsSync(path.join(project, "ran"))).toBe(false);
      }
      const allowed = await install({ ...manifest.allowScripts, [`file:${path.join(dir, "dep", tarball)}`]: true });
      expect(allowed.code).toBe(0);
      expect(existsSync(path.join(project, "ran"))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function npm(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("npm", args, { cwd, env: { ...process.env, npm_config_yes: "true" } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
