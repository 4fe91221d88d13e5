import { useId, useRef, useState, type FormEvent } from "react";
import { BarChart3, Check, Loader2, Lock } from "lucide-react";
import { MAX_COMPARED, site } from "@/config/site";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { isValidWaitlistEmail } from "@/features/waitlist/email";
import { turnstileSiteKey, useTurnstile } from "@/features/waitlist/turnstile";
import { useJoinWaitlist } from "@/features/waitlist/use-join-waitlist";
import { WAITLIST_ERROR_TOASTS, WAITLIST_MESSAGES } from "@/features/waitlist/waitlist-messages";
import type { WaitlistSource } from "@/features/waitlist/waitlist-source";
import { useLaunchTarget } from "@/components/use-launch-target";
import { OPENING_SOON } from "@/lib/launch-target";
import { toast } from "@/lib/toast";

export type WaitlistDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  limitReached: boolean;
  source?: WaitlistSource;
  /** Where focus goes on close; the dialog has no trigger of its own, so the opener decides. */
  onCloseAutoFocus?: (event: Event) => void;
};

const NORMAL_FEATURES = [
  "Institutional-grade risk metrics and due diligence",
  "Allocation optimisation across your RWA holdings",
  "Real-time TVL and yield tracking",
];
const LIMIT_FEATURES = ["Unlimited protocol comparisons", "Advanced risk metrics", "Real-time tracking"];

export function WaitlistDialog({ open, onOpenChange, limitReached, source, onCloseAutoFocus }: WaitlistDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
        {/* The form lives inside the content, so every opening starts from a fresh form. */}
        <WaitlistForm limitReached={limitReached} source={source} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type WaitlistFormProps = { limitReached: boolean; source?: WaitlistSource; onDone: () => void };

function WaitlistForm({ limitReached, source, onDone }: WaitlistFormProps) {
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const join = useJoinWaitlist();
  const sending = join.isPending;
  // The bot check, when the build has a Turnstile site key; its token goes with the signup.
  const [siteKey] = useState(turnstileSiteKey);
  const { containerRef: botCheckRef, token: botCheckToken, reset: resetBotCheck } = useTurnstile(siteKey);
  const features = limitReached ? LIMIT_FEATURES : NORMAL_FEATURES;
  const launch = useLaunchTarget();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!isValidWaitlistEmail(email)) {
      setInvalid(true);
      // The spec's toast, and the same words under the field (below). A fixed id replaces the
      // previous toast instead of stacking copies on repeated clicks.
      toast.error(WAITLIST_MESSAGES.invalid, { id: WAITLIST_ERROR_TOASTS.invalid });
      inputRef.current?.focus();
      return;
    }
    join.mutate(
      { email, source, challengeToken: botCheckToken },
      {
        onSuccess: () => {
          setEmail("");
          onDone();
        },
        // A token works once: the next attempt needs a fresh one.
        onSettled: resetBotCheck,
      },
    );
  }

  return (
    <>
      <div className="rounded-t-xl border-b border-border bg-gradient-to-br from-accent-soft/70 via-surface to-surface px-6 pt-6 pb-5">
        <DialogHeader className="pr-8">
          <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-primary text-primary-accent shadow-sm">
            <BarChart3 className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>Join the Waitlist</DialogTitle>
          {!limitReached && (
            <DialogDescription tone="secondary">
              Get early access to institutional-grade portfolio analytics for tokenized RWAs.
            </DialogDescription>
          )}
        </DialogHeader>
      </div>

      <div className="flex flex-col gap-5 p-6">
        {limitReached && (
          <DialogDescription asChild>
            <div className="flex flex-col gap-3">
              <div className="rounded-lg border border-warning-border bg-risk-medium-bg/60 p-4">
                <p className="flex items-center gap-2 text-sm font-semibold text-risk-medium-fg">
                  <Lock className="size-4 shrink-0" aria-hidden="true" />
                  Comparison Limit Reached
                </p>
                <p className="mt-1 text-sm text-callout-foreground">
                  You can compare up to {MAX_COMPARED} protocols at once with our free preview tool.
                </p>
              </div>
              <p className="text-sm text-secondary-foreground">
                Join the waitlist for the full {site.productName} platform, with unlimited comparisons, advanced risk
                metrics and real-time tracking.
              </p>
            </div>
          </DialogDescription>
        )}

        <ul className="flex flex-col gap-2" aria-label="What you get">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5 text-sm text-secondary-foreground">
              <span className="mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
                <Check className="size-3" aria-hidden="true" strokeWidth={3} />
              </span>
              {feature}
            </li>
          ))}
        </ul>

        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
          <label htmlFor={inputId} className="sr-only">
            Email address
          </label>
          <Input
            ref={inputRef}
            id={inputId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            placeholder={site.emailPlaceholder}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalid) setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            disabled={sending}
            fieldSize="lg"
            className="aria-[invalid=true]:border-field-invalid"
          />
          {/* Read with the field when focus returns to it; the toast is the live announcement. */}
          {invalid && (
            <p id={errorId} className="-mt-1 text-sm font-medium text-danger">
              {WAITLIST_MESSAGES.invalid}
            </p>
          )}
          {siteKey && <div ref={botCheckRef} data-bot-check="" />}
          <Button type="submit" variant="accent" size="lg" disabled={sending} className="w-full">
            {sending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {sending ? "Joining..." : "Get Early Access"}
          </Button>
        </form>

        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          Join to receive updates on our development progress and get early access when we launch{" "}
          {launch.past ? `(${OPENING_SOON})` : `in ${launch.target}`}. One e-mail address, nothing else; unsubscribe
          anytime.{" "}
          <a
            href="/privacy-policy"
            target="_blank"
            rel="noopener"
            className="font-medium text-accent underline underline-offset-2 hover:text-accent-hover"
          >
            Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </>
  );
}
