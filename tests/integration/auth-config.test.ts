// The project config: the site has no accounts, so nobody may create one.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("supabase/config.toml", () => {
  it("disables Auth sign-up: nobody can create an account on the project", () => {
    const toml = readFileSync(new URL("../../supabase/config.toml", import.meta.url), "utf8");
    const auth = /^\[auth\]\n([\s\S]*?)^\[/m.exec(toml)?.[1] ?? "";
    expect(auth).toMatch(/^enable_signup = false$/m);
    expect(auth).not.toMatch(/^enable_signup = true$/m);
  });
});
