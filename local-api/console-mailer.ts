import { confirmationSubject, confirmationText } from "../supabase/functions/add-to-waitlist/lib/resend.ts";
import type { WaitlistMailer } from "../supabase/functions/add-to-waitlist/lib/types.ts";

/**
 * The local stand-in for Resend: the confirmation mail, with its link, is printed; nothing leaves
 * the machine. Open the link to confirm, as the recipient would.
 */
export function createConsoleMailer(
  write: (text: string) => void = (text) => console.log(text),
  product = "RWA Atlas",
  /** The site's launch target (VITE_LAUNCH_TARGET locally); the mail's default when unset. */
  launchTarget?: string,
): WaitlistMailer {
  return {
    name: "console",
    async addContact(email) {
      write(`[local-api] confirmed: ${email} would now join the e-mail provider's audience`);
    },
    async removeContact(email) {
      write(`[local-api] left the list: ${email} would now leave the e-mail provider's audience`);
    },
    async sendConfirmation(mail) {
      write(
        [
          "",
          "──── confirmation e-mail (local API: printed here, not sent) ────",
          `To:      ${mail.to}`,
          `Subject: ${confirmationSubject(product)}`,
          "",
          confirmationText(product, mail, launchTarget?.trim() || undefined, new Date()),
          "─────────────────────────────────────────────────────────────────",
          "",
        ].join("\n"),
      );
    },
  };
}
