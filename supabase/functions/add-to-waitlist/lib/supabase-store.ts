import type { SupabaseClient } from "@supabase/supabase-js";
import type { PendingSignup, ResyncableWaitlistStore } from "./types.ts";

/**
 * The waitlist store over a service-role Supabase client. It only calls the SQL functions the
 * waitlist migration defines (granted to service_role alone), so the insert-once and
 * attempts-counting logic lives in one place: Postgres.
 */
export function createSupabaseStore(client: SupabaseClient): ResyncableWaitlistStore {
  return {
    async add({ email, source }) {
      const { data, error } = await client.rpc("waitlist_add", { p_email: email, p_source: source });
      if (error) throw new Error(`waitlist_add failed: ${error.message}`);
      return { created: data === true };
    },
    async recordSync(email, syncError) {
      const { error } = await client.rpc("waitlist_record_sync", { p_email: email, p_error: syncError });
      if (error) throw new Error(`waitlist_record_sync failed: ${error.message}`);
    },
    async pending(limit) {
      const { data, error } = await client.rpc("waitlist_pending_sync", { p_limit: limit });
      if (error) throw new Error(`waitlist_pending_sync failed: ${error.message}`);
      return ((data ?? []) as Array<Record<string, unknown>>).map(
        (row): PendingSignup => ({
          email: String(row.email),
          source: typeof row.source === "string" ? row.source : null,
          createdAt: String(row.created_at),
          attempts: Number(row.attempts),
          lastError: typeof row.last_error === "string" ? row.last_error : null,
        }),
      );
    },
  };
}
