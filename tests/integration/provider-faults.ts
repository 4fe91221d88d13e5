// The provider-fault tests' world: a fake Resend on loopback (which, like Resend, de-duplicates
// e-mails by Idempotency-Key), the production Resend mailer pointed at it (or at a port nobody
// listens on), a real PGlite waitlist store, and the requests a browser sends. providerFaults()
// starts it for one test file and empties it before each test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createPgliteWaitlistStore } from "../../local-api/waitlist-store.ts";
import { silentLogger } from "../../supabase/functions/_shared/log.ts";
import { handleRequest, type Deps } from "../../supabase/functions/add-to-waitlist/handler.ts";
import { createResendMailer } from "../../supabase/functions/add-to-waitlist/lib/resend.ts";
import {
  NO_LIMITS,
  type LogFields,
  type Logger,
  type WaitlistMailer,
} from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { openSnapshot } from "./snapshot.ts";

// The provider timeout in these tests: short, yet far above a loaded machine's loopback round trip.
export const TIMEOUT_MS = 1_000;

export type Mode = "ok" | "slow" | "422" | "500";

/** A stand-in for api.resend.com: contacts are upserts, e-mails are de-duplicated per Idempotency-Key. */
export class FakeResend {
  mode: Mode = "ok";
  server!: Server;
  url = "";
  requests: Array<{ path: string; key: string | null; to: string | null; text: string | null }> = [];
  delivered = new Map<string, string>(); // Idempotency-Key -> recipient
  contacts = new Set<string>();

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let text = "";
    for await (const chunk of req) text += String(chunk);
    const body = JSON.parse(text) as { email?: string; to?: string[]; text?: string };
    const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
    this.requests.push({ path: req.url ?? "", key, to: body.to?.[0] ?? body.email ?? null, text: body.text ?? null });
    const reply = (status: number, value: unknown) => {
      if (!res.destroyed) res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    };
    if (this.mode === "slow") {
      setTimeout(() => reply(200, { id: "late" }), TIMEOUT_MS * 4);
      return;
    }
    if (this.mode === "422") return reply(422, { name: "validation_error", message: "Invalid `to` field." });
    if (this.mode === "500") return reply(500, { name: "internal_server_error", message: "Unexpected error" });
    if (req.url?.includes("/contacts")) this.contacts.add(body.email!);
    else if (key && !this.delivered.has(key)) this.delivered.set(key, body.to![0]!);
    reply(200, { id: "ok" });
  }

  emailsTo(address: string): number {
    return [...this.delivered.values()].filter((to) => to === address).length;
  }

  /** The confirmation token of the last mail to address (the link's #token=). */
  lastToken(address: string): string {
    const mail = this.requests.filter((r) => r.to === address && r.text).at(-1);
    return /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const CONFIRM_URL = "https://rwaatlas.example/confirm";

export function signup(email: string): Request {
  return new Request("http://edge.local/functions/v1/add-to-waitlist", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "https://rwaatlas.example",
      "CF-Connecting-IP": "198.51.100.7",
    },
    body: JSON.stringify({ email, source: "hero" }),
  });
}

export function confirmation(token: string): Request {
  return new Request("http://edge.local/functions/v1/add-to-waitlist/confirm", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://rwaatlas.example" },
    body: JSON.stringify({ token }),
  });
}

/** A logger that keeps every line, for the tests that read the log. */
export function recordingLog(): Logger & { lines: Array<{ event: string; fields: LogFields }> } {
  const lines: Array<{ event: string; fields: LogFields }> = [];
  const push = (event: string, fields: LogFields = {}) => lines.push({ event, fields });
  return { lines, info: push, warn: push, error: push };
}

export type WaitlistRow = {
  email: string;
  confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  synced_at: Date | null;
  last_error: string | null;
  attempts: number;
};

/** The test file's world: started before its tests, emptied before each, stopped after them. */
export function providerFaults() {
  const resend = new FakeResend();
  let refusedUrl = "";
  let db: PGlite | undefined;
  let store: ReturnType<typeof createPgliteWaitlistStore> | undefined;
  const opened = () => {
    if (!db || !store) throw new Error("providerFaults: it starts in beforeAll; use it inside a test or hook");
    return { db, store };
  };

  /** The production Resend mailer, its HTTPS endpoint swapped for the fake (or a refused port). */
  function mailer(down = false): WaitlistMailer {
    return createResendMailer(
      { apiKey: "re_test", audienceId: "aud_test", from: "RWA Atlas <hello@example.com>" },
      (input, init) => fetch(input.replace("https://api.resend.com", down ? refusedUrl : resend.url), init),
    );
  }

  /** The handler's dependencies, its deferred provider calls collected in `deferred`. */
  function deps(overrides: Partial<Deps> = {}): Deps & { deferred: Promise<unknown>[] } {
    const deferred: Promise<unknown>[] = [];
    return {
      store: opened().store,
      mailer: mailer(),
      limits: NO_LIMITS,
      log: silentLogger,
      allowedOrigins: ["https://rwaatlas.example"],
      confirmUrl: () => CONFIRM_URL,
      providerTimeoutMs: TIMEOUT_MS,
      defer: (task) => deferred.push(task),
      deferred,
      ...overrides,
    };
  }

  async function row(email: string): Promise<WaitlistRow | undefined> {
    return (
      await opened().db.query<WaitlistRow>(
        "select email, confirmed_at, confirmation_sent_at, synced_at, last_error, attempts from public.waitlist where email = $1",
        [email],
      )
    ).rows[0];
  }

  beforeAll(async () => {
    await resend.start();
    // A port that was free a moment ago and has nobody listening: connection refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    refusedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    db = await openSnapshot();
    store = createPgliteWaitlistStore(db);
    // Warm up (the first call compiles the PL/pgSQL), so timing checks measure the handler.
    await handleRequest(signup("warm-up@example.com"), deps({ mailer: null }));
  });
  afterAll(async () => {
    await resend.close();
    await db?.close();
  });
  beforeEach(async () => {
    resend.mode = "ok";
    resend.requests = [];
    resend.delivered.clear();
    resend.contacts.clear();
    await opened().db.query("delete from public.waitlist");
  });

  return {
    resend,
    mailer,
    deps,
    row,
    get db() {
      return opened().db;
    },
    get store() {
      return opened().store;
    },
    get refusedUrl() {
      return refusedUrl;
    },
  };
}
