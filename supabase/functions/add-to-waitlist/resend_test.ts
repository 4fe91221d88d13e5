// The confirmation mail (lib/resend.ts): its launch line, its stop link, the consent mail, and the
// audience removal call. npm run test:deno.
import * as assert from "../_shared/test_assert.ts";
import { confirmationText, createResendMailer, readResendConfig, STOP_LINK_LABEL } from "./lib/resend.ts";

const LINK = "https://rwaatlas.com/confirm#token=abc";
const STOP = "https://rwaatlas.com/confirm#stop=abc";
const MAIL = { link: LINK, stopLink: STOP };

Deno.test("before the target has passed, the mail names it", () => {
  const text = confirmationText("RWA Atlas", MAIL, "Q1 2026", new Date("2026-01-15T00:00:00Z"));
  assert.match(text, /early access when it launches \(target: Q1 2026\)\./);
});

Deno.test("once the target has passed, the mail says 'opening soon' and names no date", () => {
  const text = confirmationText("RWA Atlas", MAIL, "Q1 2026", new Date("2026-11-25T00:00:00Z"));
  assert.match(text, /early access when it launches \(opening soon\)\./);
  assert.ok(!text.includes("2026"), text);
});

Deno.test("WAITLIST_LAUNCH_TARGET sets the mail's target; unset, the spec's default is used", () => {
  const base = { RESEND_API_KEY: "re_x", RESEND_AUDIENCE_ID: "aud", WAITLIST_FROM: "a@b.co" };
  const get = (values: Record<string, string>) => (name: string) => values[name];
  assert.equal(readResendConfig(get({ ...base, WAITLIST_LAUNCH_TARGET: " Q3 2027 " }))?.launchTarget, "Q3 2027");
  assert.equal(readResendConfig(get(base))?.launchTarget, undefined);
  const future = confirmationText("RWA Atlas", MAIL, undefined, new Date("2026-02-01T00:00:00Z"));
  assert.match(future, /\(target: Q1 2026\)/);
});

Deno.test(
  "the consent mail for a legacy single-opt-in address says why it comes, and when it is taken off the list",
  () => {
    const now = new Date("2026-11-25T00:00:00Z");
    const text = confirmationText("RWA Atlas", { ...MAIL, kind: "reconsent" }, "Q3 2027", now);
    assert.match(text, /^You joined the RWA Atlas waitlist before we asked every address to confirm it\./);
    assert.ok(text.includes(`\n${LINK}\n`), text);
    assert.match(text, /Without a confirmation, we'll take your address off the list in 30 days\./);
    assert.ok(!text.includes("won't hear from us again"), text);
    assert.match(confirmationText("RWA Atlas", MAIL, "Q3 2027", now), /^Thanks for joining/);
  },
);

Deno.test("every mail, signup and consent alike, ends with the 'This wasn't me: stop' link", () => {
  for (const kind of ["signup", "reconsent"] as const) {
    const text = confirmationText("RWA Atlas", { ...MAIL, kind }, "Q3 2027", new Date("2026-11-25T00:00:00Z"));
    assert.ok(text.endsWith(`\n\n${STOP_LINK_LABEL}\n${STOP}`), text);
    assert.match(text, /press 'Stop emails'/);
    // It promises nothing an attacker's next signup would break.
    assert.ok(!text.includes("won't hear from us again"), text);
  }
  assert.equal(STOP_LINK_LABEL, "This wasn't me: stop");
});

Deno.test("the sent mail carries both links, the stop link labelled, in text and HTML", async () => {
  const bodies: Array<{ text: string; html: string }> = [];
  const mailer = createResendMailer({ apiKey: "re_x", audienceId: "aud", from: "a@b.co" }, (_url, init) => {
    bodies.push(JSON.parse(String(init.body)));
    return Promise.resolve(new Response("{}", { status: 200 }));
  });
  await mailer.sendConfirmation(
    { to: "ada@example.com", link: LINK, stopLink: STOP, idempotencyKey: "k" },
    new AbortController().signal,
  );
  assert.ok(bodies[0]!.text.includes(STOP), bodies[0]!.text);
  assert.ok(bodies[0]!.html.includes(`<a href="${LINK}">Confirm my e-mail address</a>`), bodies[0]!.html);
  assert.ok(bodies[0]!.html.includes(`<a href="${STOP}">This wasn't me: stop</a>`), bodies[0]!.html);
});

Deno.test("removing a contact deletes it from the audience; one that is not there is already removed", async () => {
  const calls: string[] = [];
  let status = 200;
  const mailer = createResendMailer({ apiKey: "re_x", audienceId: "aud 1", from: "a@b.co" }, (url, init) => {
    calls.push(`${init.method} ${url}`);
    return Promise.resolve(new Response(status === 200 ? "{}" : '{"message":"Contact not found"}', { status }));
  });
  const signal = new AbortController().signal;
  await mailer.removeContact("ada+x@example.com", signal);
  status = 404;
  await mailer.removeContact("ada+x@example.com", signal);
  assert.deepEqual(calls, [
    "DELETE https://api.resend.com/audiences/aud%201/contacts/ada%2Bx%40example.com",
    "DELETE https://api.resend.com/audiences/aud%201/contacts/ada%2Bx%40example.com",
  ]);
  status = 500;
  const failure = await mailer.removeContact("ada@example.com", signal).then(
    () => "resolved",
    (error: Error) => error.message,
  );
  assert.match(failure, /^Resend \/audiences\/aud%201\/contacts\/ada%40example\.com answered 500/);
});
