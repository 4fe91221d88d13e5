import { createClient } from "@supabase/supabase-js";
import { env } from "@/config/env";

// The full client, for the waitlist function call only (use-join-waitlist.ts, loaded with the
// dialog); reads go through lib/postgrest.ts. The anon key is public by design; RLS decides.
// The site has no accounts: no session is stored, refreshed or picked up from a link's URL, so
// a crafted `#access_token=...` link cannot sign a visitor in and nothing lands in localStorage.
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
