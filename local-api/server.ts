import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { handleRequest, type Deps } from "../supabase/functions/add-to-waitlist/handler.ts";
import { handleFeedRequest, type FeedDeps } from "../supabase/functions/feed/handler.ts";
import {
  DEFAULT_LIMITS,
  NO_LIMITS,
  type Logger,
  type WaitlistMailer,
} from "../supabase/functions/add-to-waitlist/lib/types.ts";
import { localFeedDeps } from "./feed.ts";
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
  let feed: FeedDeps | null = null;
  const inFlight = new Set<Promise<unknown>>();
  // The mails sent since start, for GET /_local/outbox (follow a confirmation link in dev and e2e).
  const outbox: Array<{ to: string; link: string; at: string }> = [];
  const origins = localOrigins({ extra: options.extraOrigins });
  const guard: Guard = { origins, hosts: new Set(), outbox };

  const app = createApp(
    guard,
    () => (database && deps && feed ? { db: database.db, deps, feed } : null),
    options.logger,
  );
  // getRequestListener rather than serve(): its errorHandler keeps a JSON answer for the requests
  // the adapter cannot turn into a Request (a malformed Host or request target), and listen()
  // below reports a busy port before any database work.
  const server = createServer(
    getRequestListener(app.fetch, {
      overrideGlobalObjects: false,
      errorHandler: () =>
        reply({ ...json(400, { message: "Bad request" }), headers: { [LOCAL_API_HEADER]: LOCAL_API_ID } }),
    }),
  );
  await listen(server, options.host, options.port);
  const port = (server.address() as AddressInfo).port;
  guard.hosts = allowedHosts(options.host, port);

  try {
    database = await openDatabase({ ...options, log: options.log });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  const db = database.db;
  const mailer: WaitlistMailer = {
    name: options.mailer.name,
    addContact: (email, signal) => options.mailer.addContact(email, signal),
    async sendConfirmation(mail, signal) {
      await options.mailer.sendConfirmation(mail, signal);
      outbox.push({ to: mail.to, link: mail.link, at: new Date().toISOString() });
      if (outbox.length > 100) outbox.shift();
    },
  };
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
    // The socket address is the truth here (the function route records it); a client-sent
    // forwarding header must not dodge the limit.
    clientAddress: (req) => socketAddresses.get(req) ?? "unknown",
    defer: (task) => {
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
  };

  // The entries link to the dev server's pages, as the confirmation mail does by default.
  feed = localFeedDeps(db, { apiUrl: `http://${options.host}:${port}`, siteUrl: origins[0]!, log: options.logger });

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
  outbox: ReadonlyArray<{ to: string; link: string; at: string }>;
};

/** The function's requests and their socket address: set by the server, never taken from the client. */
const socketAddresses = new WeakMap<Request, string>();

type Env = { Bindings: HttpBindings };

type Ready = { db: PGlite; deps: Deps; feed: FeedDeps };

function createApp(guard: Guard, ready: () => Ready | null, logger: Logger): Hono<Env> {
  // Paths as the URL gives them (still percent-encoded), trailing slashes ignored.
  const app = new Hono<Env>({ getPath: (req) => new URL(req.url).pathname.replace(/\/+$/, "") || "/" });
  const notFound = () => reply(json(404, { message: "Not found" }));
  app.notFound(notFound);
  app.onError((error) => {
    logger.error("local_api.unhandled", { error: error.message });
    return reply(json(500, { message: "Internal error" }));
  });

  app.use(async (c, next) => {
    // DNS rebinding: a page on evil.test whose name now resolves to 127.0.0.1 still sends
    // "Host: evil.test". Only this server's own loopback names are served.
    if (!guard.hosts.has((c.req.header("host") ?? "").toLowerCase())) {
      c.res = reply(json(403, { message: "Host not allowed: use http://127.0.0.1:<port> or http://localhost:<port>" }));
    } else await next();
    c.header(LOCAL_API_HEADER, LOCAL_API_ID);
  });
  app.all("/health", () => reply(ready() ? json(200, { ok: true }) : json(503, { ok: false, message: "starting" })));
  app.use(async (_c, next) => {
    if (!ready()) return reply(json(503, { message: "The local API is starting, retry in a moment" }));
    await next();
  });

  const waitlistFunction = (c: Context<Env>) => {
    socketAddresses.set(c.req.raw, c.env.incoming.socket.remoteAddress ?? "unknown");
    return handleRequest(c.req.raw, ready()!.deps);
  };
  app.all("/functions/v1/add-to-waitlist", waitlistFunction);
  app.all("/functions/v1/add-to-waitlist/confirm", waitlistFunction);
  app.all("/functions/v1/feed", (c) => handleFeedRequest(c.req.raw, ready()!.feed));
  app.all("/functions/v1/:name{.+}", () =>
    reply(json(404, { code: "NOT_FOUND", message: "Requested function was not found" })),
  );

  // Dev/test inspection only, never on a real project: loopback callers, and no web page at
  // all (no CORS headers; a request that carries an Origin came from a page and is refused).
  app.use("/_local/*", async (c, next) => {
    if (!isLoopback(c.env.incoming.socket.remoteAddress) || c.req.header("origin") !== undefined) return notFound();
    await next();
  });
  app.get("/_local/waitlist", async () => reply({ status: 200, headers: {}, body: await listWaitlist(ready()!.db) }));
  app.get("/_local/outbox", () => reply(json(200, guard.outbox)));

  app.all("/rest/v1/:resource{.+}", async (c) => {
    // Only the app's own dev, preview and e2e pages may call from a browser; another site's page
    // gets no CORS headers and its request is not executed (a text/plain POST needs no preflight).
    const origin = c.req.header("origin");
    if (origin !== undefined && !guard.origins.includes(origin)) {
      return reply(json(403, { code: "PGRST000", message: "Origin not allowed" }));
    }
    const cors = origin === undefined ? {} : restCors(c, origin);
    if (c.req.method === "OPTIONS") return reply({ status: 200, headers: cors, body: null });
    try {
      const result = await rest(c, c.req.path.slice("/rest/v1/".length), ready()!.db);
      return reply({ ...result, headers: { ...cors, ...result.headers } });
    } catch (error) {
      if (!(error instanceof PostgrestError)) throw error;
      return reply({ status: error.status, headers: cors, body: JSON.stringify(error.body) });
    }
  });
  return app;
}

async function rest(c: Context<Env>, resource: string, db: PGlite): Promise<RestResult> {
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
async function authenticate(c: Context<Env>): Promise<ApiRole> {
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

function restCors(c: Context<Env>, origin: string): Record<string, string> {
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

/** A JSON answer (Content-Length set, so a HEAD keeps it); a null body is an empty answer. */
function reply(result: RestResult): Response {
  const body = result.body;
  return new Response(body, {
    status: result.status,
    headers: {
      ...(body !== null ? { "Content-Type": "application/json; charset=utf-8" } : {}),
      ...result.headers,
      ...(body !== null ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
    },
  });
}

function json(status: number, value: unknown): RestResult {
  return { status, headers: {}, body: JSON.stringify(value) };
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
