import { maskEmail } from "./email.ts";
import type { Logger, WaitlistMailer, WaitlistStore } from "./types.ts";

export const PROVIDER_TIMEOUT_MS = 8_000;

export type SyncOutcome = "synced" | "failed" | "skipped";

export type SyncDeps = {
  store: Pick<WaitlistStore, "recordSync">;
  mailer: WaitlistMailer | null;
  log: Logger;
  timeoutMs?: number;
};

/**
 * Pushes one stored signup to the e-mail provider: audience contact, then the confirmation
 * e-mail. Never throws. Success stamps synced_at; failure records last_error and leaves the row
 * for a resync. Both provider calls are idempotent (contact upsert, Idempotency-Key on the
 * e-mail), so retrying a row that half-succeeded is safe.
 */
export async function syncSignup(email: string, deps: SyncDeps): Promise<SyncOutcome> {
  const masked = maskEmail(email);
  if (!deps.mailer) {
    deps.log.info("waitlist.provider_skipped", {
      email: masked,
      reason: "RESEND_API_KEY, RESEND_AUDIENCE_ID or WAITLIST_FROM not set; signup stored unsynced",
    });
    return "skipped";
  }
  const mailer = deps.mailer;
  let error: string | null = null;
  try {
    await withTimeout(deps.timeoutMs ?? PROVIDER_TIMEOUT_MS, async (signal) => {
      await mailer.addContact(email, signal);
      await mailer.sendConfirmation(email, signal);
    });
  } catch (caught) {
    error = describeError(caught);
  }
  try {
    await deps.store.recordSync(email, error);
  } catch (caught) {
    deps.log.error("waitlist.record_sync_failed", { email: masked, error: describeError(caught) });
  }
  if (error) {
    deps.log.warn("waitlist.provider_failed", { email: masked, provider: mailer.name, error });
    return "failed";
  }
  deps.log.info("waitlist.provider_synced", { email: masked, provider: mailer.name });
  return "synced";
}

async function withTimeout(ms: number, task: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`provider timed out after ${ms} ms`));
    }, ms);
  });
  try {
    await Promise.race([task(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
