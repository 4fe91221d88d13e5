import { confirmationText } from "../supabase/functions/add-to-waitlist/lib/resend.ts";
import type { WaitlistMailer } from "../supabase/functions/add-to-waitlist/lib/types.ts";

/** The local stand-in for Resend: the confirmation e-mail is printed, nothing leaves the machine. */
export function createConsoleMailer(write: (text: string) => void = (text) => console.log(text), product = "RWA Atlas"): WaitlistMailer {
  return {
    name: "console",
    async addContact() {},
    async sendConfirmation(email) {
      write(
        [
          "",
          "──── confirmation e-mail (local API: printed here, not sent) ────",
          `To:      ${email}`,
          `Subject: You're on the ${product} waitlist`,
          "",
          confirmationText(product),
          "─────────────────────────────────────────────────────────────────",
          "",
        ].join("\n"),
      );
    },
  };
}
