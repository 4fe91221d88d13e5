// Read and validate the backend configuration once. vite.config.ts fills both values with
// the local API's when neither is set, so a missing pair here means a half-configured build.
export type Env = { supabaseUrl: string; supabaseAnonKey: string };

export function readEnv(source: Record<string, unknown>): Env {
  const url = typeof source.VITE_SUPABASE_URL === "string" ? source.VITE_SUPABASE_URL.trim() : "";
  const key = typeof source.VITE_SUPABASE_ANON_KEY === "string" ? source.VITE_SUPABASE_ANON_KEY.trim() : "";
  const problems: string[] = [];
  if (!url) problems.push("VITE_SUPABASE_URL is not set");
  else if (!/^https?:\/\/[^\s/]+/.test(url)) problems.push(`VITE_SUPABASE_URL is not an http(s) URL: "${url}"`);
  if (!key) problems.push("VITE_SUPABASE_ANON_KEY is not set");
  if (problems.length > 0) {
    throw new Error(
      `Invalid configuration: ${problems.join("; ")}. Set both VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or neither to use the local API (see .env.example).`,
    );
  }
  return { supabaseUrl: url.replace(/\/+$/, ""), supabaseAnonKey: key };
}

// Each variable by name: Vite replaces these two expressions (vite.config.ts `define`). Reading
// import.meta.env whole would make Vite inline every VITE_* variable into the bundle.
export const env: Env = readEnv({
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
});
