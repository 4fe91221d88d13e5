// Faults around a signup: the e-mail provider down, slow, answering 4xx or 5xx, and the database
// unreachable. Real handler, real PGlite store, the real Resend mailer talking HTTP to a fake
// Resend on loopback (which, like Resend, de-duplicates e-mails by Idempotency-Key). Then the
// resync that repairs what the faults left behind: the module and `npm run waitlist:resync`.
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LocalApi } from "../../local-api/server.ts";
import { createPgliteWaitlistStore } from "../../local-api/waitlist-store.ts";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../../local-api/service-key.ts";
import { handleRequest, MESSAGES, type Deps } from "../../supabase/functions/add-to-waitlist/handler.ts";
import { silentLogger } from "../../supabase/functions/add-to-waitlist/lib/log.ts";
import { noRateLimit } from "../../supabase/functions/add-to-waitlist/lib/rate-limiter.ts";
import { createResendMailer } from "../../supabase/functions/add-to-waitlist/lib/resend.ts";
import { resyncPending } from "../../supabase/functions/add-to-waitlist/lib/resync.ts";
import { handleResyncRequest } from "../../supabase/functions/add-to-waitlist/lib/resync-endpoint.ts";
import { createSupabaseStore } from "../../supabase/functions/add-to-waitlist/lib/supabase-store.ts";
import type { WaitlistMailer, WaitlistStore } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { openSnapshot, startSnapshotApi } from "./snapshot.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const TIMEOUT_MS = 250;

type Mode = "ok" | "slow" | "422" | "500";

/** A stand-in for api.resend.com: contacts are upserts, e-mails are de-duplicated per Idempotency-Key. */
class FakeResend {
  mode: Mode = "ok";
  server!: Server;
  url = "";
  requests: Array<{ path: string; key: string | null; to: string | null }> = [];
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
    const body = JSON.parse(text) as { email?: string; to?: string[] };
    const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
    this.requests.push({ path: req.url ?? "", key, to: body.to?.[0] ?? body.email ?? null });
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

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const resend = new FakeResend();
let refusedUrl = "";
let db: PGlite;
let store: ReturnType<typeof createPgliteWaitlistStore>;

/** The production Resend mailer, its HTTPS endpoint swapped for the fake (or a refused port). */
function mailer(down = false): WaitlistMailer {
  return createResendMailer({ apiKey: "re_test", audienceId: "aud_test", from: "RWA Atlas <hello@example.com>" }, (input, init) =>
    fetch(input.replace("https://api.resend.com", down ? refusedUrl : resend.url), init),
  );
}

function deps(overrides: Partial<Deps> = {}): Deps & { deferred: Promise<unknown>[] } {
  const deferred: Promise<unknown>[] = [];
  return {
    store,
    mailer: mailer(),
    rateLimiter: noRateLimit,
    clock: { now: () => Date.now() },
    log: silentLogger,
    allowedOrigins: "*",
    providerTimeoutMs: TIMEOUT_MS,
    defer: (task) => deferred.push(task),
    deferred,
    ...overrides,
  };
}

function signup(email: string): Request {
  return new Request("http://edge.local/functions/v1/add-to-waitlist", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://rwaatlas.example", "X-Forwarded-For": "198.51.100.7" },
    body: JSON.stringify({ email, source: "hero" }),
  });
}

type Row = { email: string; synced_at: Date | null; last_error: string | null; attempts: number };
async function row(email: string): Promise<Row | undefined> {
  return (await db.query<Row>("select email, synced_at, last_error, attempts from public.waitlist where email = $1", [email])).rows[0];
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
});
afterAll(async () => {
  await resend.close();
  await db?.close();
});
beforeEach(async () => {
  resend.mode = "ok";
  await db.query("delete from public.waitlist");
});

describe("provider faults at signup: the signup is kept, unsynced, with the error", () => {
  const faults: Array<[string, () => Partial<Deps>, Mode, RegExp]> = [
    ["down (connection refused)", () => ({ mailer: mailer(true) }), "ok", /fetch failed/],
    ["slow (beyond the timeout)", () => ({}), "slow", new RegExp(`timed out after ${TIMEOUT_MS} ms`)],
    ["answering 4xx", () => ({}), "422", /answered 422/],
    ["answering 5xx", () => ({}), "500", /answered 500/],
  ];

  it.each(faults)("provider %s", async (_, override, mode, expectedError) => {
    resend.mode = mode;
    const d = deps(override());
    const startedAt = Date.now();
    const response = await handleRequest(signup("Grace@Example.com"), d);
    // The visitor's answer does not wait for the provider and is the plain success answer.
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");

    await Promise.all(d.deferred);
    const stored = await row("grace@example.com");
    expect(stored).toMatchObject({ synced_at: null, attempts: 1 });
    expect(stored!.last_error).toMatch(expectedError);
    expect(resend.delivered.size).toBe(0);
  });

  it("syncs straight away when the provider is healthy (the baseline the faults differ from)", async () => {
    const d = deps();
    expect((await handleRequest(signup("ada@example.com"), d)).status).toBe(200);
    await Promise.all(d.deferred);
    expect(await row("ada@example.com")).toMatchObject({ last_error: null, attempts: 1, synced_at: expect.any(Date) });
    expect(resend.contacts.has("ada@example.com")).toBe(true);
    expect(resend.emailsTo("ada@example.com")).toBe(1);
  });
});

describe("resync (supabase/functions/add-to-waitlist/lib/resync.ts)", () => {
  async function failedSignups(emails: string[]) {
    const d = deps({ mailer: mailer(true) });
    for (const email of emails) expect((await handleRequest(signup(email), d)).status).toBe(200);
    await Promise.all(d.deferred);
  }

  it("syncs every unsynced row once the provider is back, and a second run sends nothing", async () => {
    const emails = ["a1@example.com", "a2@example.com", "a3@example.com"];
    await failedSignups(emails);

    const first = await resyncPending({ store, mailer: mailer(), log: silentLogger, timeoutMs: TIMEOUT_MS });
    expect(first).toMatchObject({ pending: 3, failed: [], gaveUp: [], more: false });
    expect(first.synced.sort()).toEqual(emails);
    for (const email of emails) {
      expect(await row(email)).toMatchObject({ synced_at: expect.any(Date), last_error: null, attempts: 2 });
      expect(resend.emailsTo(email)).toBe(1);
    }

    const requestsBefore = resend.requests.length;
    const second = await resyncPending({ store, mailer: mailer(), log: silentLogger, timeoutMs: TIMEOUT_MS });
    expect(second).toMatchObject({ pending: 0, synced: [], failed: [] });
    expect(resend.requests.length).toBe(requestsBefore);
  });

  it("leaves the row unsynced with the new error while the provider still fails", async () => {
    await failedSignups(["still@example.com"]);
    resend.mode = "500";
    const report = await resyncPending({ store, mailer: mailer(), log: silentLogger, timeoutMs: TIMEOUT_MS });
    expect(report.synced).toEqual([]);
    expect(report.failed).toEqual([{ email: "still@example.com", error: expect.stringMatching(/answered 500/) }]);
    expect(await row("still@example.com")).toMatchObject({ synced_at: null, attempts: 2, last_error: expect.stringMatching(/answered 500/) });
  });

  it("is safe to run concurrently: two overlapping runs deliver one e-mail per address", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `c${i}@example.com`);
    await failedSignups(emails);
    const run = () => resyncPending({ store, mailer: mailer(), log: silentLogger, timeoutMs: TIMEOUT_MS, concurrency: 3 });
    const [a, b] = await Promise.all([run(), run()]);

    expect(a.failed).toEqual([]);
    expect(b.failed).toEqual([]);
    for (const email of emails) {
      expect(resend.emailsTo(email)).toBe(1);
      // Every confirmation request for one address carried the same key: that is what makes a
      // concurrent (or retried) run harmless at the provider.
      const keys = new Set(resend.requests.filter((r) => r.to === email && r.key).map((r) => r.key));
      expect(keys.size).toBe(1);
      expect(await row(email)).toMatchObject({ synced_at: expect.any(Date), last_error: null });
    }
    expect((await resyncPending({ store, mailer: mailer(), log: silentLogger })).pending).toBe(0);
  });

  it("stops retrying a row after maxAttempts and reports it", async () => {
    await failedSignups(["hopeless@example.com"]);
    await db.query("update public.waitlist set attempts = 10 where email = 'hopeless@example.com'");
    const before = resend.requests.length;
    const report = await resyncPending({ store, mailer: mailer(), log: silentLogger, maxAttempts: 10 });
    expect(report).toMatchObject({ pending: 1, gaveUp: ["hopeless@example.com"], synced: [], failed: [] });
    expect(resend.requests.length).toBe(before);
  });
});

describe("the scheduled resync endpoint (resync-endpoint.ts)", () => {
  const call = (method: string, token?: string) =>
    new Request("http://edge.local/functions/v1/waitlist-resync", {
      method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });

  it("runs only for the service-role key and answers counts, never addresses", async () => {
    await handleRequest(signup("sched@example.com"), deps({ mailer: mailer(true) }));
    const endpoint = { secret: LOCAL_SERVICE_ROLE_KEY, run: () => resyncPending({ store, mailer: mailer(), log: silentLogger }) };

    expect((await handleResyncRequest(call("GET", LOCAL_SERVICE_ROLE_KEY), endpoint)).status).toBe(405);
    for (const token of [undefined, LOCAL_ANON_KEY, `${LOCAL_SERVICE_ROLE_KEY}x`, LOCAL_SERVICE_ROLE_KEY.slice(0, -1)]) {
      const refused = await handleResyncRequest(call("POST", token), endpoint);
      expect([refused.status, await refused.json()]).toEqual([401, { error: "Unauthorized" }]);
    }
    expect(await row("sched@example.com")).toMatchObject({ synced_at: null });

    const response = await handleResyncRequest(call("POST", LOCAL_SERVICE_ROLE_KEY), endpoint);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ pending: 1, synced: 1, failed: 0, gaveUp: 0, more: false });
    expect(text).not.toContain("sched@");
    expect(await row("sched@example.com")).toMatchObject({ synced_at: expect.any(Date) });
  });

  it("answers 503 when the store cannot be read, and refuses everything when no secret is configured", async () => {
    const broken = { secret: "s3cret", run: () => Promise.reject(new Error("connection refused")) };
    const response = await handleResyncRequest(call("POST", "s3cret"), broken);
    expect([response.status, await response.json()]).toEqual([503, { error: "The waitlist store is unavailable" }]);
    const unset = await handleResyncRequest(call("POST", ""), { secret: "", run: broken.run });
    expect(unset.status).toBe(401);
  });
});

describe("the database unreachable", () => {
  async function expect503(badStore: WaitlistStore) {
    const response = await handleRequest(signup("ada@example.com"), deps({ store: badStore }));
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("retry-after")).toBe("30");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: MESSAGES.unavailable });
    expect(text).not.toMatch(/at \w+ \(|ECONNREFUSED|fetch failed|closed/i);
  }

  it("answers 503 JSON when the production store's API is refusing connections", async () => {
    const client = createClient(refusedUrl, LOCAL_SERVICE_ROLE_KEY, { auth: { persistSession: false } });
    await expect503(createSupabaseStore(client));
  });

  it("answers 503 JSON when the Postgres connection is gone", async () => {
    const closed = await openSnapshot();
    await closed.close();
    await expect503(createPgliteWaitlistStore(closed));
  });
});

describe("npm run waitlist:resync against the local API", () => {
  let api: LocalApi;
  beforeAll(async () => {
    const failing: WaitlistMailer = {
      name: "down",
      addContact: async () => {
        throw new Error("fetch failed");
      },
      sendConfirmation: async () => {},
    };
    api = await startSnapshotApi({
      mailer: failing,
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  function runScript(...args: string[]): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_API_PORT: String(api.port) };
      for (const name of ["SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY", "RESEND_API_KEY"]) delete env[name];
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/waitlist-resync.ts", ...args], { cwd: root, env });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      child.on("exit", (code) => resolve({ code, output }));
    });
  }

  it("lists, then syncs the unsynced signups, then finds nothing left", async () => {
    for (const email of ["s1@example.com", "s2@example.com"]) {
      const response = await fetch(`${api.url}/functions/v1/add-to-waitlist`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(200);
    }
    await api.settled();

    const dry = await runScript("--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.output).toContain("dry run: 2 unsynced row(s)");
    expect(dry.output).not.toContain("s1@example.com"); // masked in output: s1***@example.com
    expect(dry.output).toContain("s1***@example.com");

    const run = await runScript();
    expect(run.output).toContain("2 unsynced: 2 synced, 0 failed");
    expect(run.output).toContain("To:      s1@example.com"); // the console mailer's printed e-mail
    expect(run.code).toBe(0);
    const rows = (await (await fetch(`${api.url}/_local/waitlist`)).json()) as Array<{ synced_at: string | null; last_error: string | null }>;
    expect(rows.map((r) => [r.synced_at !== null, r.last_error])).toEqual([
      [true, null],
      [true, null],
    ]);

    const again = await runScript();
    expect([again.code, again.output]).toEqual([0, expect.stringContaining("0 unsynced: 0 synced")]);
  }, 60_000);

  it("exits 2 with a readable message on a bad argument", async () => {
    const bad = await runScript("--limit", "0");
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--limit must be an integer from 1 to 1000");
  });
});
