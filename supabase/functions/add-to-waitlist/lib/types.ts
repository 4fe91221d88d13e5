// The dependencies handler.ts is given. Each runtime (Deno on Supabase, Node in the local API,
// tests) supplies its own implementations; the handler never reaches for globals.

export type Signup = { email: string; source: string | null };

/**
 * Per client address (IPv4 /32, IPv6 /64) and globally per minute, per mailbox per hour; null = off.
 * perDomainMailsPerHour caps the confirmation mails (not the signups) to one recipient domain an
 * hour: a mail over it is held, and the resync sends it when the domain's hour has room.
 */
export type SignupLimits = {
  perClientPerMinute: number | null;
  perMailboxPerHour: number | null;
  globalPerMinute: number | null;
  perDomainMailsPerHour: number | null;
};

export const DEFAULT_LIMITS: SignupLimits = {
  perClientPerMinute: 5,
  perMailboxPerHour: 5,
  globalPerMinute: 300,
  perDomainMailsPerHour: 30,
};
export const NO_LIMITS: SignupLimits = {
  perClientPerMinute: null,
  perMailboxPerHour: null,
  globalPerMinute: null,
  perDomainMailsPerHour: null,
};

export type SignupAttempt = Signup & {
  /** The address's mailbox (lib/email.ts mailboxOf): its spellings count as one for the limits. */
  mailbox: string;
  /** The rate-limit key of the caller's address ("203.0.113.7/32", "2001:db8:1:2::/64"). */
  client: string;
  /** SHA-256 (hex) of the token a confirmation mail would carry; stored only if one is due. */
  tokenHash: string;
  ttlSeconds: number;
  limits: SignupLimits;
};

/**
 * send: a confirmation mail is due now for the token; none: nothing to send now (a repeat, a
 * confirmed address, or a mail held by a limit, which the resync sends once the limits allow).
 */
export type SignupOutcome =
  { outcome: "send" } | { outcome: "none" } | { outcome: "limited"; retryAfterSeconds: number };

export type ConfirmOutcome = { status: "confirmed"; email: string } | { status: "already" | "expired" | "invalid" };

/**
 * What a mail's "This wasn't me: stop" link did: stopped every mail to its mailbox (remove: the
 * addresses of the mailbox that are in the audience and must leave it), or nothing (invalid).
 */
export type StopOutcome = { status: "stopped"; remove: string[] } | { status: "invalid" };

export interface WaitlistStore {
  /** Checks and counts the durable limits, then inserts unless present. Throws when unreachable. */
  signup(attempt: SignupAttempt): Promise<SignupOutcome>;
  /** Records one attempt to send the confirmation mail for tokenHash: error null = sent. */
  recordMail(email: string, tokenHash: string, error: string | null): Promise<void>;
  /** Follows a confirmation link (by the token's hash). */
  confirm(tokenHash: string): Promise<ConfirmOutcome>;
  /** Records one attempt to add a confirmed address to the audience: error null = synced. */
  recordSync(email: string, error: string | null): Promise<void>;
  /** Follows a stop link (by the token's hash): no mail to its mailbox, ever again. */
  stop(tokenHash: string): Promise<StopOutcome>;
  /** Records one attempt to remove an address that left the list from the audience: error null = removed. */
  recordRemoval(email: string, error: string | null): Promise<void>;
}

/**
 * contact: confirmed, not yet in the audience; mail: a due confirmation mail that did not go out,
 * or a held one whose turn has come; remove: left the list (its mailbox stopped, or a legacy row
 * that never answered) but still in the audience.
 */
export type PendingSignup = {
  email: string;
  source: string | null;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  action: "contact" | "mail" | "remove";
};

/** A due mail younger than this belongs to the signup that is still sending it (p_lease_seconds's SQL default too). */
export const DEFAULT_LEASE_SECONDS = 600;

/** A legacy single-opt-in row (20261125010200_waitlist_reconsent.sql) the resync may ask for consent. */
export type ReconsentCandidate = {
  email: string;
  createdAt: string;
  confirmedAt: string;
  /** When it was last asked (its mail did not go out), or null: never asked. */
  reconsentRequestedAt: string | null;
  attempts: number;
  lastError: string | null;
};

/** A store the resync job can also scan and claim rows from. */
export interface ResyncableWaitlistStore extends WaitlistStore {
  /** domainMailLimit: held mails of a domain whose hour is full are left out (null: no cap). */
  pending(limit: number, leaseSeconds?: number, domainMailLimit?: number | null): Promise<PendingSignup[]>;
  /**
   * Takes over a due, unsent mail (or a held one whose turn has come) with a fresh token; false if
   * another run (or the signup) has it, or the limits still hold it.
   */
  claimMail(
    email: string,
    tokenHash: string,
    ttlSeconds: number,
    leaseSeconds?: number,
    domainMailLimit?: number | null,
  ): Promise<boolean>;
  /** Legacy single-opt-in rows still to ask for consent (never asked, or their mail did not go out). */
  reconsentDue(limit: number, leaseSeconds?: number): Promise<ReconsentCandidate[]>;
  /** Takes a legacy row for its consent mail with a fresh token; false if it is not due any more. */
  claimReconsent(email: string, tokenHash: string, ttlSeconds: number, leaseSeconds?: number): Promise<boolean>;
  /** Legacy rows asked afterDays ago or more without an answer leave the list; returns how many. */
  expireReconsent(afterDays: number): Promise<number>;
}

export type ConfirmationMail = {
  to: string;
  /** The single-use link to the /confirm page. */
  link: string;
  /** The "This wasn't me: stop" link: the same token, which stops every mail to the mailbox. */
  stopLink: string;
  /** signup (default): a new signup's mail; reconsent: asks a legacy single-opt-in address for consent. */
  kind?: "signup" | "reconsent";
  /** Stable per address and token: a retried send of the same mail is sent once. */
  idempotencyKey: string;
};

/** The e-mail provider: the confirmation mail, and audience membership once confirmed. */
export interface WaitlistMailer {
  readonly name: string;
  addContact(email: string, signal: AbortSignal): Promise<void>;
  /** Takes an address out of the audience; one that is not there is already done. */
  removeContact(email: string, signal: AbortSignal): Promise<void>;
  sendConfirmation(mail: ConfirmationMail, signal: AbortSignal): Promise<void>;
}

export type { LogFields, Logger } from "../../_shared/log.ts";

/** "*" or an exact list of origins such as "https://rwaatlas.com". */
export type AllowedOrigins = "*" | readonly string[];
