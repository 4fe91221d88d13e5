// Printable ASCII, the space included (the function refuses an inner space itself, as before).
const VISIBLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The client-side rule: the spec's (non-empty after trimming, containing '@'), plus no character
 * outside visible ASCII. A full-width letter (`ada@ｇmail.com`) or a zero-width space looks like
 * the real address but is another one, so the form answers it as an invalid address (the spec's
 * toast, the typed text kept) instead of sending it. The add-to-waitlist function does the
 * authoritative check, with the same ASCII rule.
 */
export function isValidWaitlistEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed !== "" && trimmed.includes("@") && VISIBLE_ASCII.test(trimmed);
}
