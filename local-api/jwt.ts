import { createHmac, timingSafeEqual } from "node:crypto";

// The Supabase CLI's well-known local JWT secret: the keys in defaults.ts / service-key.ts are
// signed with it. Public by design; it only ever guards this loopback-only API.
export const LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

export const API_ROLES = ["anon", "authenticated", "service_role"] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type JwtResult = { ok: true; role: ApiRole } | { ok: false; reason: string };

/** Verifies an HS256 JWT's signature and expiry and returns its Postgres role. */
export function verifyJwt(token: string, secret: string = LOCAL_JWT_SECRET, nowSeconds = Date.now() / 1000): JwtResult {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "Expected 3 parts in JWT" };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (!header || header.alg !== "HS256") return { ok: false, reason: "Unsupported JWT algorithm (HS256 expected)" };
  const expected = createHmac("sha256", secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "JWSError JWSInvalidSignature" };
  }
  const payload = decodeJson(payloadPart);
  if (!payload) return { ok: false, reason: "Invalid JWT payload" };
  if (typeof payload.exp === "number" && payload.exp < nowSeconds) return { ok: false, reason: "JWT expired" };
  const role = payload.role;
  if (typeof role !== "string" || !(API_ROLES as readonly string[]).includes(role)) {
    return { ok: false, reason: `JWT role ${JSON.stringify(role)} is not one of ${API_ROLES.join(", ")}` };
  }
  return { ok: true, role: role as ApiRole };
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
