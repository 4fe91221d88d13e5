import { PostgrestClient } from "@supabase/postgrest-js";
import { env } from "@/config/env";

// The read client: PostgREST's query builder alone (~17 KB minified), not the full supabase-js
// client, whose auth, realtime and storage parts (~190 KB) the page does not need to list
// protocols. The full client (lib/supabase.ts) is loaded with the waitlist dialog, for the one
// function call. See docs/architecture.md, "Two clients, one backend".
//
// The request matches what supabase-js sends for an anonymous read: the anon key as `apikey` and
// as the Bearer token (RLS sees the `anon` role either way), and `Accept-Profile: public`, its
// default schema. supabase-js's X-Client-Info header is usage telemetry that neither PostgREST nor
// RLS reads, so it is left out. The anon key is public by design; the service-role key is in no
// client bundle.
export const postgrest = new PostgrestClient(`${env.supabaseUrl}/rest/v1`, {
  headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
  schema: "public",
  // Looked up on every call, as supabase-js does: postgrest-js would keep the `fetch` present
  // when this module loads, bypassing anything installed later (test interceptors, tracing).
  fetch: (input, init) => fetch(input, init),
});
