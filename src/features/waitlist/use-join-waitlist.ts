import { useMutation } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { WAITLIST_ERROR_TOASTS, WAITLIST_MESSAGES } from "@/features/waitlist/waitlist-messages";
import { TURNSTILE_HEADER } from "@/features/waitlist/turnstile";
import type { WaitlistSource } from "@/features/waitlist/waitlist-source";
import { toast } from "@/lib/toast";

export type JoinWaitlistInput = {
  email: string;
  source?: WaitlistSource;
  /** The bot check's token (features/waitlist/turnstile.ts), sent as a header when there is one. */
  challengeToken?: string | null;
};

/** The function answered with an error (HTTP error, relay error, network failure, timeout). */
export class WaitlistFunctionError extends Error {
  constructor(cause: unknown) {
    super("add-to-waitlist returned an error", { cause });
    this.name = "WaitlistFunctionError";
  }
}

// A hung request must not leave the form stuck on 'Joining...'.
const REQUEST_TIMEOUT_MS = 15_000;

async function joinWaitlist({ email, source, challengeToken }: JoinWaitlistInput): Promise<void> {
  const { error } = await supabase.functions.invoke("add-to-waitlist", {
    body: { email: email.trim(), ...(source ? { source } : {}) },
    // A header, not the body: a token can be 2,048 characters and the body is capped at 1 KB.
    ...(challengeToken ? { headers: { [TURNSTILE_HEADER]: challengeToken } } : {}),
    timeout: REQUEST_TIMEOUT_MS,
  });
  if (error) throw new WaitlistFunctionError(error);
}

/**
 * The signup mutation. Toasts live in the hook-level callbacks because those still run when
 * the dialog was closed mid-request (per-call callbacks would be dropped with the component).
 */
export function useJoinWaitlist() {
  return useMutation({
    mutationKey: ["waitlist", "join"],
    mutationFn: joinWaitlist,
    onSuccess: () => {
      // The form's earlier errors no longer hold: clear them so the success toast stands alone.
      toast.dismiss(WAITLIST_ERROR_TOASTS.invalid);
      toast.dismiss(WAITLIST_ERROR_TOASTS.failed);
      toast.success(WAITLIST_MESSAGES.success);
    },
    onError: (error) => {
      if (error instanceof WaitlistFunctionError) {
        toast.error(WAITLIST_MESSAGES.failed, { id: WAITLIST_ERROR_TOASTS.failed });
      } else {
        console.error("Waitlist signup failed unexpectedly:", error);
        toast.error(WAITLIST_MESSAGES.unexpected, { id: WAITLIST_ERROR_TOASTS.failed });
      }
    },
  });
}
