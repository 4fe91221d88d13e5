// handler.ts's guards (npm run test:deno): the bot challenge, the limits and the client key they
// count, a failing store or an exception, and the security headers on every answer.
import * as assert from "../_shared/test_assert.ts";
import { handleRequest, MAX_BODY_BYTES, MESSAGES } from "./handler.ts";
import { clientKey, trustedClientAddress } from "./lib/client-address.ts";
import { confirm, expectJson, fakeChallenge, post, setup, tokenOf } from "./test_deps.ts";

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
