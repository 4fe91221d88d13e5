// The mail's "This wasn't me: stop" link through handler.ts (POST …/add-to-waitlist/stop), with the
// in-memory store of test_deps.ts. npm run test:deno.
import * as assert from "../_shared/test_assert.ts";
import { handleRequest } from "./handler.ts";
import { hashToken } from "./lib/token.ts";
import { confirm, expectJson, post, setup, stop, tokenOf } from "./test_deps.ts";

/** The stop link's token: the same as the confirm link's, under `#stop=`. */
const stopTokenOf = (mail: { stopLink: string }) =>
  new URLSearchParams(new URL(mail.stopLink).hash.slice(1)).get("stop")!;

Deno.test(
  "every confirmation mail carries a stop link: the same token, in the fragment, on the /confirm page",
  async () => {
    const t = setup();
    await handleRequest(post({ email: "ada@example.com" }), t.deps);
    await t.settle();
    const link = new URL(t.sent[0]!.stopLink);
    assert.equal(`${link.origin}${link.pathname}${link.search}`, "https://rwaatlas.com/confirm");
    assert.match(link.hash, /^#stop=[A-Za-z0-9_-]{43}$/);
    assert.equal(stopTokenOf(t.sent[0]!), tokenOf(t.sent[0]!));
  },
);

Deno.test("the stop link stops every mail to the mailbox: no spelling is stored or mailed again", async () => {
  const t = setup();
  await handleRequest(post({ email: "vic+x@example.com" }), t.deps);
  await t.settle();
  await expectJson(await handleRequest(stop(stopTokenOf(t.sent[0]!)), t.deps), 200, { status: "stopped" });
  // Its link no longer confirms, and no spelling of the mailbox gets anything again.
  await expectJson(await handleRequest(confirm(tokenOf(t.sent[0]!)), t.deps), 200, { status: "expired" });
  for (const email of ["vic@example.com", "vic+y@example.com", "vic+x@example.com"]) {
    await expectJson(await handleRequest(post({ email }), t.deps), 200, { ok: true });
  }
  await t.settle();
  assert.equal(t.sent.length, 1);
  assert.deepEqual([...t.rows.keys()], ["vic+x@example.com"]);
  // Pressing it again says the same.
  await expectJson(await handleRequest(stop(stopTokenOf(t.sent[0]!)), t.deps), 200, { status: "stopped" });
});

Deno.test("a stopped mailbox that was on the list leaves the audience too", async () => {
  const t = setup();
  await handleRequest(post({ email: "ada@example.com" }), t.deps);
  await t.settle();
  await handleRequest(confirm(tokenOf(t.sent[0]!)), t.deps);
  await t.settle();
  assert.deepEqual(t.contacts, ["ada@example.com"]);
  await expectJson(await handleRequest(stop(stopTokenOf(t.sent[0]!)), t.deps), 200, { status: "stopped" });
  await t.settle();
  assert.deepEqual(t.removed, ["ada@example.com"]);
  assert.equal(t.rows.get("ada@example.com")!.syncedAt, null);
  assert.equal(t.rows.get("ada@example.com")!.confirmed, false);
});

Deno.test("an unknown or malformed stop token is 'invalid' and stops nothing", async () => {
  const t = setup();
  await handleRequest(post({ email: "ada@example.com" }), t.deps);
  await t.settle();
  for (const token of ["A".repeat(43), "short", 42, null, "A".repeat(42) + "="]) {
    await expectJson(await handleRequest(stop(token), t.deps), 200, { status: "invalid" });
  }
  assert.deepEqual([...t.stopped], []);
  assert.equal(t.rows.get("ada@example.com")!.tokenHash, await hashToken(tokenOf(t.sent[0]!)));
});

Deno.test("an unreachable store answers the stop with 503 JSON and Retry-After, without internals", async () => {
  const t = setup({ unreachable: true });
  const response = await handleRequest(stop("A".repeat(43)), t.deps);
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("retry-after"), "30");
  const text = await response.text();
  assert.ok(!text.includes("ECONNREFUSED"), text);
  assert.ok(
    t.logs.some((line) => line.event === "waitlist.store_unavailable"),
    JSON.stringify(t.logs),
  );
});
