// Contract tests for handler.ts with in-memory dependencies (npm run test:deno).
import * as assert from "../_shared/test_assert.ts";
import { handleRequest, MAX_BODY_BYTES, MESSAGES } from "./handler.ts";
import { clientKey, trustedClientAddress } from "./lib/client-address.ts";
import { INVALID_EMAIL_MESSAGE, mailboxOf } from "./lib/email.ts";
import { hashToken } from "./lib/token.ts";
import type { BotChallenge } from "./lib/turnstile.ts";
import { confirm, expectJson, post, setup, tokenOf } from "./test_support.ts";

Deno.test(
  "a new signup answers 200, is stored normalised and gets one mail with a single-use link; no contact yet",
  async () => {
    const t = setup();
    const response = await handleRequest(post({ email: "  Ada@Example.COM ", source: "promo" }), t.deps);
    await expectJson(response, 200, { ok: true });
    await t.settle();
    const row = t.rows.get("ada@example.com")!;
    assert.equal(row.source, "promo");
    assert.equal(row.sentAt, 1);
    assert.equal(t.sent.length, 1);
    const link = new URL(t.sent[0]!.link);
    assert.equal(`${link.origin}${link.pathname}`, "https://rwaatlas.com/confirm");
    // The token rides in the fragment, never in the query a static host would log.
    assert.equal(link.search, "");
    assert.match(link.hash, /^#token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(t.sent[0]!);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored, never the token.
    assert.equal(row.tokenHash, await hashToken(token));
    assert.ok(!JSON.stringify([...t.rows.values()]).includes(token));
    assert.deepEqual(t.contacts, []);
  },
);

Deno.test("following the link confirms once and only then adds the contact; again says 'already'", async () => {
  const t = setup();
  await handleRequest(post({ email: "ada@example.com" }), t.deps);
  await t.settle();
  const token = tokenOf(t.sent[0]!);
  await expectJson(await handleRequest(confirm(token), t.deps), 200, { status: "confirmed" });
  await t.settle();
  assert.deepEqual(t.contacts, ["ada@example.com"]);
  assert.equal(t.rows.get("ada@example.com")!.syncedAt, 1);
  await expectJson(await handleRequest(confirm(token), t.deps), 200, { status: "already" });
  await t.settle();
  assert.deepEqual(t.contacts, ["ada@example.com"]);
});

Deno.test("an unknown or malformed token is 'invalid' and adds nobody", async () => {
  const t = setup();
  for (const token of ["A".repeat(43), "short", "A".repeat(44), 42, null, undefined, "../../etc/passwd"]) {
    await expectJson(await handleRequest(confirm(token), t.deps), 200, { status: "invalid" });
  }
  await t.settle();
  assert.deepEqual(t.contacts, []);
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
  assert.deepEqual(
    t.sent.map((m) => m.to),
    ["ada@example.com"],
  );
});

Deno.test("plus-address variants share the mailbox's limits but are stored as typed", async () => {
  const t = setup();
  await handleRequest(post({ email: "ada@example.com" }), t.deps);
  await handleRequest(post({ email: "Ada+News@example.com" }), t.deps);
  await t.settle();
  assert.deepEqual([...t.rows.keys()], ["ada@example.com", "ada+news@example.com"]);
  assert.deepEqual(
    t.attempts.map((a) => a.mailbox),
    ["ada@example.com", "ada@example.com"],
  );
  assert.deepEqual(
    t.sent.map((m) => m.to),
    ["ada@example.com"],
  );
  assert.equal(mailboxOf("a+b+c@x.io"), "a@x.io");
  assert.equal(mailboxOf("+tag@x.io"), "+tag@x.io");
  assert.equal(mailboxOf("plain@x.io"), "plain@x.io");
});

Deno.test("Gmail's dot spellings and googlemail.com count as one mailbox; other domains keep their dots", async () => {
  const t = setup();
  for (const email of ["a.da@gmail.com", "ADA+x@googlemail.com", "a.d.a@googlemail.com", "ada@gmail.com"]) {
    await expectJson(await handleRequest(post({ email }), t.deps), 200, { ok: true });
  }
  await t.settle();
  assert.deepEqual(
    t.attempts.map((a) => a.mailbox),
    Array(4).fill("ada@gmail.com"),
  );
  // One mail for the inbox; every spelling stored as typed.
  assert.deepEqual(
    t.sent.map((m) => m.to),
    ["a.da@gmail.com"],
  );
  assert.equal(t.rows.size, 4);
  assert.equal(mailboxOf("g.race.h+news@gmail.com"), "graceh@gmail.com");
  assert.equal(mailboxOf("g.race@example.com"), "g.race@example.com");
  assert.equal(mailboxOf("g.race@gmail.co"), "g.race@gmail.co");
  assert.equal(mailboxOf("...@gmail.com"), "@gmail.com");
});

Deno.test("the response does not wait for the provider", async () => {
  const t = setup({ provider: "hang", providerTimeoutMs: 30 });
  const response = await handleRequest(post({ email: "slow@example.com" }), t.deps);
  // Answered while the provider call is still in flight: the row is stored, the mail not sent yet.
  assert.equal(response.status, 200);
  assert.equal(t.rows.get("slow@example.com")?.sentAt, null);
  await response.body?.cancel();
  await t.settle();
  assert.match(t.rows.get("slow@example.com")?.lastError ?? "", /timed out after 30 ms/);
});

Deno.test("a provider failure still answers success and leaves the mail due with the error", async () => {
  const t = setup({ provider: "fail" });
  await expectJson(await handleRequest(post({ email: "bob@example.com" }), t.deps), 200, { ok: true });
  await t.settle();
  const row = t.rows.get("bob@example.com")!;
  assert.equal(row.sentAt, null);
  assert.equal(row.attempts, 1);
  assert.match(row.lastError ?? "", /provider answered 500/);
  assert.ok(t.logs.some((l) => l.event === "waitlist.confirmation_failed" && l.level === "warn"));
});

Deno.test("without provider settings the signup is stored, the mail stays due, and the log says so", async () => {
  const t = setup({ provider: "none" });
  await expectJson(await handleRequest(post({ email: "cy@example.com" }), t.deps), 200, { ok: true });
  await t.settle();
  assert.equal(t.rows.get("cy@example.com")?.sentAt, null);
  assert.ok(t.logs.some((l) => l.event === "waitlist.provider_skipped"));
});

Deno.test("logs never contain the full e-mail address", async () => {
  const t = setup({ provider: "fail" });
  await handleRequest(post({ email: "private.person@example.com" }), t.deps);
  await t.settle();
  assert.ok(t.logs.length > 0);
  assert.ok(!JSON.stringify(t.logs).includes("private.person@"));
});

Deno.test("display-name forms and anything but a bare address answer 400 and store nothing", async () => {
  const t = setup();
  for (const email of [
    "x<victim@example.com>",
    "Name <a@example.com>",
    "<a@example.com>",
    "a@example.com, b@example.com",
    "a@example.com;b@example.com",
    '"quoted"@example.com',
    "a(comment)@example.com",
    "a@[127.0.0.1]",
    "a\\b@example.com",
    "a:b@example.com",
  ]) {
    await expectJson(await handleRequest(post({ email }), t.deps), 400, { error: INVALID_EMAIL_MESSAGE });
  }
  assert.equal(t.rows.size, 0);
  assert.equal(t.attempts.length, 0);
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
  assert.match(
    response.headers.get("access-control-allow-headers") ?? "",
    /authorization.*x-client-info.*apikey.*content-type.*x-turnstile-token/,
  );
  assert.match(response.headers.get("access-control-allow-methods") ?? "", /POST/);
});

Deno.test("ALLOWED_ORIGINS: listed origins are echoed, others refused with 403", async () => {
  const t = setup({ allowedOrigins: ["https://rwaatlas.com"] });
  const ok = await handleRequest(
    post({ email: "o@example.com" }, { headers: { Origin: "https://rwaatlas.com" } }),
    t.deps,
  );
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get("access-control-allow-origin"), "https://rwaatlas.com");
  assert.equal(ok.headers.get("vary"), "Origin");

  const evil = await handleRequest(
    post({ email: "p@example.com" }, { headers: { Origin: "https://evil.test" } }),
    t.deps,
  );
  assert.equal(evil.status, 403);
  assert.equal(evil.headers.get("access-control-allow-origin"), null);
  assert.deepEqual(await evil.json(), { error: MESSAGES.originNotAllowed });
  assert.equal(t.rows.has("p@example.com"), false);
});

/** A bot challenge that passes the token "human" and records what it was asked. */
function fakeChallenge(behaviour: "verdict" | "unreachable" = "verdict") {
  const asked: Array<{ token: string; remoteIp: string | null }> = [];
  const challenge: BotChallenge = {
    verify(token, remoteIp) {
      asked.push({ token, remoteIp });
      if (behaviour === "unreachable") return Promise.reject(new Error("siteverify unreachable: connect ECONNREFUSED"));
      return Promise.resolve(
        token === "human" ? { ok: true } : { ok: false, reason: "refused (invalid-input-response)" },
      );
    },
  };
  return { challenge, asked };
}

Deno.test(
  "with a bot challenge configured, a signup needs a passing X-Turnstile-Token, checked before the limits",
  async () => {
    const { challenge, asked } = fakeChallenge();
    const t = setup({ challenge });
    const ip = { "CF-Connecting-IP": "203.0.113.7" };
    for (const headers of [ip, { ...ip, "X-Turnstile-Token": "bot" }]) {
      await expectJson(await handleRequest(post({ email: "bot@example.com" }, { headers }), t.deps), 403, {
        error: MESSAGES.challengeFailed,
      });
    }
    // Refused before the limits and the store: no quota used, nothing stored or mailed.
    assert.equal(t.attempts.length, 0);
    assert.equal(t.rows.size, 0);
    assert.ok(t.logs.some((l) => l.event === "waitlist.challenge_failed" && l.fields.client === "203.0.113.7/32"));

    // A passing token: the usual answer, identical for a new and a known address.
    const pass = { ...ip, "X-Turnstile-Token": "human" };
    const first = await handleRequest(post({ email: "ada@example.com" }, { headers: pass }), t.deps);
    const again = await handleRequest(post({ email: "ada@example.com" }, { headers: pass }), t.deps);
    assert.equal(first.status, 200);
    assert.deepEqual([...again.headers.entries()], [...first.headers.entries()]);
    assert.equal(await again.text(), await first.text());
    assert.deepEqual(asked, [
      { token: "", remoteIp: "203.0.113.7" },
      { token: "bot", remoteIp: "203.0.113.7" },
      { token: "human", remoteIp: "203.0.113.7" },
      { token: "human", remoteIp: "203.0.113.7" },
    ]);
    // Confirming a link needs no challenge (the link is the proof).
    await t.settle();
    await expectJson(await handleRequest(confirm(tokenOf(t.sent[0]!)), t.deps), 200, { status: "confirmed" });
    assert.equal(asked.length, 4);
  },
);

Deno.test("a bot challenge that cannot answer refuses the signup with 503, without internals", async () => {
  const { challenge } = fakeChallenge("unreachable");
  const t = setup({ challenge });
  const response = await handleRequest(
    post({ email: "ada@example.com" }, { headers: { "X-Turnstile-Token": "human" } }),
    t.deps,
  );
  assert.equal(response.headers.get("retry-after"), "30");
  await expectJson(response, 503, { error: MESSAGES.unavailable });
  assert.equal(t.attempts.length, 0);
  assert.ok(t.logs.some((l) => l.event === "waitlist.challenge_unavailable"));
});

Deno.test("without a bot challenge configured, no token is asked for", async () => {
  const t = setup({ challenge: null });
  await expectJson(await handleRequest(post({ email: "ada@example.com" }), t.deps), 200, { ok: true });
  assert.equal(t.attempts.length, 1);
});

Deno.test("the limit is keyed on the platform's trusted header, never a forged X-Forwarded-For hop", async () => {
  const t = setup();
  const from = (n: number, headers: Record<string, string>) =>
    handleRequest(post({ email: `u${n}@example.com` }, { headers }), t.deps);
  // A bot rotating the first X-Forwarded-For hop stays one client: CF-Connecting-IP is set by the platform.
  for (let i = 0; i < 3; i++) {
    await from(i, { "CF-Connecting-IP": "203.0.113.7", "X-Forwarded-For": `10.9.8.${i}, 203.0.113.7` });
  }
  // Without CF-Connecting-IP: X-Real-IP (set by the gateway), then the last X-Forwarded-For hop.
  await from(3, { "X-Real-IP": "203.0.113.7", "X-Forwarded-For": "1.2.3.4" });
  await from(4, { "X-Forwarded-For": "1.2.3.4, 203.0.113.7" });
  assert.deepEqual(
    t.attempts.map((a) => a.client),
    Array(5).fill("203.0.113.7/32"),
  );
});

Deno.test("the 429 answer carries the store's Retry-After; other clients still get in", async () => {
  const t = setup({ limitAfter: 5 });
  const from = (ip: string, n: number) => post({ email: `u${n}@example.com` }, { headers: { "CF-Connecting-IP": ip } });
  for (let i = 0; i < 5; i++) assert.equal((await handleRequest(from("203.0.113.7", i), t.deps)).status, 200);
  const limited = await handleRequest(from("203.0.113.7", 9), t.deps);
  assert.equal(limited.headers.get("retry-after"), "40");
  await expectJson(limited, 429, { error: MESSAGES.rateLimited });
  assert.equal((await handleRequest(from("198.51.100.2", 10), t.deps)).status, 200);
  assert.equal(t.rows.has("u9@example.com"), false);
});

Deno.test("invalid requests are refused before the limit: they never use up a visitor's quota", async () => {
  const t = setup();
  const headers = { "CF-Connecting-IP": "203.0.113.7" };
  await handleRequest(new Request("http://localhost/", { method: "GET", headers }), t.deps);
  await handleRequest(
    post({ email: "a@example.com" }, { headers: { ...headers, "Content-Type": "text/plain" } }),
    t.deps,
  );
  await handleRequest(post(null, { headers, raw: "x".repeat(MAX_BODY_BYTES + 1) }), t.deps);
  await handleRequest(post(null, { headers, raw: "{" }), t.deps);
  await handleRequest(post({ email: "not-an-address" }, { headers }), t.deps);
  assert.equal(t.attempts.length, 0);
});

Deno.test("client keys: IPv4 /32, IPv6 /64, IPv4-mapped IPv6 as IPv4, junk as 'unknown'", () => {
  assert.equal(clientKey("203.0.113.7"), "203.0.113.7/32");
  assert.equal(clientKey("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:db8:1:2::ffff"), "2001:db8:1:2::/64");
  assert.equal(clientKey("[2001:DB8:1:2::1]"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:db8::1"), "2001:db8:0:0::/64");
  assert.equal(clientKey("::ffff:198.51.100.9"), "198.51.100.9/32");
  assert.equal(clientKey("fe80::1%eth0"), "fe80:0:0:0::/64");
  for (const junk of ["", "unknown", "999.1.1.1", "1.2.3", "1:2:3", "1::2::3", "<script>", "1.2.3.4.5"]) {
    assert.equal(clientKey(junk), "unknown", junk);
  }
  const headers = (h: Record<string, string>) => new Headers(h);
  assert.equal(
    trustedClientAddress(headers({ "cf-connecting-ip": "not an ip", "x-real-ip": "198.51.100.1" })),
    "198.51.100.1",
  );
  assert.equal(trustedClientAddress(headers({ "x-forwarded-for": "6.6.6.6" })), "6.6.6.6");
  assert.equal(trustedClientAddress(headers({})), "unknown");
});

Deno.test("an unreachable store answers 503 JSON without internals", async () => {
  const t = setup({ unreachable: true });
  const response = await handleRequest(post({ email: "e@example.com" }), t.deps);
  assert.equal(response.headers.get("retry-after"), "30");
  const text = await response.text();
  assert.equal(response.status, 503);
  assert.deepEqual(JSON.parse(text), { error: MESSAGES.unavailable });
  assert.ok(!text.includes("ECONNREFUSED"));
  assert.ok(
    t.logs.some((l) => l.event === "waitlist.store_unavailable" && String(l.fields.error).includes("ECONNREFUSED")),
  );
});

Deno.test("an unexpected exception answers 500 without a stack trace", async () => {
  const t = setup({
    confirmUrl: () => {
      throw new Error("boom at secret/path.ts:12");
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
