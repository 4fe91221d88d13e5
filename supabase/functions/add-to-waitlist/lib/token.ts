// Confirmation tokens: 256 random bits in the link, only their SHA-256 in the database.
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How long a confirmation link works. */
export const TOKEN_TTL_SECONDS = 48 * 60 * 60;

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A token's stored form: its SHA-256, so a database leak yields no usable link. */
export function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/**
 * The link the mail carries: `<confirm page>#token=<token>`. In the fragment, the token never
 * reaches the static host (browsers do not send a fragment, so no access log, CDN log or Referer
 * holds it). The page still reads the older `?token=` form, for mails sent before.
 */
export function confirmationLink(confirmUrl: string, token: string): string {
  const url = new URL(confirmUrl);
  url.search = "";
  url.hash = `token=${token}`;
  return url.toString();
}

/**
 * The mail's "This wasn't me: stop" link: the same token, as `<confirm page>#stop=<token>`. The
 * page asks for a press before anything is stopped, as for confirming.
 */
export function stopLink(confirmUrl: string, token: string): string {
  const url = new URL(confirmUrl);
  url.search = "";
  url.hash = `stop=${token}`;
  return url.toString();
}
