// The waitlist's limits and its resync job on real Postgres (PGlite): per client, per mailbox and
// global; due mails and contacts handed out fewest attempts first, each claimed by one run.
import { describe, expect, it } from "vitest";
import { snapshotDatabase } from "./database-helpers.ts";
import { asService, hash, signup, unique } from "./waitlist-db.ts";

const snapshot = snapshotDatabase();

describe("waitlist limits and resync", () => {
  it("limits per client address per minute; a refused attempt uses up no quota; other clients go on", async () => {
    await asService(snapshot, async (tx) => {
      const from = (email: string, client: string) => signup(tx, email, unique(), { client, limits: [2, null, null] });
      expect((await from("c1@example.com", "203.0.113.7/32")).outcome).toBe("send");
      expect((await from("c2@example.com", "203.0.113.7/32")).outcome).toBe("send");
      const limited = await from("c3@example.com", "203.0.113.7/32");
      expect(limited.outcome).toBe("limited");
      expect(limited.retry_after).toBeGreaterThanOrEqual(1);
      expect(limited.retry_after).toBeLessThanOrEqual(60);
      expect(
        (await tx.query("select count(*)::int as n from public.waitlist where email = 'c3@example.com'")).rows,
      ).toEqual([{ n: 0 }]);
      const counter = await tx.query(
        "select hits from public.waitlist_rate_limit where bucket = 'client:203.0.113.7/32'",
      );
      expect(counter.rows).toEqual([{ hits: 2 }]);
      expect((await from("c4@example.com", "2001:db8:1:2::/64")).outcome).toBe("send");
    });
  });

  it("limits per mailbox per hour, plus variants counted as one, from any client", async () => {
    await asService(snapshot, async (tx) => {
      const mailbox = (email: string, client: string) =>
        signup(tx, email, unique(), { client, limits: [null, 2, null] });
      expect((await mailbox("zoe@example.com", "198.51.100.1/32")).outcome).toBe("send");
      expect((await mailbox("zoe+a@example.com", "198.51.100.2/32")).outcome).toBe("none");
      const limited = await mailbox("zoe+b@example.com", "198.51.100.3/32");
      expect(limited.outcome).toBe("limited");
      expect(limited.retry_after).toBeLessThanOrEqual(3600);
      expect((await mailbox("yan@example.com", "198.51.100.3/32")).outcome).toBe("send");
    });
  });

  it("has a global ceiling per minute that no spread of addresses gets around", async () => {
    await asService(snapshot, async (tx) => {
      const spread = (i: number) =>
        signup(tx, `g${i}@example.com`, unique(), { client: `192.0.2.${i}/32`, limits: [null, null, 3] });
      const outcomes = [];
      for (let i = 1; i <= 4; i++) outcomes.push((await spread(i)).outcome);
      expect(outcomes).toEqual(["send", "send", "send", "limited"]);
    });
  });

  it("hands the resync job due mails and confirmed contacts, fewest attempts first, so failing rows cannot starve new ones", async () => {
    await asService(snapshot, async (tx) => {
      await signup(tx, "stuck@example.com", hash("1"));
      for (let i = 0; i < 3; i++)
        await tx.query("select public.waitlist_record_mail('stuck@example.com', $1, 'Resend answered 500')", [
          hash("1"),
        ]);
      await signup(tx, "fresh@example.com", hash("2"));
      await tx.query("select public.waitlist_record_mail('fresh@example.com', $1, 'Resend answered 500')", [hash("2")]);
      await signup(tx, "sent@example.com", hash("3"));
      await tx.query("select public.waitlist_record_mail('sent@example.com', $1, null)", [hash("3")]);
      await tx.query("select * from public.waitlist_confirm($1)", [hash("3")]);
      const batch = await tx.query(
        "select email, attempts, last_error, action from public.waitlist_pending_sync(10, 0)",
      );
      expect(batch.rows).toEqual([
        { email: "sent@example.com", attempts: 0, last_error: null, action: "contact" },
        { email: "fresh@example.com", attempts: 1, last_error: "Resend answered 500", action: "mail" },
        { email: "stuck@example.com", attempts: 3, last_error: "Resend answered 500", action: "mail" },
      ]);
      // Within the lease (default 10 minutes) a due mail belongs to the signup still sending it.
      const leased = await tx.query("select email from public.waitlist_pending_sync(10)");
      expect(leased.rows).toEqual([{ email: "sent@example.com" }]);
      await tx.query("select public.waitlist_record_sync('sent@example.com', null)");
      expect((await tx.query("select email from public.waitlist_pending_sync(10)")).rows).toEqual([]);
    });
  });

  it("lets only one resync run claim a due mail", async () => {
    await asService(snapshot, async (tx) => {
      await signup(tx, "claim@example.com", hash("1"));
      await tx.query("update public.waitlist set confirmation_requested_at = now() - interval '11 minutes'");
      const claim = async (h: string) =>
        (await tx.query<{ c: boolean }>("select public.waitlist_claim_mail('claim@example.com', $1, 3600) as c", [h]))
          .rows[0]!.c;
      expect(await claim(hash("2"))).toBe(true);
      expect(await claim(hash("3"))).toBe(false);
      expect((await tx.query("select token_hash from public.waitlist where email = 'claim@example.com'")).rows).toEqual(
        [{ token_hash: hash("2") }],
      );
    });
  });
});
