import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../local-api/defaults.ts";
import { checkBuildEnv, explicitProductionMode, jwtRole } from "./env-guard.ts";

const jwt = (claims: Record<string, unknown>) =>
  [{ alg: "HS256", typ: "JWT" }, claims]
    .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
    .join(".") + ".sig";
const URL_OK = { VITE_SUPABASE_URL: "https://abc.supabase.co" };
// Shaped like Supabase's keys; the real service key never comes near build code (lint boundary).
const LOCAL_SERVICE_ROLE_KEY = jwt({ iss: "supabase-demo", role: "service_role", exp: 1983812996 });

describe("checkBuildEnv", () => {
  it("accepts the anon key, a publishable key and ordinary VITE_ settings", () => {
    expect(
      checkBuildEnv(
        {
          ...URL_OK,
          VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
          VITE_PRODUCT_NAME: "RWA Atlas",
          VITE_TURNSTILE_SITE_KEY: "0x4AAAAAAAsite",
        },
        { deploy: true },
      ),
    ).toEqual({
      errors: [],
      warnings: [],
    });
    expect(
      checkBuildEnv({ ...URL_OK, VITE_SUPABASE_ANON_KEY: "sb_publishable_abc123" }, { deploy: true }).errors,
    ).toEqual([]);
  });

  it("says plainly when a deploy build has no bot check (no VITE_TURNSTILE_SITE_KEY); a local build needs none", () => {
    const env = { ...URL_OK, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY };
    expect(checkBuildEnv(env, { deploy: true }).warnings).toEqual([
      expect.stringMatching(
        /^VITE_TURNSTILE_SITE_KEY is not set: this deploy build's waitlist form has NO bot check\./,
      ),
    ]);
    expect(checkBuildEnv({ ...env, VITE_TURNSTILE_SITE_KEY: " " }, { deploy: true }).warnings).toHaveLength(1);
    expect(checkBuildEnv(env, { deploy: false }).warnings).toEqual([]);
  });

  it("refuses a service-role JWT or an sb_secret_ key as the anon key, naming the variable", () => {
    const service = checkBuildEnv({ ...URL_OK, VITE_SUPABASE_ANON_KEY: LOCAL_SERVICE_ROLE_KEY }, { deploy: false });
    expect(service.errors).toEqual([
      expect.stringMatching(/^VITE_SUPABASE_ANON_KEY holds a JWT whose role is "service_role"/),
    ]);
    const secret = checkBuildEnv({ ...URL_OK, VITE_SUPABASE_ANON_KEY: "sb_secret_abc123" }, { deploy: false });
    expect(secret.errors).toEqual([expect.stringMatching(/^VITE_SUPABASE_ANON_KEY holds a Supabase secret key/)]);
  });

  it("refuses any VITE_ variable whose name or value looks like a secret", () => {
    const { errors } = checkBuildEnv(
      {
        VITE_SERVICE_ROLE_KEY: "x",
        VITE_RESEND_SECRET: "y",
        vite_lower_secret: "ignored: not a VITE_ variable",
        VITE_ANALYTICS: `token sb_secret_${"z".repeat(10)}`,
        VITE_ADMIN_TOKEN: jwt({ role: "authenticated" }),
        VITE_NO_ROLE: jwt({ sub: "x" }),
        VITE_FINE: jwt({ role: "anon" }),
        SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      },
      { deploy: false },
    );
    expect(errors.map((e) => e.split(/[ :]/)[0])).toEqual([
      "VITE_SERVICE_ROLE_KEY",
      "VITE_RESEND_SECRET",
      "VITE_ANALYTICS",
      "VITE_ADMIN_TOKEN",
      "VITE_NO_ROLE",
    ]);
    // Never the value itself in the message.
    expect(errors.join("\n")).not.toContain("sb_secret_zzz");
  });

  it("fails a deploy build without VITE_SUPABASE_URL, and only a deploy build", () => {
    expect(checkBuildEnv({}, { deploy: true }).errors).toEqual([
      expect.stringMatching(/^VITE_SUPABASE_URL is not set/),
    ]);
    expect(checkBuildEnv({}, { deploy: false }).errors).toEqual([]);
    expect(checkBuildEnv({ VITE_SUPABASE_URL: "  " }, { deploy: true }).errors).toHaveLength(1);
  });
});

describe("explicitProductionMode", () => {
  it("sees --mode production in its spellings, and nothing else", () => {
    expect(explicitProductionMode(["node", "vite", "build", "--mode", "production"])).toBe(true);
    expect(explicitProductionMode(["node", "vite", "build", "--mode=production"])).toBe(true);
    expect(explicitProductionMode(["node", "vite", "build", "-m", "production"])).toBe(true);
    expect(explicitProductionMode(["node", "vite", "build"])).toBe(false);
    expect(explicitProductionMode(["node", "vite", "build", "--mode", "staging"])).toBe(false);
  });
});

describe("jwtRole", () => {
  it("reads the role claim of JWT-shaped values only", () => {
    expect(jwtRole(LOCAL_ANON_KEY)).toBe("anon");
    expect(jwtRole(LOCAL_SERVICE_ROLE_KEY)).toBe("service_role");
    expect(jwtRole("https://abc.supabase.co")).toBeNull();
    expect(jwtRole("a.b.c")).toBeNull();
    expect(jwtRole("RWA Atlas")).toBeNull();
  });
});
