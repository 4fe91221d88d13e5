import { describe, expect, it } from "vitest";
import { readEnv } from "@/config/env";

const url = "https://abc.supabase.co";
const key = "anon-key";
const advice =
  "Set both VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or neither to use the local API (see .env.example).";

describe("readEnv", () => {
  it("trims both values and drops the URL's trailing slashes", () => {
    expect(readEnv({ VITE_SUPABASE_URL: ` ${url}// `, VITE_SUPABASE_ANON_KEY: ` ${key}\n` })).toEqual({
      supabaseUrl: url,
      supabaseAnonKey: key,
    });
    expect(readEnv({ VITE_SUPABASE_URL: "http://127.0.0.1:54321", VITE_SUPABASE_ANON_KEY: key }).supabaseUrl).toBe(
      "http://127.0.0.1:54321",
    );
  });

  it.each([
    [{ VITE_SUPABASE_ANON_KEY: key }, "VITE_SUPABASE_URL is not set"],
    [{ VITE_SUPABASE_URL: "   ", VITE_SUPABASE_ANON_KEY: key }, "VITE_SUPABASE_URL is not set"],
    [{ VITE_SUPABASE_URL: 42, VITE_SUPABASE_ANON_KEY: key }, "VITE_SUPABASE_URL is not set"],
    [{ VITE_SUPABASE_URL: url }, "VITE_SUPABASE_ANON_KEY is not set"],
    [{ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: " " }, "VITE_SUPABASE_ANON_KEY is not set"],
    [
      { VITE_SUPABASE_URL: " abc.supabase.co ", VITE_SUPABASE_ANON_KEY: key },
      'VITE_SUPABASE_URL is not an http(s) URL: "abc.supabase.co"',
    ],
    [
      { VITE_SUPABASE_URL: "ftp://x", VITE_SUPABASE_ANON_KEY: key },
      'VITE_SUPABASE_URL is not an http(s) URL: "ftp://x"',
    ],
    [{}, "VITE_SUPABASE_URL is not set; VITE_SUPABASE_ANON_KEY is not set"],
    [
      { VITE_SUPABASE_URL: "https:// x" },
      'VITE_SUPABASE_URL is not an http(s) URL: "https:// x"; VITE_SUPABASE_ANON_KEY is not set',
    ],
  ])("names every bad variable in one error: %j", (source, problems) => {
    expect(() => readEnv(source)).toThrow(new Error(`Invalid configuration: ${problems}. ${advice}`));
  });
});
