import type { LaunchTarget } from "@/components/use-launch-target";
import { OPENING_SOON } from "@/lib/launch-target";

/** The /confirm page's texts (not in the spec: written for double opt-in). */
export const CONFIRM_TEXTS = {
  // Nothing is confirmed until the visitor presses the button: a mail scanner that opens the link
  // (and runs its JavaScript) does not join anyone to the list.
  ready: {
    title: "Confirm your email",
    body: "Press the button to confirm your address and join the waitlist.",
    button: "Confirm my email",
  },
  confirming: { title: "Confirming your email…", body: "This takes a moment." },
  confirmed: { title: "You're on the waitlist" },
  already: {
    title: "Already confirmed",
    body: "This email address was confirmed before, so there's nothing more to do. You're on the waitlist.",
  },
  expired: {
    title: "This link has expired or isn't valid",
    body: "Confirmation links work once and expire after 48 hours. Join the waitlist again and we'll email you a new link.",
  },
  failed: {
    title: "We couldn't confirm your email",
    body: "Something went wrong on our side or with the connection. Your link still works: please try again.",
  },
} as const;

/** The confirmed page's text: the launch target, or 'opening soon' once it has passed (useLaunchTarget). */
export function confirmedBody({ target, past }: LaunchTarget): string {
  return `Thanks for confirming your email. We'll send you updates on the portfolio analytics platform and let you know when early access opens (${past ? OPENING_SOON : `target: ${target}`}).`;
}

/**
 * The page a mail's "This wasn't me: stop" link opens (/confirm#stop=…): written for the stop link,
 * plain, and in the confirm page's manner. Nothing is stopped until the button is pressed.
 */
export const STOP_TEXTS = {
  heading: "Waitlist · Stop emails",
  ready: {
    title: "Stop emails to this address?",
    body: "If you didn't join the waitlist, press the button. We won't email this address again, and it won't be on the waitlist.",
    button: "Stop emails",
  },
  stopping: { title: "Stopping emails…", body: "This takes a moment." },
  stopped: {
    title: "We won't email you again",
    body: "This address is off the waitlist, and no more emails will go to it. There's nothing more to do.",
  },
  invalid: {
    title: "This link isn't valid",
    body: "Open the link from the email again, in full. If it still doesn't work, reply to the email and we'll stop the emails for you.",
  },
  failed: {
    title: "We couldn't stop the emails",
    body: "Something went wrong on our side or with the connection. Your link still works: please try again.",
  },
} as const;
