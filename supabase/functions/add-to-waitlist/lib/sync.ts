import { withDeadline } from "../../_shared/outbound.ts";
import { maskEmail } from "./email.ts";
import { confirmationLink, sha256Hex, stopLink } from "./token.ts";
import type { ConfirmationMail, Logger, WaitlistMailer, WaitlistStore } from "./types.ts";

export const PROVIDER_TIMEOUT_MS = 8_000;

export type SyncOutcome = "synced" | "failed" | "skipped";

export type SyncDeps = {
  store: Pick<WaitlistStore, "recordSync" | "recordMail">;
  mailer: WaitlistMailer | null;
  log: Logger;
  timeoutMs?: number;
};

/** Resend keeps an Idempotency-Key for 24 h and allows 256 characters: ASCII, fixed length. */
export async function confirmationIdempotencyKey(email: string, tokenHash: string): Promise<string> {
  return `waitlist-confirmation/${await sha256Hex(email)}/${tokenHash.slice(0, 16)}`;
}

/**
 * Sends the confirmation mail for one token. Never throws. Success stamps confirmation_sent_at;
 * failure records last_error and leaves the mail due for the resync (which issues a new token).
 */
export function sendConfirmationMail(
  email: string,
  token: string,
  tokenHash: string,
  confirmUrl: string,
  deps: SyncDeps,
  kind: ConfirmationMail["kind"] = "signup",
): Promise<SyncOutcome> {
  return providerStep(email, deps, {
    skipped: "the confirmation mail stays due",
    run: async (mailer, signal) => {
      const idempotencyKey = await confirmationIdempotencyKey(email, tokenHash);
      await mailer.sendConfirmation(
        {
          to: email,
          link: confirmationLink(confirmUrl, token),
          stopLink: stopLink(confirmUrl, token),
          idempotencyKey,
          kind,
        },
        signal,
      );
    },
    record: (error) => deps.store.recordMail(email, tokenHash, error),
    events: {
      recordFailed: "waitlist.record_mail_failed",
      failed: "waitlist.confirmation_failed",
      done: "waitlist.confirmation_sent",
    },
  });
}

/**
 * Adds a confirmed address to the provider's audience. Never throws. Success stamps synced_at;
 * failure records last_error and leaves the row for the resync. The contact call is an upsert.
 */
export function addConfirmedContact(email: string, deps: SyncDeps): Promise<SyncOutcome> {
  return providerStep(email, deps, {
    skipped: "confirmed signup stored unsynced",
    run: (mailer, signal) => mailer.addContact(email, signal),
    record: (error) => deps.store.recordSync(email, error),
    events: {
      recordFailed: "waitlist.record_sync_failed",
      failed: "waitlist.provider_failed",
      done: "waitlist.provider_synced",
    },
  });
}

/**
 * Takes an address that left the list (its mailbox stopped, or a legacy row that never answered)
 * out of the audience. Never throws. Success clears synced_at; failure records last_error and
 * leaves the row for the resync. A contact that is not there counts as removed.
 */
export function removeListedContact(
  email: string,
  deps: SyncDeps & { store: Pick<WaitlistStore, "recordRemoval"> },
): Promise<SyncOutcome> {
  return providerStep(email, deps, {
    skipped: "the address stays in the audience until the resync removes it",
    run: (mailer, signal) => mailer.removeContact(email, signal),
    record: (error) => deps.store.recordRemoval(email, error),
    events: {
      recordFailed: "waitlist.record_removal_failed",
      failed: "waitlist.removal_failed",
      done: "waitlist.contact_removed",
    },
  });
}

type Step = {
  skipped: string;
  run: (mailer: WaitlistMailer, signal: AbortSignal) => Promise<void>;
  record: (error: string | null) => Promise<void>;
  events: { recordFailed: string; failed: string; done: string };
};

/** One provider call with a timeout, its outcome recorded on the row and logged (masked). */
async function providerStep(email: string, deps: SyncDeps, step: Step): Promise<SyncOutcome> {
  const masked = maskEmail(email);
  if (!deps.mailer) {
    deps.log.info("waitlist.provider_skipped", {
      email: masked,
      reason: `RESEND_API_KEY, RESEND_AUDIENCE_ID or WAITLIST_FROM not set; ${step.skipped}`,
    });
    return "skipped";
  }
  const mailer = deps.mailer;
  const error = await attempt(deps.timeoutMs, (signal) => step.run(mailer, signal));
  try {
    await step.record(error);
  } catch (caught) {
    deps.log.error(step.events.recordFailed, { email: masked, error: describeError(caught) });
  }
  if (error) {
    deps.log.warn(step.events.failed, { email: masked, provider: mailer.name, error });
    return "failed";
  }
  deps.log.info(step.events.done, { email: masked, provider: mailer.name });
  return "synced";
}

async function attempt(
  timeoutMs: number | undefined,
  task: (signal: AbortSignal) => Promise<void>,
): Promise<string | null> {
  try {
    const ms = timeoutMs ?? PROVIDER_TIMEOUT_MS;
    await withDeadline(ms, task, () => new Error(`provider timed out after ${ms} ms`));
    return null;
  } catch (caught) {
    return describeError(caught);
  }
}

export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
