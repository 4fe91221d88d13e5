import { Ban, CircleAlert, CircleCheck, Clock, LoaderCircle } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { isStopStatus, stopMails, type StopStatus } from "@/features/waitlist/confirm-signup";
import { STOP_TEXTS } from "@/features/waitlist/confirm-texts";
import { LinkMessage } from "@/features/waitlist/link-message";
import { OUTCOME_KEYS, useLinkAction, useRememberOutcome } from "@/features/waitlist/use-link-action";

/**
 * A mail's "This wasn't me: stop" link (/confirm#stop=…): nothing is stopped until the button is
 * pressed, so a mail scanner that opens the link stops nothing.
 */
export function StopFlow({ token, remembered }: { token: string | null; remembered: StopStatus | null }) {
  const result = useLinkAction<StopStatus>(token, remembered, stopMails, "invalid");
  useRememberOutcome(OUTCOME_KEYS.stop, isStopStatus(result.state) ? result.state : null);

  if (result.state === "ready") {
    return (
      <LinkMessage
        icon={<Ban className="size-6 text-danger" aria-hidden="true" />}
        title={STOP_TEXTS.ready.title}
        body={STOP_TEXTS.ready.body}
      >
        <Button onClick={result.press}>{STOP_TEXTS.ready.button}</Button>
      </LinkMessage>
    );
  }
  if (result.state === "pending") {
    return (
      <LinkMessage
        icon={<LoaderCircle className="size-6 animate-spin text-placeholder" aria-hidden="true" />}
        {...STOP_TEXTS.stopping}
        busy
      />
    );
  }
  if (result.state === "failed") {
    return (
      <LinkMessage icon={<CircleAlert className="size-6 text-danger" aria-hidden="true" />} {...STOP_TEXTS.failed}>
        <Button onClick={result.press}>Try again</Button>
      </LinkMessage>
    );
  }
  if (result.state === "stopped") {
    return (
      <LinkMessage icon={<CircleCheck className="size-6 text-accent" aria-hidden="true" />} {...STOP_TEXTS.stopped}>
        <Link
          to="/"
          className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Explore the directory
        </Link>
      </LinkMessage>
    );
  }
  return <LinkMessage icon={<Clock className="size-6 text-warning" aria-hidden="true" />} {...STOP_TEXTS.invalid} />;
}
