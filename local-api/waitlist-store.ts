import type { PGlite } from "@electric-sql/pglite";
import {
  rowToPending,
  rowToReconsent,
  signupArgs,
  toConfirmOutcome,
  toSignupOutcome,
  toStopOutcome,
} from "../supabase/functions/add-to-waitlist/lib/store-rows.ts";
import {
  DEFAULT_LEASE_SECONDS,
  type ResyncableWaitlistStore,
} from "../supabase/functions/add-to-waitlist/lib/types.ts";
import { asRole } from "./postgrest.ts";

/**
 * The waitlist store the local API gives handler.ts: the same service-role-only SQL functions
 * the Edge Function calls on Supabase, run in-process as service_role.
 */
export function createPgliteWaitlistStore(db: PGlite): ResyncableWaitlistStore {
  const call = <T = Record<string, unknown>>(sql: string, params: unknown[]) =>
    asRole(db, "service_role", async (tx) => (await tx.query<T>(sql, params)).rows);
  return {
    async signup(attempt) {
      const a = signupArgs(attempt);
      const rows = await call("select * from public.waitlist_signup($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)", [
        a.p_email,
        a.p_mailbox,
        a.p_source,
        a.p_client,
        a.p_token_hash,
        a.p_ttl_seconds,
        a.p_client_limit,
        a.p_mailbox_limit,
        a.p_global_limit,
        a.p_domain_mail_limit,
      ]);
      return toSignupOutcome(rows[0]);
    },
    async recordMail(email, tokenHash, error) {
      await call("select public.waitlist_record_mail($1, $2, $3)", [email, tokenHash, error]);
    },
    async confirm(tokenHash) {
      return toConfirmOutcome((await call("select * from public.waitlist_confirm($1)", [tokenHash]))[0]);
    },
    async recordSync(email, error) {
      await call("select public.waitlist_record_sync($1, $2)", [email, error]);
    },
    async stop(tokenHash) {
      return toStopOutcome((await call("select * from public.waitlist_stop($1)", [tokenHash]))[0]);
    },
    async recordRemoval(email, error) {
      await call("select public.waitlist_record_removal($1, $2)", [email, error]);
    },
    async pending(limit, leaseSeconds = DEFAULT_LEASE_SECONDS, domainMailLimit = null) {
      return (
        await call("select * from public.waitlist_pending_sync($1, $2, $3)", [limit, leaseSeconds, domainMailLimit])
      ).map(rowToPending);
    },
    async claimMail(email, tokenHash, ttlSeconds, leaseSeconds = DEFAULT_LEASE_SECONDS, domainMailLimit = null) {
      const rows = await call<{ claimed: boolean }>(
        "select public.waitlist_claim_mail($1, $2, $3, $4, $5) as claimed",
        [email, tokenHash, ttlSeconds, leaseSeconds, domainMailLimit],
      );
      return rows[0]?.claimed === true;
    },
    async reconsentDue(limit, leaseSeconds = DEFAULT_LEASE_SECONDS) {
      return (await call("select * from public.waitlist_reconsent_due($1, $2)", [limit, leaseSeconds])).map(
        rowToReconsent,
      );
    },
    async claimReconsent(email, tokenHash, ttlSeconds, leaseSeconds = DEFAULT_LEASE_SECONDS) {
      const rows = await call<{ claimed: boolean }>(
        "select public.waitlist_claim_reconsent($1, $2, $3, $4) as claimed",
        [email, tokenHash, ttlSeconds, leaseSeconds],
      );
      return rows[0]?.claimed === true;
    },
    async expireReconsent(afterDays) {
      const rows = await call<{ n: number }>("select public.waitlist_expire_reconsent($1) as n", [afterDays]);
      return Number(rows[0]?.n) || 0;
    },
  };
}

/** For GET /_local/waitlist: what a developer wants to see after signing up in the browser. */
export async function listWaitlist(db: PGlite): Promise<string> {
  const result = await db.query<{ json: string }>(
    `select coalesce(json_agg(t order by t.created_at), '[]')::text as json
     from (select email, source, created_at, confirmed_at, confirmation_sent_at, mail_waiting_since, synced_at, last_error, attempts from public.waitlist) t`,
  );
  return result.rows[0]!.json;
}
