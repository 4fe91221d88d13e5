/**
 * The client-side rule from the spec: non-empty after trimming and containing '@'.
 * Deliberately loose; the add-to-waitlist function does the authoritative check.
 */
export function isValidWaitlistEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed !== "" && trimmed.includes("@");
}
