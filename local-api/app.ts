// The local API's routes (Hono): the Host guard against DNS rebinding, /health, the waitlist
// function through the same handler.ts the Edge Function serves, the dev-only /_local/ inspection
// routes, and /rest/v1/ (rest-route.ts) for the app's origins only.
import type { PGlite } from "@electric-sql/pglite";
import type { HttpBindings } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { handleRequest, type Deps } from "../supabase/functions/add-to-waitlist/handler.ts";
import { handleFeedRequest, type FeedDeps } from "../supabase/functions/feed/handler.ts";
import type { Logger } from "../supabase/functions/add-to-waitlist/lib/types.ts";
import { PostgrestError } from "./postgrest-errors.ts";
import type { RestResult } from "./postgrest.ts";
import { rest, restCors } from "./rest-route.ts";
import { listWaitlist } from "./waitlist-store.ts";

export const LOCAL_API_HEADER = "X-Local-Api";
export const LOCAL_API_ID = "rwa-atlas";

/** What the routes check a request against; the hosts are known once the port is bound. */
export type Guard = {
  origins: readonly string[];
  hosts: ReadonlySet<string>;
  outbox: ReadonlyArray<{ to: string; link: string; stopLink: string; at: string }>;
};

/** The function's requests and their socket address: set by the server, never taken from the client. */
const socketAddresses = new WeakMap<Request, string>();

type Env = { Bindings: HttpBindings };

/** The socket address the server saw for a function request ("unknown" when it saw none). */
export function socketAddress(req: Request): string {
  return socketAddresses.get(req) ?? "unknown";
}

/** The routes, answering 503 (but /health) until ready() gives the database and the handler's deps. */
/** What the routes need once the database is open: it, the waitlist handler's deps, the feed's. */
export type Ready = { db: PGlite; deps: Deps; feed: FeedDeps };

export function createApp(guard: Guard, ready: () => Ready | null, logger: Logger): Hono<Env> {
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
  app.all("/functions/v1/add-to-waitlist/:route{confirm|stop}", waitlistFunction);
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

/** A JSON answer (Content-Length set, so a HEAD keeps it); a null body is an empty answer. */
export function reply(result: RestResult): Response {
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

export function json(status: number, value: unknown): RestResult {
  return { status, headers: {}, body: JSON.stringify(value) };
}

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}
