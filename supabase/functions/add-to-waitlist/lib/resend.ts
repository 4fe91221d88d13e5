import type { WaitlistMailer } from "./types.ts";

export type ResendConfig = { apiKey: string; audienceId: string; from: string; productName?: string };

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const RESEND_API = "https://api.resend.com";

/** Reads the provider settings; null (provider skipped) unless all three are set. */
export function readResendConfig(get: (name: string) => string | undefined): ResendConfig | null {
  const apiKey = get("RESEND_API_KEY")?.trim();
  const audienceId = get("RESEND_AUDIENCE_ID")?.trim();
  const from = get("WAITLIST_FROM")?.trim();
  if (!apiKey || !audienceId || !from) return null;
  return { apiKey, audienceId, from, productName: get("WAITLIST_PRODUCT_NAME")?.trim() || undefined };
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
        await call(`/audiences/${encodeURIComponent(config.audienceId)}/contacts`, { email, unsubscribed: false }, signal);
      } catch (error) {
        // Already in the audience is the state we want (a retried sync).
        if ((error as { status?: number }).status === 409) return;
        throw error;
      }
    },
    async sendConfirmation(email, signal) {
      const product = config.productName ?? "RWA Atlas";
      await call(
        "/emails",
        {
          from: config.from,
          to: [email],
          subject: `You're on the ${product} waitlist`,
          text: confirmationText(product),
          html: confirmationHtml(product),
        },
        signal,
        // Resend de-duplicates on this key for 24 h: a retried sync never mails twice.
        { "Idempotency-Key": `waitlist-confirmation/${email}` },
      );
    },
  };
}

export function confirmationText(product: string): string {
  return [
    `Thanks for joining the ${product} waitlist.`,
    "",
    "You'll get updates on the portfolio analytics platform's development and early access when it launches (target: Q1 2026).",
    "",
    "Didn't sign up? Ignore this e-mail and you won't hear from us again. Reply to ask for your address to be deleted.",
  ].join("\n");
}

function confirmationHtml(product: string): string {
  return confirmationText(product)
    .split("\n\n")
    .map((p) => `<p>${p.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`)
    .join("");
}
