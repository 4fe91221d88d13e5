export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;
// Exactly one '@', a non-empty local part, a domain of non-empty dot-separated labels (so at
// least one dot), no whitespace. Deliberately simple: the confirmation e-mail is the real test.
const EMAIL_SHAPE = /^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+$/;
// Printable ASCII only, which leaves out, among others: control characters; a lone UTF-16
// surrogate (only reachable through a JSON "\ud800" escape: UTF-8 turns it into U+FFFD on the way
// to Postgres, so two different acknowledged addresses would collide); and a full-width letter
// (`ada@ｇmail.com`), a zero-width space or any other invisible or look-alike character, each of
// which made a second mailbox beside the real one. An international address is refused too: a
// deliberate trade (docs/security.md); its punycode form (`xn--…`) is ASCII and accepted.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
// Only a bare address: no display name ("x<victim@example.com>", "Name <a@b.co>"), comment,
// quoted local part, route or address list. These characters have no place in one.
const NOT_IN_A_BARE_ADDRESS = /[<>()[\]\\,;:"]/;

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";

export type EmailResult = { ok: true; email: string } | { ok: false; error: string };

/** Trims and lower-cases, then validates. The stored form is always the normalised one. */
export function normalizeEmail(input: unknown): EmailResult {
  if (typeof input !== "string") return { ok: false, error: INVALID_EMAIL_MESSAGE };
  const typed = input.trim();
  // Checked before lower-casing, which maps some non-ASCII letters onto ASCII ones (the Kelvin
  // sign U+212A becomes "k"): what was typed must be ASCII, not just what it turns into.
  if (!PRINTABLE_ASCII.test(typed)) return { ok: false, error: INVALID_EMAIL_MESSAGE };
  const email = typed.toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH) return { ok: false, error: INVALID_EMAIL_MESSAGE };
  if (NOT_IN_A_BARE_ADDRESS.test(email) || !EMAIL_SHAPE.test(email)) {
    return { ok: false, error: INVALID_EMAIL_MESSAGE };
  }
  if (email.indexOf("@") > MAX_LOCAL_PART_LENGTH) return { ok: false, error: INVALID_EMAIL_MESSAGE };
  return { ok: true, email };
}

/** For logs: enough to correlate, not enough to leak the address ("ja***@example.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/**
 * Providers that deliver several spellings of an address to one inbox, beyond the "+tag" every
 * address here loses: Gmail ignores dots in the local part and answers at googlemail.com too
 * (support.google.com/mail/answer/7436150), so `a.d.a@googlemail.com` reaches `ada@gmail.com`.
 * Other providers' aliases (and catch-all domains) are bounded by the per-domain mail cap instead.
 */
const PROVIDER_ALIASES: Readonly<Record<string, { domain: string; ignoresDots: boolean }>> = {
  "gmail.com": { domain: "gmail.com", ignoresDots: true },
  "googlemail.com": { domain: "gmail.com", ignoresDots: true },
};

/**
 * The mailbox an address delivers to, for the limits: the local part without a "+tag"
 * ("ada+news@example.com" -> "ada@example.com"), and the known providers' aliases folded into
 * one ("A.da+x@googlemail.com" -> "ada@gmail.com"). The address itself is stored as typed.
 * 20261125010100_waitlist_alias_limits.sql applies the same rule to the rows stored before it.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const provider = PROVIDER_ALIASES[domain];
  if (provider) {
    domain = provider.domain;
    if (provider.ignoresDots) local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}
