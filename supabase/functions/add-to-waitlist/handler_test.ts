// Contract tests for handler.ts with in-memory dependencies (npm run test:deno).
import * as assert from "./test_assert.ts";
import { handleRequest, MAX_BODY_BYTES, MESSAGES, type Deps } from "./handler.ts";
import { INVALID_EMAIL_MESSAGE } from "./lib/email.ts";
import { createMemoryRateLimiter, noRateLimit } from "./lib/rate-limiter.ts";
import type { Signup, WaitlistMailer, WaitlistStore } from "./lib/types.ts";

type Row = Signup & { syncedAt: number | null; lastError: string | null; attempts: number };

function memoryStore(options: { unreachable?: boolean } = {}) {
  const rows = new Map<string, Row>();
  const store: WaitlistStore = {
    add(signup) {
      if (options.unreachable) return Promise.reject(new Error("connect ECONNREFUSED 10.0.0.1:5432"));
      if (rows.has(signup.email)) return Promise.resolve({ created: false });
      rows.set(signup.email, { ...signup, syncedAt: null, lastError: null, attempts: 0 });
      return Promise.resolve({ created: true });
    },
    recordSync(email, error) {
      const row = rows.get(email)!;
      row.attempts += 1;
      row.syncedAt = error ? null : 1;
      row.lastError = error;
      return Promise.resolve();
    },
  };
  return { store, rows };
}

function recordingMailer(behaviour: "ok" | "fail" | "hang" = "ok") {
  const sent: string[] = [];
  const contacts: string[] = [];
  const mailer: WaitlistMailer = {
    name: "test",
    addContact(email, signal) {
      if (behaviour === "fail") return Promise.reject(new Error("provider answered 500"));
      if (behaviour === "hang") {
        return new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
      }
      contacts.push(email);
      return Promise.resolve();
    },
    sendConfirmation(email) {
      sent.push(email);
      return Promise.resolve();
    },
  };
  return { mailer, sent, contacts };
}

function setup(overrides: Partial<Deps> & { unreachable?: boolean; provider?: "ok" | "fail" | "hang" | "none" } = {}) {
  const { store, rows } = memoryStore({ unreachable: overrides.unreachable });
  const provider = overrides.provider ?? "ok";
  const { mailer, sent, contacts } = recordingMailer(provider === "none" ? "ok" : provider);
  const logs: Array<{ level: string; event: string; fields: Record<string, unknown> }> = [];
  const pending: Promise<unknown>[] = [];
  const deps: Deps = {
    store,
    mailer: provider === "none" ? null : mailer,
    rateLimiter: noRateLimit,
    clock: { now: () => 1_000_000 },
    log: {
      info: (event, fields = {}) => logs.push({ level: "info", event, fields }),
      warn: (event, fields = {}) => logs.push({ level: "warn", event, fields }),
      error: (event, fields = {}) => logs.push({ level: "error", event, fields }),
    },
    allowedOrigins: "*",
    defer: (task) => pending.push(task),
    providerTimeoutMs: 50,
    ...overrides,
  };
  return { deps, rows, sent, contacts, logs, settle: () => Promise.all(pending) };
}

function post(body: unknown, init: { headers?: Record<string, string>; raw?: BodyInit } = {}) {
  return new Request("http://localhost/functions/v1/add-to-waitlist", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}

async function expectJson(response: Response, status: number, body: unknown) {
  assert.equal(response.status, status);
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(await response.json(), body);
}

Deno.test("a new signup answers 200, is stored normalised and gets the confirmation e-mail", async () => {
  const t = setup();
  const response = await handleRequest(post({ email: "  Ada@Example.COM ", source: "promo" }), t.deps);
  await expectJson(response, 200, { ok: true });
  await t.settle();
  assert.deepEqual(t.rows.get("ada@example.com"), {
    email: "ada@example.com",
    source: "promo",
    syncedAt: 1,
    lastError: null,
    attempts: 1,
  });
  assert.deepEqual(t.contacts, ["ada@example.com"]);
  assert.deepEqual(t.sent, ["ada@example.com"]);
});

Deno.test("a duplicate (any case) answers exactly like a new signup and sends nothing again", async () => {
  const t = setup();
  const first = await handleRequest(post({ email: "ada@example.com" }), t.deps);
  const second = await handleRequest(post({ email: "ADA@example.com" }), t.deps);
  await t.settle();
  assert.equal(second.status, first.status);
  assert.deepEqual([...second.headers.entries()], [...first.headers.entries()]);
  assert.equal(await second.text(), await first.text());
  assert.equal(t.rows.size, 1);
  assert.deepEqual(t.sent, ["ada@example.com"]);
});

Deno.test("the response does not wait for the provider", async () => {
  const t = setup({ provider: "hang", providerTimeoutMs: 30 });
  const response = await handleRequest(post({ email: "slow@example.com" }), t.deps);
  // Answered while the provider call is still in flight: the row is stored, not yet synced.
  assert.equal(response.status, 200);
  assert.equal(t.rows.get("slow@example.com")?.attempts, 0);
  await response.body?.cancel();
  await t.settle();
  assert.equal(t.rows.get("slow@example.com")?.attempts, 1);
});

Deno.test("a provider failure still answers success and leaves the row unsynced with the error", async () => {
  const t = setup({ provider: "fail" });
  await expectJson(await handleRequest(post({ email: "bob@example.com" }), t.deps), 200, { ok: true });
  await t.settle();
  const row = t.rows.get("bob@example.com")!;
  assert.equal(row.syncedAt, null);
  assert.equal(row.attempts, 1);
  assert.match(row.lastError ?? "", /provider answered 500/);
  assert.ok(t.logs.some((l) => l.event === "waitlist.provider_failed" && l.level === "warn"));
});

Deno.test("a provider that hangs is cut off by the timeout and recorded", async () => {
  const t = setup({ provider: "hang", providerTimeoutMs: 20 });
  assert.equal((await handleRequest(post({ email: "hang@example.com" }), t.deps)).status, 200);
  await t.settle();
  assert.match(t.rows.get("hang@example.com")?.lastError ?? "", /timed out after 20 ms/);
});

Deno.test("without provider settings the signup is stored, the provider skipped, and the log says so", async () => {
  const t = setup({ provider: "none" });
  await expectJson(await handleRequest(post({ email: "cy@example.com" }), t.deps), 200, { ok: true });
  await t.settle();
  assert.equal(t.rows.get("cy@example.com")?.attempts, 0);
  assert.ok(t.logs.some((l) => l.event === "waitlist.provider_skipped"));
});

Deno.test("logs never contain the full e-mail address", async () => {
  const t = setup({ provider: "fail" });
  await handleRequest(post({ email: "private.person@example.com" }), t.deps);
  await t.settle();
  assert.ok(t.logs.length > 0);
  assert.ok(!JSON.stringify(t.logs).includes("private.person@"));
});

Deno.test("invalid e-mails answer 400 with a JSON error and store nothing", async () => {
  const t = setup();
  const invalid: unknown[] = [
    undefined,
    "",
    "   ",
    42,
    "plainaddress",
    "two@@example.com",
    "a@b@example.com",
    "nodot@localhost",
    "trailing@example.",
    "@example.com",
    "spa ce@example.com",
    "tab\t@example.com",
    `${"a".repeat(250)}@x.io`,
    `${"a".repeat(65)}@example.com`,
  ];
  for (const email of invalid) {
    await expectJson(await handleRequest(post({ email }), t.deps), 400, { error: INVALID_EMAIL_MESSAGE });
  }
  assert.equal(t.rows.size, 0);
});

Deno.test("an address of exactly 254 characters is accepted", async () => {
  const t = setup();
  const email = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
  assert.equal(email.length, 254);
  assert.equal((await handleRequest(post({ email }), t.deps)).status, 200);
});

Deno.test("unknown sources are dropped, not rejected", async () => {
  const t = setup();
  assert.equal((await handleRequest(post({ email: "d@example.com", source: "<script>" }), t.deps)).status, 200);
  assert.equal(t.rows.get("d@example.com")?.source, null);
});

Deno.test("bad JSON or a non-object body answers 400", async () => {
  const t = setup();
  for (const raw of ["{", "", "null", "[]", '"ada@example.com"', "42", "\uFFFE"]) {
    await expectJson(await handleRequest(post(null, { raw }), t.deps), 400, { error: MESSAGES.badJson });
  }
  const invalidUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
  await expectJson(await handleRequest(post(null, { raw: invalidUtf8 }), t.deps), 400, { error: MESSAGES.badJson });
});

Deno.test("a body over 1 KB answers 413, with or without Content-Length", async () => {
  const t = setup();
  const big = JSON.stringify({ email: "e@example.com", pad: "x".repeat(MAX_BODY_BYTES) });
  await expectJson(await handleRequest(post(null, { raw: big }), t.deps), 413, { error: MESSAGES.tooLarge });

  // Streamed body: no Content-Length, size only known while reading.
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode("x".repeat(200)));
      controller.close();
    },
  });
  const streamed = post(null, { raw: stream });
  assert.equal(streamed.headers.get("content-length"), null);
  await expectJson(await handleRequest(streamed, t.deps), 413, { error: MESSAGES.tooLarge });

  // Bytes, not characters: 510 "é" are 1,020 bytes of UTF-8 in a string shorter than 1,024.
  const multibyte = JSON.stringify({ email: "e@example.com", pad: "é".repeat(510) });
  assert.ok(multibyte.length < MAX_BODY_BYTES && new TextEncoder().encode(multibyte).byteLength > MAX_BODY_BYTES);
  assert.equal((await handleRequest(post(null, { raw: multibyte }), t.deps)).status, 413);
  assert.equal(t.rows.size, 0);
});

Deno.test("a non-JSON content type answers 415", async () => {
  const t = setup();
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"]) {
    const req = post({ email: "e@example.com" }, { headers: { "Content-Type": type } });
    await expectJson(await handleRequest(req, t.deps), 415, { error: MESSAGES.unsupportedMediaType });
  }
  const charset = post({ email: "e@example.com" }, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  assert.equal((await handleRequest(charset, t.deps)).status, 200);
});

Deno.test("other methods answer 405 with Allow", async () => {
  const t = setup();
  for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
    const response = await handleRequest(new Request("http://localhost/", { method }), t.deps);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    await expectJson(response, 405, { error: MESSAGES.methodNotAllowed });
  }
});

Deno.test("CORS preflight answers 204 with the headers supabase-js needs", async () => {
  const t = setup();
  const response = await handleRequest(
    new Request("http://localhost/", { method: "OPTIONS", headers: { Origin: "https://rwaatlas.com" } }),
    t.deps,
  );
  assert.equal(response.status, 204);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.match(response.headers.get("access-control-allow-headers") ?? "", /authorization.*x-client-info.*apikey.*content-type/);
  assert.match(response.headers.get("access-control-allow-methods") ?? "", /POST/);
});

Deno.test("ALLOWED_ORIGINS: listed origins are echoed, others refused with 403", async () => {
  const t = setup({ allowedOrigins: ["https://rwaatlas.com"] });
  const ok = await handleRequest(post({ email: "o@example.com" }, { headers: { Origin: "https://rwaatlas.com" } }), t.deps);
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get("access-control-allow-origin"), "https://rwaatlas.com");
  assert.equal(ok.headers.get("vary"), "Origin");

  const evil = await handleRequest(post({ email: "p@example.com" }, { headers: { Origin: "https://evil.test" } }), t.deps);
  assert.equal(evil.status, 403);
  assert.equal(evil.headers.get("access-control-allow-origin"), null);
  assert.deepEqual(await evil.json(), { error: MESSAGES.originNotAllowed });
  assert.equal(t.rows.has("p@example.com"), false);
});

Deno.test("the sixth attempt from one IP within a minute answers 429 with Retry-After", async () => {
  let now = 0;
  const t = setup({
    rateLimiter: createMemoryRateLimiter({ limit: 5, windowMs: 60_000 }),
    clock: { now: () => now },
  });
  const from = (ip: string, n: number) => post({ email: `u${n}@example.com` }, { headers: { "X-Forwarded-For": `${ip}, 10.0.0.1` } });
  for (let i = 0; i < 5; i++) assert.equal((await handleRequest(from("203.0.113.7", i), t.deps)).status, 200);
  now = 20_000;
  const limited = await handleRequest(from("203.0.113.7", 9), t.deps);
  assert.equal(limited.headers.get("retry-after"), "40");
  await expectJson(limited, 429, { error: MESSAGES.rateLimited });
  // Another IP is unaffected; the first one is let through once the window has passed.
  assert.equal((await handleRequest(from("198.51.100.2", 10), t.deps)).status, 200);
  now = 60_001;
  assert.equal((await handleRequest(from("203.0.113.7", 11), t.deps)).status, 200);
});

Deno.test("an unreachable store answers 503 JSON without internals", async () => {
  const t = setup({ unreachable: true });
  const response = await handleRequest(post({ email: "e@example.com" }), t.deps);
  assert.equal(response.headers.get("retry-after"), "30");
  const text = await response.text();
  assert.equal(response.status, 503);
  assert.deepEqual(JSON.parse(text), { error: MESSAGES.unavailable });
  assert.ok(!text.includes("ECONNREFUSED"));
  assert.ok(t.logs.some((l) => l.event === "waitlist.store_unavailable" && String(l.fields.error).includes("ECONNREFUSED")));
});

Deno.test("an unexpected exception answers 500 without a stack trace", async () => {
  const t = setup({
    rateLimiter: {
      hit() {
        throw new Error("boom at secret/path.ts:12");
      },
    },
  });
  const response = await handleRequest(post({ email: "e@example.com" }), t.deps);
  const text = await response.text();
  assert.equal(response.status, 500);
  assert.deepEqual(JSON.parse(text), { error: MESSAGES.internal });
  assert.ok(!text.includes("secret/path.ts"));
});

Deno.test("every answer carries security headers", async () => {
  const t = setup();
  const response = await handleRequest(post({ email: "h@example.com" }), t.deps);
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.match(response.headers.get("content-security-policy") ?? "", /default-src 'none'/);
  await response.body?.cancel();
});
