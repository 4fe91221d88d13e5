import { errors, jwtVerify } from "jose";

// The Supabase CLI's well-known local JWT secret: the keys in defaults.ts / service-key.ts are
// signed with it. Public by design; it only ever guards this loopback-only API.
export const LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

const API_ROLES = ["anon", "authenticated", "service_role"] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type JwtResult = { ok: true; role: ApiRole } | { ok: false; reason: string };

/** Verifies an HS256 JWT's signature and expiry (jose) and returns its Postgres role. */
export async function verifyJwt(
  token: string,
  secret: string = LOCAL_JWT_SECRET,
  now = new Date(),
): Promise<JwtResult> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      currentDate: now,
    });
    const role = payload.role;
    if (typeof role !== "string" || !(API_ROLES as readonly string[]).includes(role)) {
      return { ok: false, reason: `JWT role ${JSON.stringify(role)} is not one of ${API_ROLES.join(", ")}` };
    }
    return { ok: true, role: role as ApiRole };
  } catch (error) {
    return { ok: false, reason: postgrestReason(error) };
  }
}

/** PostgREST's wording for the failures a client can cause, so errors read as they do on Supabase. */
function postgrestReason(error: unknown): string {
  if (error instanceof errors.JWSSignatureVerificationFailed) return "JWSError JWSInvalidSignature";
  if (error instanceof errors.JWTExpired) return "JWT expired";
  if (error instanceof errors.JOSEAlgNotAllowed) return "Unsupported JWT algorithm (HS256 expected)";
  return `Invalid JWT: ${error instanceof Error ? error.message : String(error)}`;
}
