// PostgREST's error shape and its SQLSTATE -> HTTP status rules, so supabase-js and the UI see
// the same errors locally as against a real project.
export type PostgrestErrorBody = { code: string; message: string; details: string | null; hint: string | null };

export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly body: PostgrestErrorBody,
  ) {
    super(body.message);
  }
}

export function apiError(
  status: number,
  code: string,
  message: string,
  hint: string | null = null,
  details: string | null = null,
) {
  return new PostgrestError(status, { code, message, details, hint });
}

type PgError = { code?: string; message?: string; detail?: string; hint?: string };

export function fromPostgres(error: unknown, role: string): PostgrestError {
  const pg = (error ?? {}) as PgError;
  const code = typeof pg.code === "string" ? pg.code : "XX000";
  return new PostgrestError(statusFor(code, role), {
    code,
    message: pg.message ?? "Database error",
    details: pg.detail ?? null,
    hint: pg.hint ?? null,
  });
}

function statusFor(code: string, role: string): number {
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "42883" || code === "42P01") return 404;
  if (code === "P0001") return 400;
  if (code.startsWith("08") || code.startsWith("53")) return 503;
  if (code.startsWith("28") || code.startsWith("0L") || code.startsWith("0P")) return 403;
  const serverClasses = ["09", "25", "2D", "38", "39", "3B", "40", "54", "55", "57", "58", "F0", "HV", "P0", "XX"];
  if (serverClasses.some((c) => code.startsWith(c)) || code === "42P17") return 500;
  return 400;
}
