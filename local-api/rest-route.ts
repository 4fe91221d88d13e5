// /rest/v1/ as PostgREST answers it, for what the app and our tools use: the caller's role from
// its JWTs, table reads (postgrest.ts) and rpc/<fn> calls, and the CORS headers for the app's pages.
import type { PGlite } from "@electric-sql/pglite";
import type { Context } from "hono";
import { verifyJwt, type ApiRole } from "./jwt.ts";
import { apiError } from "./postgrest-errors.ts";
import { callFunction, readTable, type RestResult } from "./postgrest.ts";

const MAX_RPC_BODY_BYTES = 1024 * 1024;

/** Answers one /rest/v1/ request as the caller's role: rpc/<fn> by POST, a table read by GET or HEAD. */
export async function rest(c: Context, resource: string, db: PGlite): Promise<RestResult> {
  const role = await authenticate(c);
  const { method } = c.req;
  if (resource.startsWith("rpc/")) {
    if (method !== "POST")
      throw apiError(405, "PGRST117", `Unsupported HTTP verb: ${method}`, "Call functions with POST.");
    const text = await readText(c.req.raw, MAX_RPC_BODY_BYTES);
    let args: unknown;
    try {
      args = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw apiError(400, "PGRST102", "Empty or invalid json");
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      throw apiError(400, "PGRST102", "Function arguments must be a JSON object");
    }
    return callFunction(db, role, resource.slice(4), args as Record<string, unknown>);
  }
  if (method !== "GET" && method !== "HEAD") {
    throw apiError(
      405,
      "PGRST117",
      `Unsupported HTTP verb: ${method}`,
      "The local API serves table reads and RPC; data changes go through migrations, the seed or rpc.",
    );
  }
  return readTable(db, role, resource, new URL(c.req.url).searchParams, {
    accept: c.req.header("accept") ?? null,
    prefer: c.req.header("prefer") ?? null,
  });
}

/** Role from the bearer token, else the apikey; both are JWTs signed with the local secret. */
async function authenticate(c: Context): Promise<ApiRole> {
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();
  const apikey = c.req.header("apikey")?.trim();
  const token = bearer || apikey;
  if (!token) {
    throw apiError(
      401,
      "PGRST301",
      "No API key found in request",
      "Send the anon key as the apikey header (supabase-js does this).",
    );
  }
  // Both keys must verify; the request runs as the token's role.
  let role: ApiRole = "anon";
  for (const candidate of new Set([token, apikey].filter((t): t is string => Boolean(t)))) {
    const result = await verifyJwt(candidate);
    if (!result.ok) throw apiError(401, "PGRST301", result.reason, "Use the local anon or service-role key.");
    if (candidate === token) role = result.role;
  }
  return role;
}

/** The CORS headers for a request from one of the app's own pages. */
export function restCors(c: Context, origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    Vary: "Origin",
    "Access-Control-Allow-Methods": "GET, HEAD, POST, OPTIONS",
    "Access-Control-Allow-Headers":
      c.req.header("access-control-request-headers") ??
      "authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile",
    "Access-Control-Expose-Headers": "Content-Range, Content-Location",
    "Access-Control-Max-Age": "86400",
  };
}

async function readText(req: Request, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of req.body ?? []) {
    total += chunk.byteLength;
    if (total > maxBytes) throw apiError(413, "PGRST413", `Request body larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
