// Faults around a signup under double opt-in: the e-mail provider down, slow, answering 4xx or
// 5xx, and the database unreachable. Real handler, real PGlite store, the real Resend mailer
// talking HTTP to a fake Resend on loopback (which, like Resend, de-duplicates e-mails by
// Idempotency-Key). Then the resync that repairs what the faults left behind (confirmation mails
// that did not go out, confirmed contacts not yet in the audience): the module and
// `npm run waitlist:resync`.
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
import { silentLogger } from "../../supabase/functions/_shared/log.ts";
import { createResendMailer } from "../../supabase/functions/add-to-waitlist/lib/resend.ts";
import { resyncPending } from "../../supabase/functions/add-to-waitlist/lib/resync.ts";
import { handleResyncRequest } from "../../supabase/functions/add-to-waitlist/lib/resync-endpoint.ts";
import { createSupabaseStore } from "../../supabase/functions/add-to-waitlist/lib/supabase-store.ts";
import {
  NO_LIMITS,
  type LogFields,
  type Logger,
  type WaitlistMailer,
  type WaitlistStore,
} from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { openSnapshot, startSnapshotApi } from "./snapshot.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The provider timeout in these tests: short, yet far above a loaded machine's loopback round trip.
const TIMEOUT_MS = 1_000;

type Mode = "ok" | "slow" | "422" | "500";

/** A stand-in for api.resend.com: contacts are upserts, e-mails are de-duplicated per Idempotency-Key. */
class FakeResend {
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

const resend = new FakeResend();
let refusedUrl = "";
let db: PGlite;
let store: ReturnType<typeof createPgliteWaitlistStore>;
const CONFIRM_URL = "https://rwaatlas.example/confirm";
const RESYNC_SECRET = "a-dedicated-resync-secret-of-40-characters";

/** The production Resend mailer, its HTTPS endpoint swapped for the fake (or a refused port). */
function mailer(down = false): WaitlistMailer {
  return createResendMailer(
    { apiKey: "re_test", audienceId: "aud_test", from: "RWA Atlas <hello@example.com>" },
    (input, init) => fetch(input.replace("https://api.resend.com", down ? refusedUrl : resend.url), init),
  );
}

function deps(overrides: Partial<Deps> = {}): Deps & { deferred: Promise<unknown>[] } {
  const deferred: Promise<unknown>[] = [];
  return {
    store,
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

function signup(email: string): Request {
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

function confirmation(token: string): Request {
  return new Request("http://edge.local/functions/v1/add-to-waitlist/confirm", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://rwaatlas.example" },
    body: JSON.stringify({ token }),
  });
}

function recordingLog(): Logger & { lines: Array<{ event: string; fields: LogFields }> } {
  const lines: Array<{ event: string; fields: LogFields }> = [];
  const push = (event: string, fields: LogFields = {}) => lines.push({ event, fields });
  return { lines, info: push, warn: push, error: push };
}

type Row = {
  email: string;
  confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  synced_at: Date | null;
  last_error: string | null;
  attempts: number;
};
async function row(email: string): Promise<Row | undefined> {
  return (
    await db.query<Row>(
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
  await db.query("delete from public.waitlist");
});

describe("provider faults at signup: the signup is kept, its mail still due, with the error", () => {
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
    expect(response.headers.get("access-control-allow-origin")).toBe("https://rwaatlas.example");

    await Promise.all(d.deferred);
    const stored = await row("grace@example.com");
    expect(stored).toMatchObject({ confirmation_sent_at: null, confirmed_at: null, synced_at: null, attempts: 1 });
    expect(stored!.last_error).toMatch(expectedError);
    expect(resend.delivered.size).toBe(0);
    expect(resend.contacts.size).toBe(0);
  });

  it("mails the link straight away when the provider is healthy, and adds the contact only on confirmation", async () => {
    const d = deps();
    expect((await handleRequest(signup("ada@example.com"), d)).status).toBe(200);
    await Promise.all(d.deferred);
    expect(await row("ada@example.com")).toMatchObject({
      last_error: null,
      attempts: 0,
      confirmation_sent_at: expect.any(Date),
      synced_at: null,
    });
    expect(resend.emailsTo("ada@example.com")).toBe(1);
    expect(resend.contacts.has("ada@example.com")).toBe(false);

    const confirmed = await handleRequest(confirmation(resend.lastToken("ada@example.com")), d);
    expect(await confirmed.json()).toEqual({ status: "confirmed" });
    await Promise.all(d.deferred);
    expect(resend.contacts.has("ada@example.com")).toBe(true);
    expect(await row("ada@example.com")).toMatchObject({
      confirmed_at: expect.any(Date),
      synced_at: expect.any(Date),
      last_error: null,
    });
  });

  it("sends an address of 254 characters, and a punycode one, with a short ASCII Idempotency-Key", async () => {
    // Addresses outside ASCII are refused at the door (issue 30): their punycode form reaches the provider.
    const long = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    for (const email of ["jurgen@xn--exmple-cua.com", long]) {
      const d = deps();
      expect((await handleRequest(signup(email), d)).status).toBe(200);
      await Promise.all(d.deferred);
      expect(await row(email), email).toMatchObject({ confirmation_sent_at: expect.any(Date), last_error: null });
      expect(resend.emailsTo(email), email).toBe(1);
      const key = resend.requests.find((r) => r.to === email)!.key!;
      expect(key).toMatch(/^waitlist-confirmation\/[0-9a-f]{64}\/[0-9a-f]{16}$/);
      expect(key.length).toBeLessThanOrEqual(256);
    }
  });
});

describe("resync (supabase/functions/add-to-waitlist/lib/resync.ts)", () => {
  /** Signups whose mail failed, long enough ago that the resync may take them over. */
  async function failedSignups(emails: string[], { pastLease = true } = {}) {
    const d = deps({ mailer: mailer(true) });
    for (const email of emails) expect((await handleRequest(signup(email), d)).status).toBe(200);
    await Promise.all(d.deferred);
    if (pastLease)
      await db.query("update public.waitlist set confirmation_requested_at = now() - interval '11 minutes'");
  }
  const resync = (extra: Partial<Parameters<typeof resyncPending>[0]> = {}) =>
    resyncPending({
      store,
      mailer: mailer(),
      log: silentLogger,
      timeoutMs: TIMEOUT_MS,
      confirmUrl: CONFIRM_URL,
      ...extra,
    });

  it("sends every confirmation mail that did not go out, with a link that works, and a second run sends nothing", async () => {
    const emails = ["a1@example.com", "a2@example.com", "a3@example.com"];
    await failedSignups(emails);

    const first = await resync();
    expect(first).toMatchObject({ pending: 3, failed: [], gaveUp: [], more: false });
    expect(first.synced.sort()).toEqual(emails);
    for (const email of emails) {
      expect(await row(email)).toMatchObject({ confirmation_sent_at: expect.any(Date), last_error: null, attempts: 1 });
      expect(resend.emailsTo(email)).toBe(1);
    }
    // Nothing joined the audience: nobody has confirmed yet.
    expect(resend.contacts.size).toBe(0);

    const requestsBefore = resend.requests.length;
    const second = await resync();
    expect(second).toMatchObject({ pending: 0, synced: [], failed: [] });
    expect(resend.requests.length).toBe(requestsBefore);

    // The resent link (a fresh token: only the first one's hash was known) confirms.
    const d = deps();
    const answer = await handleRequest(confirmation(resend.lastToken("a1@example.com")), d);
    expect(await answer.json()).toEqual({ status: "confirmed" });
    await Promise.all(d.deferred);
    expect([...resend.contacts]).toEqual(["a1@example.com"]);
  });

  it("does not touch a mail still within its lease (the signup's own send may be under way)", async () => {
    await failedSignups(["fresh@example.com"], { pastLease: false });
    const report = await resync();
    expect(report.pending).toBe(0);
    expect(resend.requests.length).toBe(0);
  });

  it("adds confirmed addresses the provider missed to the audience", async () => {
    const d = deps();
    await handleRequest(signup("later@example.com"), d);
    await Promise.all(d.deferred);
    const down = deps({ mailer: mailer(true) });
    await handleRequest(confirmation(resend.lastToken("later@example.com")), down);
    await Promise.all(down.deferred);
    expect(await row("later@example.com")).toMatchObject({
      confirmed_at: expect.any(Date),
      synced_at: null,
      attempts: 1,
    });

    const report = await resync();
    expect(report).toMatchObject({ pending: 1, synced: ["later@example.com"], failed: [] });
    expect(resend.contacts.has("later@example.com")).toBe(true);
    expect(resend.emailsTo("later@example.com")).toBe(1); // no second mail
    expect(await row("later@example.com")).toMatchObject({ synced_at: expect.any(Date), last_error: null });
  });

  it("leaves the mail due with the new error while the provider still fails", async () => {
    await failedSignups(["still@example.com"]);
    resend.mode = "500";
    const report = await resync();
    expect(report.synced).toEqual([]);
    expect(report.failed).toEqual([{ email: "still@example.com", error: expect.stringMatching(/answered 500/) }]);
    expect(await row("still@example.com")).toMatchObject({
      confirmation_sent_at: null,
      attempts: 2,
      last_error: expect.stringMatching(/answered 500/),
    });
  });

  it("is safe to run concurrently: two overlapping runs deliver one e-mail per address", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `c${i}@example.com`);
    await failedSignups(emails);
    const [a, b] = await Promise.all([resync({ concurrency: 3 }), resync({ concurrency: 3 })]);

    expect(a.failed).toEqual([]);
    expect(b.failed).toEqual([]);
    expect([...a.synced, ...b.synced].sort()).toEqual([...emails].sort());
    for (const email of emails) {
      expect(resend.emailsTo(email)).toBe(1);
      expect(await row(email)).toMatchObject({ confirmation_sent_at: expect.any(Date), last_error: null });
    }
    expect((await resync()).pending).toBe(0);
  });

  it("sends the victim's held mail once the mailbox's day is over, though victim+x was mailed first", async () => {
    const d = deps();
    for (const email of ["victim+x@example.com", "victim@example.com"]) {
      const response = await handleRequest(signup(email), d);
      expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
    }
    await Promise.all(d.deferred);
    // Today: one mail for the mailbox, the attacker's spelling; the victim's is held, not dropped.
    expect(resend.emailsTo("victim+x@example.com")).toBe(1);
    expect(resend.emailsTo("victim@example.com")).toBe(0);
    expect(await resync()).toMatchObject({ pending: 0, synced: [] });

    // A day later the resync sends it, with a link that confirms; the attacker's next spelling waits.
    await db.query(`update public.waitlist set confirmation_requested_at = confirmation_requested_at - interval '25 hours',
                    mail_waiting_since = mail_waiting_since - interval '25 hours'`);
    await handleRequest(signup("victim+y@example.com"), d);
    expect(await resync()).toMatchObject({ synced: ["victim@example.com"], failed: [] });
    expect(resend.emailsTo("victim@example.com")).toBe(1);
    expect(resend.emailsTo("victim+y@example.com")).toBe(0);
    const confirmed = await handleRequest(confirmation(resend.lastToken("victim@example.com")), d);
    expect(await confirmed.json()).toEqual({ status: "confirmed" });
    await Promise.all(d.deferred);
    expect([...resend.contacts]).toEqual(["victim@example.com"]);
  });

  it("stops retrying a row after maxAttempts and reports it", async () => {
    await failedSignups(["hopeless@example.com"]);
    await db.query("update public.waitlist set attempts = 10 where email = 'hopeless@example.com'");
    const before = resend.requests.length;
    const report = await resync({ maxAttempts: 10 });
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
  const run = () =>
    resyncPending({ store, mailer: mailer(), log: silentLogger, confirmUrl: CONFIRM_URL, leaseSeconds: 0 });

  it("runs only for WAITLIST_RESYNC_SECRET (never the service-role key) and answers counts, never addresses", async () => {
    const d = deps({ mailer: mailer(true) });
    await handleRequest(signup("sched@example.com"), d);
    await Promise.all(d.deferred);
    const endpoint = { secret: RESYNC_SECRET, run, log: silentLogger };

    expect((await handleResyncRequest(call("GET", RESYNC_SECRET), endpoint)).status).toBe(405);
    for (const token of [
      undefined,
      LOCAL_ANON_KEY,
      LOCAL_SERVICE_ROLE_KEY,
      `${RESYNC_SECRET}x`,
      RESYNC_SECRET.slice(0, -1),
    ]) {
      const refused = await handleResyncRequest(call("POST", token), endpoint);
      expect([refused.status, await refused.json()]).toEqual([401, { error: "Unauthorized" }]);
    }
    expect(await row("sched@example.com")).toMatchObject({ confirmation_sent_at: null });

    const response = await handleResyncRequest(call("POST", RESYNC_SECRET), endpoint);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ pending: 1, synced: 1, failed: 0, gaveUp: 0, more: false });
    expect(text).not.toContain("sched@");
    expect(await row("sched@example.com")).toMatchObject({ confirmation_sent_at: expect.any(Date) });
  });

  it("answers 503 and logs the error when the store cannot be read", async () => {
    const log = recordingLog();
    const broken = { secret: RESYNC_SECRET, run: () => Promise.reject(new Error("connection refused")), log };
    const response = await handleResyncRequest(call("POST", RESYNC_SECRET), broken);
    expect([response.status, await response.json()]).toEqual([503, { error: "The waitlist store is unavailable" }]);
    expect(log.lines).toEqual([
      { event: "waitlist.resync_store_unavailable", fields: { error: "connection refused" } },
    ]);
  });

  it("refuses every call, and says why in the log, while no long enough secret is configured", async () => {
    for (const secret of [undefined, "", "short-secret"]) {
      const log = recordingLog();
      const ran: string[] = [];
      const endpoint = { secret, run: () => (ran.push("ran"), run()), log };
      for (const token of [undefined, "", "short-secret", LOCAL_SERVICE_ROLE_KEY]) {
        expect((await handleResyncRequest(call("POST", token), endpoint)).status).toBe(503);
      }
      expect(ran).toEqual([]);
      expect(log.lines[0]).toMatchObject({
        event: "waitlist.resync_misconfigured",
        fields: { detail: expect.stringContaining("WAITLIST_RESYNC_SECRET") },
      });
    }
  });
});

describe("the database unreachable", () => {
  async function expect503(badStore: WaitlistStore) {
    const response = await handleRequest(signup("ada@example.com"), deps({ store: badStore }));
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://rwaatlas.example");
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
    const down = () => Promise.reject(new Error("fetch failed"));
    const failing: WaitlistMailer = { name: "down", addContact: down, removeContact: down, sendConfirmation: down };
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
      for (const name of ["SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY", "RESEND_API_KEY", "WAITLIST_CONFIRM_URL"])
        delete env[name];
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/waitlist-resync.ts", ...args], {
        cwd: root,
        env,
      });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      child.on("exit", (code) => resolve({ code, output }));
    });
  }

  it("lists, then sends the confirmation mails that did not go out, then finds nothing left", async () => {
    for (const email of ["s1@example.com", "s2@example.com"]) {
      const response = await fetch(`${api.url}/functions/v1/add-to-waitlist`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(200);
    }
    await api.settled();
    // Past the lease that protects a signup's own deferred send.
    await api.db.query("update public.waitlist set confirmation_requested_at = now() - interval '1 hour'");

    const dry = await runScript("--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.output).toContain("dry run: 2 row(s) to retry");
    expect(dry.output).not.toContain("s1@example.com"); // masked in output: s1***@example.com
    expect(dry.output).toContain("s1***@example.com  confirmation mail");

    const result = await runScript();
    expect(result.output).toContain("2 to retry: 2 done, 0 failed");
    expect(result.output).toContain("To:      s1@example.com"); // the console mailer's printed e-mail
    expect(result.output).toMatch(/http:\/\/127\.0\.0\.1:5173\/confirm#token=[A-Za-z0-9_-]{43}/);
    expect(result.code).toBe(0);
    const rows = (await (await fetch(`${api.url}/_local/waitlist`)).json()) as Array<{
      confirmation_sent_at: string | null;
      last_error: string | null;
    }>;
    expect(rows.map((r) => [r.confirmation_sent_at !== null, r.last_error])).toEqual([
      [true, null],
      [true, null],
    ]);

    const again = await runScript();
    expect([again.code, again.output]).toEqual([0, expect.stringContaining("0 to retry: 0 done")]);
  }, 60_000);

  it("asks the legacy single-opt-in rows for consent: a dry run first, mails only with --send, the link confirms", async () => {
    // Rows as the hardening migration left them: synced under the old flow, counted as confirmed.
    for (const email of ["old1@example.com", "old2@example.com"])
      await api.db.query(
        `insert into public.waitlist (email, mailbox, confirmed_at, synced_at, confirmation_requested_at, confirmation_sent_at, single_opt_in)
         values ($1, $1, now() - interval '400 days', now() - interval '400 days', now() - interval '400 days', now() - interval '400 days', true)`,
        [email],
      );

    const dry = await runScript("--reconsent");
    expect(dry.code).toBe(0);
    expect(dry.output).toContain("reconsent dry run: 2 single-opt-in row(s) to ask for consent");
    expect(dry.output).toContain("ol***@example.com  confirmed");
    expect(dry.output).toContain("npm run waitlist:resync -- --reconsent --send");
    expect(dry.output).not.toContain("old1@example.com");
    expect(dry.output).not.toContain("To:");
    const untouched = await api.db.query(
      "select count(*)::int as n from public.waitlist where single_opt_in and reconsent_requested_at is null",
    );
    expect(untouched.rows).toEqual([{ n: 2 }]);

    const sent = await runScript("--reconsent", "--send");
    expect([sent.code, sent.output]).toEqual([0, expect.stringContaining("reconsent: 2 due: 2 asked, 0 failed")]);
    expect(sent.output).toContain("To:      old1@example.com");
    expect(sent.output).toContain("You joined the RWA Atlas waitlist before we asked every address to confirm it.");
    // Asked once: a second run finds nobody to ask.
    expect((await runScript("--reconsent")).output).toContain("0 single-opt-in row(s)");

    const token = /To: {6}old1@example\.com[\s\S]*?#token=([A-Za-z0-9_-]{43})/.exec(sent.output)![1]!;
    const answer = await fetch(`${api.url}/functions/v1/add-to-waitlist/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(await answer.json()).toEqual({ status: "confirmed" });
    const rows = await api.db.query<{ email: string; single_opt_in: boolean }>(
      "select email, single_opt_in from public.waitlist where email like 'old%' order by email",
    );
    expect(rows.rows).toEqual([
      { email: "old1@example.com", single_opt_in: false },
      { email: "old2@example.com", single_opt_in: true },
    ]);
    await api.settled();
  }, 60_000);

  it("refuses --send without --reconsent", async () => {
    const bad = await runScript("--send");
    expect([bad.code, bad.output]).toEqual([2, expect.stringContaining("--send goes with --reconsent")]);
  });

  it("exits 2 with a readable message on a bad argument", async () => {
    const bad = await runScript("--limit", "0");
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--limit must be an integer from 1 to 1000");
  });
});
