import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  allowInlineScript,
  contentSecurityPolicy,
  formatHeadersFile,
  headerRules,
  parseHeadersFile,
  TURNSTILE_ORIGIN,
} from "./security-headers.ts";

const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("the CSP and the signup's bot check", () => {
  it("allows nothing from Cloudflare when the build has no Turnstile site key", () => {
    const policy = contentSecurityPolicy("https://abc.supabase.co");
    expect(policy).not.toContain("cloudflare");
    expect(directives(policy)["script-src"]).toEqual(["'self'"]);
    expect(directives(policy)["frame-src"]).toBeUndefined();
  });

  it("allows Turnstile's script and frame, and nothing more, when it has one", () => {
    const policy = contentSecurityPolicy("https://abc.supabase.co", { turnstile: true });
    const d = directives(policy);
    expect(d["script-src"]).toEqual(["'self'", TURNSTILE_ORIGIN]);
    expect(d["frame-src"]).toEqual([TURNSTILE_ORIGIN]);
    expect(d["connect-src"]).toEqual(["'self'", "https://abc.supabase.co"]);
    expect(d["default-src"]).toEqual(["'self'"]);
    const served = headerRules("https://abc.supabase.co", { turnstile: true })[0]!.headers;
    expect(served).toContainEqual(["Content-Security-Policy", policy]);
  });
});

describe("the boot script in the CSP", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("allows that one inline script by its hash, with or without the bot check, and changes nothing else", () => {
    for (const turnstile of [false, true]) {
      const file = formatHeadersFile(headerRules("https://x.supabase.co", { turnstile }));
      const out = allowInlineScript(file, "boot();");
      const policy = parseHeadersFile(out)[0]!.headers.find(([name]) => name === "Content-Security-Policy")![1];
      const scriptSrc = policy.split("; ").find((part) => part.startsWith("script-src "))!;
      expect(scriptSrc).toBe(`script-src 'self' ${sha("boot();")}${turnstile ? ` ${TURNSTILE_ORIGIN}` : ""}`);
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(out.replace(` ${sha("boot();")}`, "")).toBe(file);
    }
  });

  it("refuses a headers file with no policy to add it to", () => {
    expect(() => allowInlineScript("/*\n  X-Frame-Options: DENY\n", "boot();")).toThrow(/no Content-Security-Policy/);
  });
});
