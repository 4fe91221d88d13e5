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
