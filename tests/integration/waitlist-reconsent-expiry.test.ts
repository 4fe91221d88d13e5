// Legacy single-opt-in rows that never answer (issue 30, item 8): the scheduled resync asks each
// once, and 30 days after the consent mail went out without an answer takes it off the list and
// out of the audience (lib/scheduled-resync.ts, 20261127100400_waitlist_reconsent_expiry.sql).
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPgliteWaitlistStore } from "../../local-api/waitlist-store.ts";
import { silentLogger } from "../../supabase/functions/_shared/log.ts";
import { handleResyncRequest } from "../../supabase/functions/add-to-waitlist/lib/resync-endpoint.ts";
import { runScheduledResync } from "../../supabase/functions/add-to-waitlist/lib/scheduled-resync.ts";
import { hashToken } from "../../supabase/functions/add-to-waitlist/lib/token.ts";
import type { ConfirmationMail, WaitlistMailer } from "../../supabase/functions/add-to-waitlist/lib/types.ts";
import { openSnapshot } from "./snapshot.ts";

let db: PGlite;
let store: ReturnType<typeof createPgliteWaitlistStore>;
const mails: ConfirmationMail[] = [];
const audience = new Set<string>();
const mailer: WaitlistMailer = {
  name: "recording",
  async addContact(email) {
    audience.add(email);
  },
  async removeContact(email) {
    audience.delete(email);
  },
  async sendConfirmation(mail) {
    mails.push(mail);
  },
};
const run = () =>
  runScheduledResync({ store, mailer, log: silentLogger, confirmUrl: "https://rwaatlas.example/confirm" });

beforeAll(async () => {
  db = await openSnapshot();
  store = createPgliteWaitlistStore(db);
});
afterAll(async () => {
  await db?.close();
});

/** A row as 20251201000100 and 20261125010200 left a synced signup from the single opt-in days. */
async function legacy(email: string) {
  await db.query(
    `insert into public.waitlist (email, mailbox, created_at, synced_at, confirmed_at, confirmation_requested_at, confirmation_sent_at, single_opt_in)
     values ($1, $1, now() - interval '2 years', now() - interval '2 years', now() - interval '2 years',
             now() - interval '2 years', now() - interval '2 years', true)`,
    [email],
  );
  audience.add(email);
}

const state = async (email: string) =>
  (
    await db.query<{ confirmed: boolean; single_opt_in: boolean; in_audience: boolean }>(
      "select confirmed_at is not null as confirmed, single_opt_in, synced_at is not null as in_audience from public.waitlist where email = $1",
      [email],
    )
  ).rows[0];

/** Moves the consent mail of email `days` into the past. */
const askedDaysAgo = (email: string, days: number) =>
  db.query(
    "update public.waitlist set reconsent_requested_at = now() - make_interval(days => $2), confirmation_requested_at = now() - make_interval(days => $2) where email = $1",
    [email, days],
  );

describe("the scheduled resync and legacy single-opt-in rows", () => {
  beforeEach(async () => {
    await db.query("delete from public.waitlist");
    mails.length = 0;
    audience.clear();
  });

  it("asks a legacy row once, then after 30 days without an answer takes it off the list and out of the audience", async () => {
    await legacy("silent@example.com");
    expect(await run()).toMatchObject({ expired: 0, asked: 1, askFailed: 0 });
    expect(mails.map((m) => [m.to, m.kind])).toEqual([["silent@example.com", "reconsent"]]);
    // Asked, still on the list meanwhile; a second run does not ask again.
    expect(await run()).toMatchObject({ expired: 0, asked: 0 });
    await askedDaysAgo("silent@example.com", 29);
    expect(await run()).toMatchObject({ expired: 0, asked: 0 });
    expect(await state("silent@example.com")).toEqual({ confirmed: true, single_opt_in: true, in_audience: true });

    await askedDaysAgo("silent@example.com", 30);
    const report = await run();
    expect(report).toMatchObject({ expired: 1, asked: 0, synced: ["silent@example.com"], failed: [] });
    expect(await state("silent@example.com")).toEqual({ confirmed: false, single_opt_in: false, in_audience: false });
    expect(audience.has("silent@example.com")).toBe(false);
    expect(mails).toHaveLength(1);
    // Its consent link no longer confirms it.
    const token = new URLSearchParams(new URL(mails[0]!.link).hash.slice(1)).get("token")!;
    expect(await store.confirm(await hashToken(token))).toEqual({ status: "expired" });
  });

  it("keeps a legacy row that answered its consent mail", async () => {
    await legacy("yes@example.com");
    await run();
    const token = new URLSearchParams(new URL(mails[0]!.link).hash.slice(1)).get("token")!;
    expect(await store.confirm(await hashToken(token))).toEqual({ status: "confirmed", email: "yes@example.com" });
    await askedDaysAgo("yes@example.com", 40);
    expect(await run()).toMatchObject({ expired: 0 });
    expect(await state("yes@example.com")).toEqual({ confirmed: true, single_opt_in: false, in_audience: true });
  });

  it("answers the counts of both steps through the scheduled endpoint, never an address", async () => {
    await legacy("count@example.com");
    const secret = "a-dedicated-resync-secret-of-40-characters";
    const call = () =>
      handleResyncRequest(
        new Request("http://edge.local/functions/v1/waitlist-resync", {
          method: "POST",
          headers: { Authorization: `Bearer ${secret}` },
        }),
        { secret, run, log: silentLogger },
      );
    const first = await call();
    const text = await first.text();
    expect(JSON.parse(text)).toEqual({
      pending: 0,
      synced: 0,
      failed: 0,
      gaveUp: 0,
      more: false,
      expired: 0,
      asked: 1,
      askFailed: 0,
    });
    expect(text).not.toContain("count@");
    await askedDaysAgo("count@example.com", 31);
    expect(await (await call()).json()).toEqual({
      pending: 1,
      synced: 1,
      failed: 0,
      gaveUp: 0,
      more: false,
      expired: 1,
      asked: 0,
      askFailed: 0,
    });
  });
});
