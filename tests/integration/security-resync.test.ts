// The resync that repairs what provider faults leave behind (confirmation mails that did not go
// out, confirmed contacts not yet in the audience): the module, and the scheduled endpoint that
// runs it. Real handler and PGlite store, the Resend mailer against a fake (provider-faults.ts).
import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../../local-api/defaults.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../../local-api/service-key.ts";
import { silentLogger } from "../../supabase/functions/_shared/log.ts";
import { handleRequest } from "../../supabase/functions/add-to-waitlist/handler.ts";
import { resyncPending } from "../../supabase/functions/add-to-waitlist/lib/resync.ts";
import { handleResyncRequest } from "../../supabase/functions/add-to-waitlist/lib/resync-endpoint.ts";
import { CONFIRM_URL, confirmation, providerFaults, recordingLog, signup, TIMEOUT_MS } from "./provider-faults.ts";

const RESYNC_SECRET = "a-dedicated-resync-secret-of-40-characters";

const faults = providerFaults();
const { resend, mailer, deps, row } = faults;

describe("resync (supabase/functions/add-to-waitlist/lib/resync.ts)", () => {
  /** Signups whose mail failed, long enough ago that the resync may take them over. */
  async function failedSignups(emails: string[], { pastLease = true } = {}) {
    const d = deps({ mailer: mailer(true) });
    for (const email of emails) expect((await handleRequest(signup(email), d)).status).toBe(200);
    await Promise.all(d.deferred);
    if (pastLease)
      await faults.db.query("update public.waitlist set confirmation_requested_at = now() - interval '11 minutes'");
  }
  const resync = (extra: Partial<Parameters<typeof resyncPending>[0]> = {}) =>
    resyncPending({
      store: faults.store,
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
    await faults.db
      .query(`update public.waitlist set confirmation_requested_at = confirmation_requested_at - interval '25 hours',
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
    await faults.db.query("update public.waitlist set attempts = 10 where email = 'hopeless@example.com'");
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
    resyncPending({
      store: faults.store,
      mailer: mailer(),
      log: silentLogger,
      confirmUrl: CONFIRM_URL,
      leaseSeconds: 0,
    });

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
