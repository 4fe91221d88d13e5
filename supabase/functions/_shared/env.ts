// What every Edge Function reads first: the project's URL and service-role key, which Supabase
// sets for deployed functions. Missing ones stop the function before it serves anything.
export type ServiceEnv = { supabaseUrl: string; serviceRoleKey: string };

export function readServiceEnv(get: (name: string) => string | undefined): ServiceEnv {
  const supabaseUrl = get("SUPABASE_URL")?.trim() ?? "";
  const serviceRoleKey = get("SUPABASE_SERVICE_ROLE_KEY")?.trim() ?? "";
  if (!supabaseUrl || !serviceRoleKey) throw new Error("SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set");
  return { supabaseUrl, serviceRoleKey };
}
