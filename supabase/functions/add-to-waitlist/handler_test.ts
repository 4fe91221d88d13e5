// Contract tests for handler.ts with in-memory dependencies (npm run test:deno): a signup, its
// confirmation mail and link, the mailbox rules, the provider and the logs. Input: handler_input_test.ts;
// bot challenge, limits and failures: handler_guards_test.ts.
import * as assert from "../_shared/test_assert.ts";
import { handleRequest } from "./handler.ts";
import { mailboxOf } from "./lib/email.ts";
import { hashToken } from "./lib/token.ts";
import { confirm, expectJson, post, setup, tokenOf } from "./test_deps.ts";

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
