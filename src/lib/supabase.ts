import { createClient } from "@supabase/supabase-js";
import { env } from "@/config/env";

// The single client. The anon key is public by design; RLS decides what it can read.
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true },
});
