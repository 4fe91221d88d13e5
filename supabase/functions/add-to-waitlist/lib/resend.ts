import { DEFAULT_LAUNCH_TARGET, isLaunchTargetPast, OPENING_SOON } from "./launch-target.ts";
import type { ConfirmationMail, WaitlistMailer } from "./types.ts";

export type ResendConfig = {
  apiKey: string;
  audienceId: string;
  from: string;
  productName?: string;
  /** The site's VITE_LAUNCH_TARGET, for the mail (WAITLIST_LAUNCH_TARGET; default the spec's Q1 2026). */
  launchTarget?: string;
};

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const RESEND_API = "https://api.resend.com";

/** Reads the provider settings; null (provider skipped) unless all three are set. */
export function readResendConfig(get: (name: string) => string | undefined): ResendConfig | null {
  const apiKey = get("RESEND_API_KEY")?.trim();
  const audienceId = get("RESEND_AUDIENCE_ID")?.trim();
  const from = get("WAITLIST_FROM")?.trim();
  if (!apiKey || !audienceId || !from) return null;
  return {
    apiKey,
    audienceId,
    from,
    productName: get("WAITLIST_PRODUCT_NAME")?.trim() || undefined,
    launchTarget: get("WAITLIST_LAUNCH_TARGET")?.trim() || undefined,
  };
}

/** Resend over plain fetch (no SDK: one less dependency to resolve in both runtimes). */
export function createResendMailer(config: ResendConfig, fetchImpl: Fetch = fetch): WaitlistMailer {
  const headers = { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" };

  async function call(
    path: string,
    body: unknown,
    signal: AbortSignal,
    extra: Record<string, string> = {},
    method: "POST" | "DELETE" = "POST",
  ) {
    const response = await fetchImpl(`${RESEND_API}${path}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    if (response.ok) {
      await response.body?.cancel();
      return response;
    }
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw Object.assign(new Error(`Resend ${path} answered ${response.status}${detail ? `: ${detail}` : ""}`), {
      status: response.status,
    });
  }

  return {
    name: "resend",
    async addContact(email, signal) {
      try {
        await call(
          `/audiences/${encodeURIComponent(config.audienceId)}/contacts`,
          { email, unsubscribed: false },
          signal,
        );
      } catch (error) {
        // Already in the audience is the state we want (a retried sync).
        if ((error as { status?: number }).status === 409) return;
        throw error;
      }
    },
    async removeContact(email, signal) {
      try {
        await call(
          `/audiences/${encodeURIComponent(config.audienceId)}/contacts/${encodeURIComponent(email)}`,
          undefined,
          signal,
          {},
          "DELETE",
        );
      } catch (error) {
        // Not in the audience (never added, or removed by an earlier attempt): the state we want.
        if ((error as { status?: number }).status === 404) return;
        throw error;
      }
    },
    async sendConfirmation(mail, signal) {
      const product = config.productName ?? "RWA Atlas";
      await call(
        "/emails",
        {
          from: config.from,
          to: [mail.to],
          subject: confirmationSubject(product),
          text: confirmationText(product, mail, config.launchTarget, new Date()),
          html: confirmationHtml(product, mail, config.launchTarget),
        },
        signal,
        // Resend de-duplicates on this key for 24 h: a retried send of this mail never mails twice.
        { "Idempotency-Key": mail.idempotencyKey },
      );
    },
  };
}

export function confirmationSubject(product: string): string {
  return `Confirm your place on the ${product} waitlist`;
}

/** The label of every confirmation mail's stop link (issue 30): plain, and the same in both kinds. */
export const STOP_LINK_LABEL = "This wasn't me: stop";

/** How long a legacy row has to answer its consent mail (lib/scheduled-resync.ts). */
export const RECONSENT_DAYS = 30;

/** What a mail's text needs: its links and kind (a ConfirmationMail has them all). */
export type MailLinks = Pick<ConfirmationMail, "link" | "stopLink" | "kind">;

/**
 * The mail's text. The launch target is read when the mail is written: once its period is over,
 * the mail says 'opening soon' rather than promise a date that has passed. Every mail ends with
 * the stop link: one press stops every mail to the inbox, now and later (docs/security.md).
 */
export function confirmationText(
  product: string,
  mail: MailLinks,
  launchTarget = DEFAULT_LAUNCH_TARGET,
  now = new Date(),
): string {
  const launch = isLaunchTargetPast(launchTarget, now) ? OPENING_SOON : `target: ${launchTarget}`;
  const stop = [
    "To stop every e-mail to this address, now and later, open this link and press 'Stop emails':",
    "",
    `${STOP_LINK_LABEL}\n${mail.stopLink}`,
  ];
  if (mail.kind === "reconsent") {
    // A legacy single-opt-in address (docs/security.md, "Rows from before double opt-in"): asked
    // once; without an answer the scheduled resync takes it off the list after RECONSENT_DAYS.
    return [
      `You joined the ${product} waitlist before we asked every address to confirm it. If you still want updates, open this link and press 'Confirm my email':`,
      "",
      mail.link,
      "",
      `The link works once and expires in 48 hours. You'll get updates on the portfolio analytics platform's development and early access when it launches (${launch}).`,
      "",
      `Without a confirmation, we'll take your address off the list in ${RECONSENT_DAYS} days. Not interested any more? Reply to this e-mail and we'll delete your address.`,
      "",
      ...stop,
    ].join("\n");
  }
  return [
    `Thanks for joining the ${product} waitlist. To confirm this is your address, open this link and press 'Confirm my email':`,
    "",
    mail.link,
    "",
    `The link works once and expires in 48 hours. Once you confirm, you'll get updates on the portfolio analytics platform's development and early access when it launches (${launch}).`,
    "",
    "Didn't sign up? Without a confirmation, this address is not added to the list.",
    ...stop,
  ].join("\n");
}

function confirmationHtml(product: string, mail: MailLinks, launchTarget: string | undefined): string {
  const escape = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const stopParagraph = `${STOP_LINK_LABEL}\n${mail.stopLink}`;
  return confirmationText(product, mail, launchTarget, new Date())
    .split("\n\n")
    .map((paragraph) => {
      if (paragraph === mail.link) return `<p><a href="${escape(mail.link)}">Confirm my e-mail address</a></p>`;
      if (paragraph === stopParagraph)
        return `<p><a href="${escape(mail.stopLink)}">${escape(STOP_LINK_LABEL)}</a></p>`;
      return `<p>${paragraph.split("\n").map(escape).join("<br>")}</p>`;
    })
    .join("");
}
