// Faults around a signup under double opt-in: the e-mail provider down, slow, answering 4xx or
// 5xx, and the database unreachable. Real handler, real PGlite store, the real Resend mailer
// talking HTTP to a fake Resend on loopback (provider-faults.ts). The resync that repairs what the
// faults leave behind: security-resync.test.ts and security-resync-script.test.ts.
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { createPgliteWaitlistStore } from "../../local-api/waitlist-store.ts";
import { LOCAL_SERVICE_ROLE_KEY } from "../../local-api/service-key.ts";
import { handleRequest, MESSAGES, type Deps } from "../../supabase/functions/add-to-waitlist/handler.ts";
import { createSupabaseStore } from "../../supabase/functions/add-to-waitlist/lib/supabase-store.ts";
import type { WaitlistMailer, WaitlistStore } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { confirmation, providerFaults, signup, TIMEOUT_MS, type Mode } from "./provider-faults.ts";
import { openSnapshot } from "./snapshot.ts";

const faults = providerFaults();

/** `mailer`, each of its calls waiting until `open()` before it reaches the provider. */
function heldUntilOpened(mailer: WaitlistMailer | null): { mailer: WaitlistMailer; open: () => void } {
  if (!mailer) throw new Error("heldUntilOpened: these faults all have a provider");
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    mailer: {
      name: mailer.name,
      addContact: (email, signal) => opened.then(() => mailer.addContact(email, signal)),
      removeContact: (email, signal) => opened.then(() => mailer.removeContact(email, signal)),
      sendConfirmation: (mail, signal) => opened.then(() => mailer.sendConfirmation(mail, signal)),
    },
  };
}
const { resend, mailer, deps, row } = faults;

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
    // The visitor's answer does not wait for the provider: every provider call is held until the
    // answer is in (a handler that awaited one would never answer), and it is the plain success.
    const provider = heldUntilOpened(d.mailer);
    d.mailer = provider.mailer;
    const response = await handleRequest(signup("Grace@Example.com"), d);
    provider.open();
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
    const client = createClient(faults.refusedUrl, LOCAL_SERVICE_ROLE_KEY, { auth: { persistSession: false } });
    await expect503(createSupabaseStore(client));
  });

  it("answers 503 JSON when the Postgres connection is gone", async () => {
    const closed = await openSnapshot();
    await closed.close();
    await expect503(createPgliteWaitlistStore(closed));
  });
});
