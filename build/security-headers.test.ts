import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, headerRules, TURNSTILE_ORIGIN } from "./security-headers.ts";

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
