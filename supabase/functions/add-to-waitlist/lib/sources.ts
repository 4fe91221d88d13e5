// Where in the UI a signup came from (analytics only). Must match the front end's WaitlistSource.
export const WAITLIST_SOURCES = [
  "banner",
  "header",
  "drawer",
  "hero",
  "promo",
  "floating",
  "limit-reached",
  "privacy",
  "confirm",
] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

/** Unknown or malformed sources are dropped, never a reason to lose a signup. */
export function normalizeSource(input: unknown): WaitlistSource | null {
  return typeof input === "string" && (WAITLIST_SOURCES as readonly string[]).includes(input)
    ? (input as WaitlistSource)
    : null;
}
