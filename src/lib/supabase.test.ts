import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supabase } from "./supabase";

describe("the browser's Supabase client", () => {
  it("keeps no session: none stored, refreshed or read from the URL (the site has no accounts)", () => {
    // GoTrueClient keeps its options as fields; there is no public getter for them.
    const auth = supabase.auth as unknown as Record<string, unknown>;
    expect(auth.persistSession).toBe(false);
    expect(auth.autoRefreshToken).toBe(false);
    expect(auth.detectSessionInUrl).toBe(false);
  });
});

describe("supabase/config.toml", () => {
  it("disables Auth sign-up: nobody can create an account on the project", () => {
    const toml = readFileSync(path.resolve(process.cwd(), "supabase/config.toml"), "utf8");
    const auth = /^\[auth\]\n([\s\S]*?)^\[/m.exec(toml)?.[1] ?? "";
    expect(auth).toMatch(/^enable_signup = false$/m);
    expect(auth).not.toMatch(/^enable_signup = true$/m);
  });
});
