import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { handleRequest, type Deps } from "../supabase/functions/add-to-waitlist/handler.ts";
import {
  DEFAULT_LIMITS,
  NO_LIMITS,
  type Logger,
  type WaitlistMailer,
} from "../supabase/functions/add-to-waitlist/lib/types.ts";
import { isLoopbackHost, localOrigins } from "./origins.ts";
import { openDatabase, type OpenDatabaseOptions, type OpenedDatabase } from "./database.ts";
import { verifyJwt, type ApiRole } from "./jwt.ts";
import { apiError, PostgrestError } from "./postgrest-errors.ts";
import { callFunction, readTable, type RestResult } from "./postgrest.ts";
import { createPgliteWaitlistStore, listWaitlist } from "./waitlist-store.ts";

export const LOCAL_API_HEADER = "X-Local-Api";
export const LOCAL_API_ID = "rwa-atlas";
const MAX_RPC_BODY_BYTES = 1024 * 1024;

export type LocalApiOptions = Omit<OpenDatabaseOptions, "log"> & {
  host: string;
  port: number;
  /** Signups per client address per minute (the mailbox and global limits stay at their defaults), or "off". */
  rateLimit: number | "off";
  /** Browser origins allowed besides the dev, preview and e2e ones (tests on a random port). */
  extraOrigins?: readonly string[];
  mailer: WaitlistMailer;
  /** Handler and database messages. */
  logger: Logger;
  log?: (line: string) => void;
};

export type LocalApi = {
  url: string;
  port: number;
  database: OpenedDatabase;
  db: PGlite;
  /** Resolves when deferred provider syncs started so far have finished (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`Port ${port} on ${host} is already in use.`);
  }
}

/**
 * Binds the port first (a busy port fails fast, before any database work), then opens PGlite;
 * /health answers 503 until the database is ready, then 200 { ok: true }.
 */
export async function startLocalApi(options: LocalApiOptions): Promise<LocalApi> {
  let database: OpenedDatabase | null = null;
  let deps: Deps | null = null;
  let guard: Guard | null = null;
  const inFlight = new Set<Promise<unknown>>();

  const server = createServer((req, res) => {
    route(req, res, database?.db ?? null, deps, guard!).catch((error: unknown) => {
      options.logger.error("local_api.unhandled", { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent)
        send(res, { status: 500, headers: {}, body: JSON.stringify({ message: "Internal error" }) });
      else res.destroy();
    });
  });
  await listen(server, options.host, options.port);
  const port = (server.address() as AddressInfo).port;
  const origins = localOrigins({ extra: options.extraOrigins });
  guard = { origins, hosts: allowedHosts(options.host, port) };

  try {
    database = await openDatabase({ ...options, log: options.log });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  const db = database.db;
  // The mails sent since start, for GET /_local/outbox (follow a confirmation link in dev and e2e).
  const outbox: Array<{ to: string; link: string; at: string }> = [];
  const mailer: WaitlistMailer = {
    name: options.mailer.name,
    addContact: (email, signal) => options.mailer.addContact(email, signal),
    async sendConfirmation(mail, signal) {
      await options.mailer.sendConfirmation(mail, signal);
      outbox.push({ to: mail.to, link: mail.link, at: new Date().toISOString() });
      if (outbox.length > 100) outbox.shift();
    },
  };
  guard.outbox = outbox;
  deps = {
    store: createPgliteWaitlistStore(db),
    mailer,
    limits: options.rateLimit === "off" ? NO_LIMITS : { ...DEFAULT_LIMITS, perClientPerMinute: options.rateLimit },
    log: options.logger,
    allowedOrigins: origins,
    // The mail links to the page the signup came from (dev, preview or e2e), else the dev server.
    confirmUrl: (req) => {
      const origin = req.headers.get("origin");
      return `${origin && origins.includes(origin) ? origin : origins[0]}/confirm`;
    },
    // The socket address is the truth here (route() sets it); forwarding headers are ignored.
    clientAddress: (req) => req.headers.get(SOCKET_ADDRESS_HEADER) ?? "unknown",
    defer: (task) => {
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
  };

  const opened = database;
  return {
    url: `http://${options.host}:${port}`,
    port,
    database: opened,
    db,
    settled: async () => {
      await Promise.allSettled([...inFlight]);
    },
    async close() {
      await closeServer(server);
      // Let acknowledged signups finish their provider sync before the database goes away.
      await Promise.allSettled([...inFlight]);
      await opened.close();
    },
  };
}

type Guard = {
  origins: readonly string[];
  hosts: ReadonlySet<string>;
  outbox?: ReadonlyArray<{ to: string; link: string; at: string }>;
};

/** Set by the server from the socket, never taken from the client. */
const SOCKET_ADDRESS_HEADER = "x-local-api-socket-address";

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  db: PGlite | null,
  deps: Deps | null,
  guard: Guard,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://local");
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const method = req.method ?? "GET";

  // DNS rebinding: a page on evil.test whose name now resolves to 127.0.0.1 still sends
  // "Host: evil.test". Only this server's own loopback names are served.
  if (!guard.hosts.has((header(req, "host") ?? "").toLowerCase())) {
    return send(
      res,
      json(403, { message: "Host not allowed: use http://127.0.0.1:<port> or http://localhost:<port>" }),
    );
  }
  const origin = header(req, "origin");

  if (path === "/health") {
    return send(res, db ? json(200, { ok: true }) : json(503, { ok: false, message: "starting" }));
  }
  if (!db || !deps) return send(res, json(503, { message: "The local API is starting, retry in a moment" }));

  if (path === "/functions/v1/add-to-waitlist" || path === "/functions/v1/add-to-waitlist/confirm") {
    return sendFetch(res, await handleRequest(toFetchRequest(req, url), deps));
  }
  if (path.startsWith("/functions/v1/")) {
    return send(res, json(404, { code: "NOT_FOUND", message: "Requested function was not found" }));
  }

  if (path.startsWith("/_local/")) {
    // Dev/test inspection only, never on a real project: loopback callers, and no web page at
    // all (no CORS headers; a request that carries an Origin came from a page and is refused).
    if (!isLoopback(req.socket.remoteAddress) || origin !== null) return send(res, json(404, { message: "Not found" }));
    if (path === "/_local/waitlist" && method === "GET")
      return send(res, { status: 200, headers: {}, body: await listWaitlist(db) });
    if (path === "/_local/outbox" && method === "GET") return send(res, json(200, guard.outbox ?? []));
    return send(res, json(404, { message: "Not found" }));
  }

  if (path.startsWith("/rest/v1/")) {
    // Only the app's own dev, preview and e2e pages may call from a browser; another site's page
    // gets no CORS headers and its request is not executed (a text/plain POST needs no preflight).
    if (origin !== null && !guard.origins.includes(origin)) {
      return send(res, json(403, { code: "PGRST000", message: "Origin not allowed" }));
    }
    const cors = origin === null ? {} : restCors(req, origin);
    if (method === "OPTIONS") return send(res, { status: 200, headers: cors, body: null });
    try {
      const result = await rest(req, url, path.slice("/rest/v1/".length), db);
      return send(res, { ...result, headers: { ...cors, ...result.headers } }, method === "HEAD");
    } catch (error) {
      if (error instanceof PostgrestError) {
        return send(res, { status: error.status, headers: cors, body: JSON.stringify(error.body) }, method === "HEAD");
      }
      throw error;
    }
  }
  return send(res, json(404, { message: "Not found" }));
}

async function rest(req: IncomingMessage, url: URL, resource: string, db: PGlite): Promise<RestResult> {
  const role = await authenticate(req);
  const method = req.method ?? "GET";
  if (resource.startsWith("rpc/")) {
    if (method !== "POST")
      throw apiError(405, "PGRST117", `Unsupported HTTP verb: ${method}`, "Call functions with POST.");
    const text = await readText(req, MAX_RPC_BODY_BYTES);
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
  return readTable(db, role, resource, url.searchParams, {
    accept: header(req, "accept"),
    prefer: header(req, "prefer"),
  });
}

/** Role from the bearer token, else the apikey; both are JWTs signed with the local secret. */
async function authenticate(req: IncomingMessage): Promise<ApiRole> {
  const bearer = /^Bearer\s+(.+)$/i.exec(header(req, "authorization") ?? "")?.[1]?.trim();
  const apikey = header(req, "apikey")?.trim();
  const token = bearer || apikey;
  if (!token) {
    throw apiError(
      401,
      "PGRST301",
      "No API key found in request",
      "Send the anon key as the apikey header (supabase-js does this).",
    );
  }
  for (const candidate of new Set([token, apikey].filter((t): t is string => Boolean(t)))) {
    const result = await verifyJwt(candidate);
    if (!result.ok) throw apiError(401, "PGRST301", result.reason, "Use the local anon or service-role key.");
  }
  const result = await verifyJwt(token);
  return result.ok ? result.role : "anon";
}

function restCors(req: IncomingMessage, origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    Vary: "Origin",
    "Access-Control-Allow-Methods": "GET, HEAD, POST, OPTIONS",
    "Access-Control-Allow-Headers":
      header(req, "access-control-request-headers") ??
      "authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile",
    "Access-Control-Expose-Headers": "Content-Range, Content-Location",
    "Access-Control-Max-Age": "86400",
  };
}

function toFetchRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  // The socket address is the truth here; a client-sent forwarding header must not dodge the limit.
  headers.set(SOCKET_ADDRESS_HEADER, req.socket.remoteAddress ?? "unknown");
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${url.pathname}${url.search}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error -- Node's fetch needs duplex for a streamed request body; lib.dom lacks it.
    duplex: "half",
  });
}

async function sendFetch(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = { [LOCAL_API_HEADER]: LOCAL_API_ID };
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

function send(res: ServerResponse, result: RestResult, headOnly = false): void {
  const body = result.body ?? "";
  res.writeHead(result.status, {
    [LOCAL_API_HEADER]: LOCAL_API_ID,
    ...(result.body !== null ? { "Content-Type": "application/json; charset=utf-8" } : {}),
    ...result.headers,
    ...(result.body !== null ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
  });
  res.end(headOnly ? undefined : body);
}

function json(status: number, value: unknown): RestResult {
  return { status, headers: {}, body: JSON.stringify(value) };
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

async function readText(req: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).byteLength;
    if (total > maxBytes) throw apiError(413, "PGRST413", `Request body larger than ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The Host values this server answers to: its loopback names on its port (and its bind host). */
function allowedHosts(bindHost: string, port: number): Set<string> {
  const names = ["127.0.0.1", "localhost", "[::1]"];
  if (!isLoopbackHost(bindHost)) names.push(bindHost.includes(":") ? `[${bindHost}]` : bindHost);
  return new Set(names.map((name) => `${name}:${port}`.toLowerCase()));
}

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      reject(error.code === "EADDRINUSE" ? new PortInUseError(host, port) : error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
