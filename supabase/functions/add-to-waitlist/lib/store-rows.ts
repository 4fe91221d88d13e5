// Row <-> type mapping shared by both stores (supabase-js on Supabase, PGlite in the local API).
import type {
  ConfirmOutcome,
  PendingSignup,
  ReconsentCandidate,
  SignupAttempt,
  SignupOutcome,
  StopOutcome,
} from "./types.ts";

export function signupArgs(a: SignupAttempt): Record<string, unknown> {
  return {
    p_email: a.email,
    p_mailbox: a.mailbox,
    p_source: a.source,
    p_client: a.client,
    p_token_hash: a.tokenHash,
    p_ttl_seconds: a.ttlSeconds,
    p_client_limit: a.limits.perClientPerMinute,
    p_mailbox_limit: a.limits.perMailboxPerHour,
    p_global_limit: a.limits.globalPerMinute,
    p_domain_mail_limit: a.limits.perDomainMailsPerHour,
  };
}

export function toSignupOutcome(row: Record<string, unknown> | undefined): SignupOutcome {
  const outcome = row?.outcome;
  if (outcome === "limited") return { outcome, retryAfterSeconds: Math.max(1, Number(row?.retry_after) || 60) };
  if (outcome === "send" || outcome === "none") return { outcome };
  throw new Error(`waitlist_signup answered an unknown outcome: ${String(outcome)}`);
}

export function toConfirmOutcome(row: Record<string, unknown> | undefined): ConfirmOutcome {
  const status = row?.status;
  if (status === "confirmed" && typeof row?.email === "string") return { status, email: row.email };
  if (status === "already" || status === "expired" || status === "invalid") return { status };
  throw new Error(`waitlist_confirm answered an unknown status: ${String(status)}`);
}

export function toStopOutcome(row: Record<string, unknown> | undefined): StopOutcome {
  const status = row?.status;
  if (status === "invalid") return { status };
  if (status === "stopped" && Array.isArray(row?.remove))
    return { status, remove: row.remove.filter((email): email is string => typeof email === "string") };
  throw new Error(`waitlist_stop answered an unknown status: ${String(status)}`);
}

export function rowToPending(row: Record<string, unknown>): PendingSignup {
  return {
    email: String(row.email),
    source: typeof row.source === "string" ? row.source : null,
    createdAt: new Date(row.created_at as string | Date).toISOString(),
    attempts: Number(row.attempts),
    lastError: typeof row.last_error === "string" ? row.last_error : null,
    action: row.action === "contact" || row.action === "remove" ? row.action : "mail",
  };
}

export function rowToReconsent(row: Record<string, unknown>): ReconsentCandidate {
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    email: String(row.email),
    createdAt: iso(row.created_at),
    confirmedAt: iso(row.confirmed_at),
    reconsentRequestedAt: row.reconsent_requested_at == null ? null : iso(row.reconsent_requested_at),
    attempts: Number(row.attempts),
    lastError: typeof row.last_error === "string" ? row.last_error : null,
  };
}
