import type { PGlite } from "@electric-sql/pglite";
import type { PendingSignup, ResyncableWaitlistStore } from "../supabase/functions/add-to-waitlist/lib/types.ts";
import { asRole } from "./postgrest.ts";

/**
 * The waitlist store the local API gives handler.ts: the same service-role-only SQL functions
 * the Edge Function calls on Supabase, run in-process as service_role.
 */
export function createPgliteWaitlistStore(db: PGlite): ResyncableWaitlistStore {
  return {
    async add({ email, source }) {
      const created = await asRole(db, "service_role", async (tx) =>
        (await tx.query<{ created: boolean }>("select public.waitlist_add($1, $2) as created", [email, source])).rows[0]!
          .created,
      );
      return { created };
    },
    async recordSync(email, error) {
      await asRole(db, "service_role", (tx) => tx.query("select public.waitlist_record_sync($1, $2)", [email, error]));
    },
    async pending(limit) {
      return asRole(db, "service_role", async (tx) =>
        (
          await tx.query<{ email: string; source: string | null; created_at: Date; attempts: number; last_error: string | null }>(
            "select * from public.waitlist_pending_sync($1)",
            [limit],
          )
        ).rows.map(
          (r): PendingSignup => ({
            email: r.email,
            source: r.source,
            createdAt: new Date(r.created_at).toISOString(),
            attempts: r.attempts,
            lastError: r.last_error,
          }),
        ),
      );
    },
  };
}

/** For GET /_local/waitlist: what a developer wants to see after signing up in the browser. */
export async function listWaitlist(db: PGlite): Promise<string> {
  const result = await db.query<{ json: string }>(
    `select coalesce(json_agg(t order by t.created_at), '[]')::text as json
     from (select email, source, created_at, synced_at, last_error, attempts from public.waitlist) t`,
  );
  return result.rows[0]!.json;
}
