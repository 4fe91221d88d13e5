import { DEFAULT_LAUNCH_TARGET, isLaunchTargetPast, OPENING_SOON } from "./launch-target.ts";
import type { WaitlistMailer } from "./types.ts";

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

  async function call(path: string, body: unknown, signal: AbortSignal, extra: Record<string, string> = {}) {
    const response = await fetchImpl(`${RESEND_API}${path}`, {
      method: "POST",
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
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
    async sendConfirmation(mail, signal) {
      const product = config.productName ?? "RWA Atlas";
      await call(
        "/emails",
        {
          from: config.from,
          to: [mail.to],
          subject: confirmationSubject(product),
          text: confirmationText(product, mail.link, config.launchTarget),
          html: confirmationHtml(product, mail.link, config.launchTarget),
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

/**
 * The mail's text. The launch target is read when the mail is written: once its period is over,
 * the mail says 'opening soon' rather than promise a date that has passed.
 */
export function confirmationText(
  product: string,
  link: string,
  launchTarget = DEFAULT_LAUNCH_TARGET,
  now = new Date(),
): string {
  const launch = isLaunchTargetPast(launchTarget, now) ? OPENING_SOON : `target: ${launchTarget}`;
  return [
    `Thanks for joining the ${product} waitlist. To confirm this is your address, open this link and press 'Confirm my email':`,
    "",
    link,
    "",
    `The link works once and expires in 48 hours. Once you confirm, you'll get updates on the portfolio analytics platform's development and early access when it launches (${launch}).`,
    "",
    "Didn't sign up? Ignore this e-mail: without a confirmation you won't hear from us again.",
  ].join("\n");
}

function confirmationHtml(product: string, link: string, launchTarget?: string): string {
  const escape = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return confirmationText(product, link, launchTarget)
    .split("\n\n")
    .map((p) => (p === link ? `<p><a href="${escape(link)}">Confirm my e-mail address</a></p>` : `<p>${escape(p)}</p>`))
    .join("");
}
