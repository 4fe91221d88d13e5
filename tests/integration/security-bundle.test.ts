// One production build, made with secrets in the build environment, then:
// 1. no secret and no non-VITE_ value is anywhere in the output (the service-role key above all);
// 2. the generated _headers and index.html hold the CSP promise (one inline script, allowed by its hash);
// 3. served by `vite preview` (which applies that _headers file), a real Chromium uses the app,
//    signup included, with zero CSP violations, and the CSP provably blocks injected script.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../../bench/chromium.ts";
import { preview, type PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { LOCAL_JWT_SECRET } from "../../local-api/jwt.ts";
import type { LocalApi } from "../../local-api/server.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../../local-api/service-key.ts";
import { startSnapshotApi } from "./snapshot.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const token = () => randomBytes(12).toString("hex");
// Values only the build process's environment holds. None may reach the bundle.
const SECRETS: Record<string, string> = {
  SUPABASE_SERVICE_ROLE_KEY: `sr-test-${token()}`,
  SUPABASE_DB_PASSWORD: `db-pw-${token()}`,
  RESEND_API_KEY: `re_test_${token()}`,
  RESEND_AUDIENCE_ID: `aud-${token()}`,
  DATABASE_URL: `postgres://postgres:pw-${token()}@db.internal:5432/postgres`,
  ALLOWED_ORIGINS: `https://origin-${token()}.example`,
};

// A VITE_-prefixed value the app never reads: Vite must not inline it (env.ts reads by name).
const VITE_CANARY = { VITE_UNUSED_CANARY: `vite-canary-${token()}` };

let api: LocalApi;
let outDir = "";
let appPort = 0;
let files: Array<{ name: string; text: string }> = [];

function viteBuild(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "build", ...args], { cwd: root, env });
    let text = "";
    child.stdout.on("data", (c: Buffer) => (text += c.toString()));
    child.stderr.on("data", (c: Buffer) => (text += c.toString()));
    child.on("exit", (code) => resolve({ code, output: text }));
  });
}

/** The process environment without any VITE_ variable of the developer's own. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITE_")));
}

beforeAll(async () => {
  appPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });
  // The preview below runs on appPort: the local API lets that origin call it.
  api = await startSnapshotApi({ extraOrigins: [`http://127.0.0.1:${appPort}`] });
  outDir = await mkdtemp(path.join(tmpdir(), "rwa-bundle-"));
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    ...SECRETS,
    ...VITE_CANARY,
    VITE_SUPABASE_URL: api.url,
    VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
  };
  const { code, output } = await viteBuild(env, ["--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"]);
  if (code !== 0) throw new Error(`vite build exited ${code}:\n${output}`);
  expect(output).not.toMatch(/error/i);
  files = await readTree(outDir);
}, 180_000);

afterAll(async () => {
  await api?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function readTree(dir: string): Promise<Array<{ name: string; text: string }>> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const full = path.join(e.parentPath, e.name);
        return { name: path.relative(dir, full), text: (await readFile(full)).toString("latin1") };
      }),
  );
}

describe("the built bundle", () => {
  it("contains no service-role key, no JWT secret, no non-VITE_ env value and no VITE_ value the app does not read", () => {
    expect(files.length).toBeGreaterThan(5);
    const forbidden = { ...SECRETS, ...VITE_CANARY, LOCAL_SERVICE_ROLE_KEY, LOCAL_JWT_SECRET };
    const leaks = files.flatMap((f) =>
      Object.entries(forbidden)
        .filter(([, value]) => f.text.includes(value))
        .map(([name]) => `${name} in ${f.name}`),
    );
    expect(leaks).toEqual([]);
    // The public values are there: proof the search looks at the right bytes.
    expect(files.some((f) => f.text.includes(LOCAL_ANON_KEY))).toBe(true);
    expect(files.some((f) => f.text.includes(api.url))).toBe(true);
  });

  it("ships _headers with the CSP for the backend it was built for, and an index.html whose one inline script the CSP allows by its hash", () => {
    const headers = files.find((f) => f.name === "_headers")!.text;
    expect(headers).toContain(`connect-src 'self' ${new URL(api.url).origin};`);
    expect(headers).toContain("frame-ancestors 'none'");
    expect(headers).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);

    const html = files.find((f) => f.name === "index.html")!.text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    // The boot (build/prerender.ts): the only inline script, and the only hash the policy names.
    expect(scripts).toHaveLength(1);
    const [, attributes, boot] = scripts[0]!;
    expect(attributes).toBe("");
    const hash = createHash("sha256").update(boot!, "utf8").digest("base64");
    expect(headers).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(headers.match(/'sha256-/g)).toHaveLength(1);
    expect(headers).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe("builds the environment check stops (no output written)", () => {
  const failing: Array<[string, NodeJS.ProcessEnv, string[], RegExp]> = [
    [
      "a service-role key as the anon key",
      { VITE_SUPABASE_URL: "https://abc.supabase.co", VITE_SUPABASE_ANON_KEY: LOCAL_SERVICE_ROLE_KEY },
      [],
      /VITE_SUPABASE_ANON_KEY holds a JWT whose role is "service_role"/,
    ],
    [
      "an sb_secret_ key as the anon key",
      { VITE_SUPABASE_URL: "https://abc.supabase.co", VITE_SUPABASE_ANON_KEY: "sb_secret_x1y2z3" },
      [],
      /VITE_SUPABASE_ANON_KEY holds a Supabase secret key/,
    ],
    [
      "a VITE_ variable named like a secret",
      { VITE_RESEND_SECRET: "re_x" },
      [],
      /VITE_RESEND_SECRET: the name says it is a secret/,
    ],
    ["--mode production without VITE_SUPABASE_URL", {}, ["--mode", "production"], /VITE_SUPABASE_URL is not set/],
  ];
  it.each(failing)(
    "%s",
    async (_, extra, args, message) => {
      const dir = await mkdtemp(path.join(tmpdir(), "rwa-refused-"));
      try {
        const { code, output } = await viteBuild({ ...cleanEnv(), ...extra }, [
          "--outDir",
          dir,
          "--emptyOutDir",
          "--logLevel",
          "warn",
          ...args,
        ]);
        expect(code).not.toBe(0);
        expect(output).toMatch(message);
        expect(output).not.toContain("sb_secret_x1y2z3");
        expect(await readdir(dir)).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe("the build served by vite preview, in Chromium", () => {
  let server: PreviewServer;
  let appUrl = "";
  beforeAll(async () => {
    const port = appPort;
    server = await preview({
      root,
      logLevel: "silent",
      build: { outDir },
      preview: { host: "127.0.0.1", port, strictPort: true, open: false },
    });
    appUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends the _headers for pages and hashed assets", async () => {
    const page = await fetch(`${appUrl}/`);
    expect(page.headers.get("content-security-policy")).toContain(`connect-src 'self' ${new URL(api.url).origin};`);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const asset = files.find((f) => f.name.startsWith("assets/") && f.name.endsWith(".js"))!.name;
    const assetResponse = await fetch(`${appUrl}/${asset}`);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(assetResponse.headers.get("content-security-policy")).not.toBeNull();
  });

  it("runs the directory, comparison and signup with no CSP violation, and blocks injected script", async () => {
    // Playwright's own Chromium when installed, else the system one (as playwright.config.ts does).
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const page = await browser.newPage();
      const consoleErrors: string[] = [];
      page.on("console", (m) => (m.type() === "error" ? consoleErrors.push(m.text()) : undefined));
      page.on("pageerror", (e) => consoleErrors.push(e.message));
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __violations: string[] }).__violations = seen;
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

      await page.goto(appUrl);
      await page
        .getByRole("checkbox", { name: /^Select .* for comparison$/ })
        .first()
        .waitFor({ timeout: 30_000 });
      const boxes = page.getByRole("checkbox", { name: /^Select .* for comparison$/ });
      await boxes.nth(0).click();
      await boxes.nth(1).click();
      await page.getByRole("button", { name: "Compare in Dashboard" }).click();
      await page.getByRole("dialog", { name: "Protocol Comparison Dashboard" }).waitFor();
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Get Early Access" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Join the Waitlist" });
      await dialog.getByRole("textbox", { name: "Email address" }).fill("csp-check@example.com");
      await dialog.getByRole("button", { name: "Get Early Access" }).click();
      await page.getByText("Success! You're on the waitlist. Check your email for confirmation.").waitFor();

      expect(await violations()).toEqual([]);
      // Other console errors are the e2e console guard's business; here only the policy's.
      expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);

      // The policy is enforced, not just sent: an injected inline script does not run.
      const ran = await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
      await expect.poll(violations).toEqual([expect.stringMatching(/^script-src/)]);
      // And the browser may talk to the configured backend only (the violation, not a network
      // error, is the proof: this machine has no route to example.org either way).
      await page.evaluate(() => fetch("https://example.org/collect").catch(() => null));
      await expect
        .poll(violations)
        .toEqual([expect.stringMatching(/^script-src/), expect.stringMatching(/^connect-src https:\/\/example\.org/)]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
