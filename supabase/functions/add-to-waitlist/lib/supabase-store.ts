import type { SupabaseClient } from "@supabase/supabase-js";
import {
  rowToPending,
  rowToReconsent,
  signupArgs,
  toConfirmOutcome,
  toSignupOutcome,
  toStopOutcome,
} from "./store-rows.ts";
import { DEFAULT_LEASE_SECONDS, type ResyncableWaitlistStore } from "./types.ts";

/**
 * The waitlist store over a service-role Supabase client. It only calls the SQL functions the
 * waitlist migrations define (granted to service_role alone), so the limits, the insert-once,
 * the one-mail-a-day rule and the token checks live in one place: Postgres.
 */
export function createSupabaseStore(client: SupabaseClient): ResyncableWaitlistStore {
  const rpc = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error } = await client.rpc(name, args);
    if (error) throw new Error(`${name} failed: ${error.message}`);
    return data as T;
  };
  return {
    async signup(attempt) {
      const rows = await rpc<Array<Record<string, unknown>>>("waitlist_signup", signupArgs(attempt));
      return toSignupOutcome(rows?.[0]);
    },
    async recordMail(email, tokenHash, error) {
      await rpc("waitlist_record_mail", { p_email: email, p_token_hash: tokenHash, p_error: error });
    },
    async confirm(tokenHash) {
      const rows = await rpc<Array<Record<string, unknown>>>("waitlist_confirm", { p_token_hash: tokenHash });
      return toConfirmOutcome(rows?.[0]);
    },
    async recordSync(email, error) {
      await rpc("waitlist_record_sync", { p_email: email, p_error: error });
    },
    async stop(tokenHash) {
      const rows = await rpc<Array<Record<string, unknown>>>("waitlist_stop", { p_token_hash: tokenHash });
      return toStopOutcome(rows?.[0]);
    },
    async recordRemoval(email, error) {
      await rpc("waitlist_record_removal", { p_email: email, p_error: error });
    },
    async pending(limit, leaseSeconds = DEFAULT_LEASE_SECONDS, domainMailLimit = null) {
      const rows = await rpc<Array<Record<string, unknown>> | null>("waitlist_pending_sync", {
        p_limit: limit,
        p_lease_seconds: leaseSeconds,
        p_domain_mail_limit: domainMailLimit,
      });
      return (rows ?? []).map(rowToPending);
    },
    async claimMail(email, tokenHash, ttlSeconds, leaseSeconds = DEFAULT_LEASE_SECONDS, domainMailLimit = null) {
      return (
        (await rpc<boolean>("waitlist_claim_mail", {
          p_email: email,
          p_token_hash: tokenHash,
          p_ttl_seconds: ttlSeconds,
          p_lease_seconds: leaseSeconds,
          p_domain_mail_limit: domainMailLimit,
        })) === true
      );
    },
    async reconsentDue(limit, leaseSeconds = DEFAULT_LEASE_SECONDS) {
      const rows = await rpc<Array<Record<string, unknown>> | null>("waitlist_reconsent_due", {
        p_limit: limit,
        p_lease_seconds: leaseSeconds,
      });
      return (rows ?? []).map(rowToReconsent);
    },
    async claimReconsent(email, tokenHash, ttlSeconds, leaseSeconds = DEFAULT_LEASE_SECONDS) {
      return (
        (await rpc<boolean>("waitlist_claim_reconsent", {
          p_email: email,
          p_token_hash: tokenHash,
          p_ttl_seconds: ttlSeconds,
          p_lease_seconds: leaseSeconds,
        })) === true
      );
    },
    async expireReconsent(afterDays) {
      return Number(await rpc<number>("waitlist_expire_reconsent", { p_after_days: afterDays })) || 0;
    },
  };
}
