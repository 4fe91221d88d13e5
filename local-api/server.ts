// The local API's server: binds the port, opens PGlite, and serves app.ts's routes with the
// waitlist handler's dependencies (the PGlite store, the mailer with its dev outbox, the limits).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { getRequestListener } from "@hono/node-server";
import type { Deps } from "../supabase/functions/add-to-waitlist/handler.ts";
import type { FeedDeps } from "../supabase/functions/feed/handler.ts";
import {
  DEFAULT_LIMITS,
  NO_LIMITS,
  type Logger,
  type WaitlistMailer,
} from "../supabase/functions/add-to-waitlist/lib/types.ts";
import { createApp, json, LOCAL_API_HEADER, LOCAL_API_ID, reply, socketAddress, type Guard } from "./app.ts";
import { openDatabase, type OpenDatabaseOptions, type OpenedDatabase } from "./database.ts";
import { localFeedDeps } from "./feed.ts";
import { isLoopbackHost, localOrigins } from "./origins.ts";
import { createPgliteWaitlistStore } from "./waitlist-store.ts";

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
  const outbox: Array<{ to: string; link: string; stopLink: string; at: string }> = [];
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
    ...options.mailer,
    async sendConfirmation(mail, signal) {
      await options.mailer.sendConfirmation(mail, signal);
      outbox.push({ to: mail.to, link: mail.link, stopLink: mail.stopLink, at: new Date().toISOString() });
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
    clientAddress: socketAddress,
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

/** The Host values this server answers to: its loopback names on its port (and its bind host). */
function allowedHosts(bindHost: string, port: number): Set<string> {
  const names = ["127.0.0.1", "localhost", "[::1]"];
  if (!isLoopbackHost(bindHost)) names.push(bindHost.includes(":") ? `[${bindHost}]` : bindHost);
  return new Set(names.map((name) => `${name}:${port}`.toLowerCase()));
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
