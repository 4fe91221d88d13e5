import type { AllowedOrigins } from "./types.ts";

// Headers for every answer: the body is data for fetch(), never a page to render or cache.
const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
};

// What supabase-js's functions.invoke sends, plus the usual suspects, and the bot challenge's token
// (lib/turnstile.ts: a header, so the body keeps its 1 KB cap).
const ALLOWED_HEADERS = "authorization, x-client-info, apikey, content-type, x-region, x-turnstile-token";

/** Parses ALLOWED_ORIGINS ("https://a.com, https://b.com"); unset, empty or "*" allows any. */
export function parseAllowedOrigins(value: string | undefined): AllowedOrigins {
  const origins = (value ?? "")
    .split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  return origins.length === 0 || origins.includes("*") ? "*" : origins;
}

export function isOriginAllowed(origin: string | null, allowed: AllowedOrigins): boolean {
  // No Origin header: not a browser cross-origin call (curl, server), CORS does not apply.
  return origin === null || allowed === "*" || allowed.includes(origin);
}

export function corsHeaders(origin: string | null, allowed: AllowedOrigins): Record<string, string> {
  const base = {
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Max-Age": "86400",
  };
  if (allowed === "*") return { ...base, "Access-Control-Allow-Origin": "*" };
  return origin !== null && allowed.includes(origin)
    ? { ...base, "Access-Control-Allow-Origin": origin, Vary: "Origin" }
    : { ...base, Vary: "Origin" };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...SECURITY_HEADERS, ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}

export function emptyResponse(status: number, headers: Record<string, string>): Response {
  return new Response(null, { status, headers: { ...SECURITY_HEADERS, ...headers } });
}

export class BodyTooLargeError extends Error {}
export class InvalidEncodingError extends Error {}

/**
 * Reads at most maxBytes of the body, counting bytes as they stream in: a missing or lying
 * Content-Length cannot smuggle a larger body past the cap.
 */
export async function readBodyLimited(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidEncodingError();
  }
}
