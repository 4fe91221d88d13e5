// The dependencies handler.ts is given. Each runtime (Deno on Supabase, Node in the local API,
// tests) supplies its own implementations; the handler never reaches for globals.

export type Signup = { email: string; source: string | null };

export interface WaitlistStore {
  /** Inserts the signup unless the address is already there. Idempotent. Throws when unreachable. */
  add(signup: Signup): Promise<{ created: boolean }>;
  /** Records one provider sync attempt: error null = synced. */
  recordSync(email: string, error: string | null): Promise<void>;
}

export type PendingSignup = { email: string; source: string | null; createdAt: string; attempts: number; lastError: string | null };

/** A store the resync job can also scan for unsynced rows. */
export interface ResyncableWaitlistStore extends WaitlistStore {
  pending(limit: number): Promise<PendingSignup[]>;
}

/** The e-mail provider: audience membership plus the confirmation e-mail the success toast promises. */
export interface WaitlistMailer {
  readonly name: string;
  addContact(email: string, signal: AbortSignal): Promise<void>;
  sendConfirmation(email: string, signal: AbortSignal): Promise<void>;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(key: string, nowMs: number): RateLimitDecision;
}

export interface Clock {
  now(): number;
}

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/** "*" or an exact list of origins such as "https://rwaatlas.com". */
export type AllowedOrigins = "*" | readonly string[];
