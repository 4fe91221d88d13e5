// The waitlist on real Postgres (PGlite): one row per mailbox, only a token's hash stored, one
// confirmation mail a day per mailbox (held, never dropped: waitlist-held-mail.test.ts), one mail per
// domain an hour, and the table's own checks.
import { describe, expect, it } from "vitest";
import { snapshotDatabase } from "./database-helpers.ts";
import { asService, hash, signup, unique } from "./waitlist-db.ts";

const snapshot = snapshotDatabase();

describe("waitlist", () => {
  it("stores normalised addresses once (case-insensitively) through waitlist_signup", async () => {
    await asService(snapshot, async (tx) => {
      expect(await signup(tx, "ada@example.com", hash("a"))).toEqual({ outcome: "send", retry_after: 0 });
      expect(await signup(tx, "ada@example.com", hash("b"))).toEqual({ outcome: "none", retry_after: 0 });
      // Non-normalised input is refused by the table itself, so "ADA@…" can never become a second row.
      await expect(
        tx.query("insert into public.waitlist (email, mailbox) values ('ADA@example.com', 'ada@example.com')"),
      ).rejects.toMatchObject({
        code: "23514",
      });
    });
  });

  it("stores only the token's hash; a link confirms once, then says 'already'; unknown and expired links do not", async () => {
    await asService(snapshot, async (tx) => {
      await signup(tx, "link@example.com", hash("c"));
      const stored = await tx.query<{ token_hash: string }>(
        "select token_hash from public.waitlist where email = 'link@example.com'",
      );
      expect(stored.rows).toEqual([{ token_hash: hash("c") }]);
      const confirm = async (h: string) =>
        (await tx.query<{ status: string; email: string | null }>("select * from public.waitlist_confirm($1)", [h]))
          .rows[0];
      expect(await confirm(hash("d"))).toEqual({ status: "invalid", email: null });
      expect(await confirm(hash("c"))).toEqual({ status: "confirmed", email: "link@example.com" });
      expect(await confirm(hash("c"))).toEqual({ status: "already", email: null });

      await signup(tx, "late@example.com", hash("e"));
      await tx.query(
        "update public.waitlist set token_expires_at = now() - interval '1 second' where email = 'late@example.com'",
      );
      expect(await confirm(hash("e"))).toEqual({ status: "expired", email: null });
      const late = await tx.query("select confirmed_at from public.waitlist where email = 'late@example.com'");
      expect(late.rows).toEqual([{ confirmed_at: null }]);
    });
  });

  it("sends one mail a day: a repeat a day later gets a new link, the old one stops working; a confirmed address is never mailed again", async () => {
    await asService(snapshot, async (tx) => {
      expect((await signup(tx, "eve@example.com", hash("1"))).outcome).toBe("send");
      expect((await signup(tx, "eve@example.com", hash("2"))).outcome).toBe("none");
      expect(
        (await tx.query("select token_hash, mail_waiting_since from public.waitlist where email = 'eve@example.com'"))
          .rows,
      ).toEqual([{ token_hash: hash("1"), mail_waiting_since: null }]);
      // A day later the unconfirmed address may get one new link; the old one stops working.
      await tx.query("update public.waitlist set confirmation_requested_at = now() - interval '25 hours'");
      expect((await signup(tx, "eve@example.com", hash("4"))).outcome).toBe("send");
      expect((await tx.query("select status from public.waitlist_confirm($1)", [hash("1")])).rows).toEqual([
        { status: "invalid" },
      ]);
      expect((await tx.query("select status from public.waitlist_confirm($1)", [hash("4")])).rows).toEqual([
        { status: "confirmed" },
      ]);
      // Confirmed: never mailed again.
      await tx.query("update public.waitlist set confirmation_requested_at = now() - interval '25 hours'");
      expect((await signup(tx, "eve@example.com", hash("5"))).outcome).toBe("none");
    });
  });

  it("counts every spelling of one Gmail inbox as one mailbox: 512 spellings, one mail", async () => {
    // Gmail ignores dots and answers at googlemail.com: a 9-letter local part has 2^8 dot spellings
    // at each domain, and each one used to get its own mail a day.
    const local = "abcdefghi";
    const spellings = Array.from({ length: 256 }, (_, mask) =>
      [...local].map((letter, i) => (i > 0 && mask & (1 << (i - 1)) ? `.${letter}` : letter)).join(""),
    ).flatMap((spelt) => [`${spelt}@gmail.com`, `${spelt}@googlemail.com`]);
    expect(new Set(spellings).size).toBe(512);
    await asService(snapshot, async (tx) => {
      const outcomes = [];
      for (const email of spellings) outcomes.push((await signup(tx, email, unique())).outcome);
      expect(outcomes.filter((o) => o === "send")).toHaveLength(1);
      expect(
        (await tx.query("select distinct mailbox from public.waitlist where email like '%@g%mail.com'")).rows,
      ).toEqual([{ mailbox: "abcdefghi@gmail.com" }]);
      // Stored as typed: the mailed spelling and the one holding the mailbox's next mail (each
      // newer spelling replaced the held one: waitlist-held-mail.test.ts).
      const stored = await tx.query<{ email: string }>(
        "select email from public.waitlist where email like '%@g%mail.com'",
      );
      expect(stored.rows.map((r) => r.email).sort()).toEqual([spellings[0], spellings.at(-1)].sort());
    });
  });

  it("caps mails to one recipient domain an hour: a mail over the cap is held, and sent in a later hour", async () => {
    await asService(snapshot, async (tx) => {
      const outcomes = [];
      for (let i = 1; i <= 5; i++)
        outcomes.push(
          (await signup(tx, `u${i}@catch-all.example`, unique(), { limits: [null, null, null, 3] })).outcome,
        );
      expect(outcomes).toEqual(["send", "send", "send", "none", "none"]);
      // Other domains are not affected; repeats and held mails use none of the domain's hour.
      expect((await signup(tx, "u1@elsewhere.example", unique(), { limits: [null, null, null, 3] })).outcome).toBe(
        "send",
      );
      expect((await signup(tx, "u5@catch-all.example", unique(), { limits: [null, null, null, 3] })).outcome).toBe(
        "none",
      );
      const held = await tx.query(
        "select email from public.waitlist where mail_waiting_since is not null and email like '%@catch-all.example' order by email",
      );
      expect(held.rows).toEqual([{ email: "u4@catch-all.example" }, { email: "u5@catch-all.example" }]);

      const due = async () =>
        (
          await tx.query<{ email: string }>(
            "select email from public.waitlist_pending_sync(100, 600, 3) where action = 'mail' order by email",
          )
        ).rows.map((r) => r.email);
      const claim = async (email: string) =>
        (
          await tx.query<{ c: boolean }>("select public.waitlist_claim_mail($1, $2, 3600, 600, 3) as c", [
            email,
            unique(),
          ])
        ).rows[0]!.c;
      // This hour is full: the resync neither lists nor sends them.
      expect(await due()).toEqual([]);
      expect(await claim("u4@catch-all.example")).toBe(false);
      // The next hour: the cap again, for held mails as for new ones.
      await tx.query("update public.waitlist_rate_limit set window_start = window_start - interval '1 hour'");
      expect(await due()).toEqual(["u4@catch-all.example", "u5@catch-all.example"]);
      expect(await claim("u4@catch-all.example")).toBe(true);
      expect(await claim("u5@catch-all.example")).toBe(true);
      expect(
        (await tx.query("select count(*)::int as n from public.waitlist where mail_waiting_since is not null")).rows,
      ).toEqual([{ n: 0 }]);
      expect(
        (
          await tx.query(
            "select hits from public.waitlist_rate_limit where bucket = 'mail-domain:catch-all.example' and window_start = date_trunc('hour', now())",
          )
        ).rows,
      ).toEqual([{ hits: 2 }]);
    });
  });

  it.each([["not-an-email"], ["a@b"], ["a @b.co"], ["two@@b.co"]])("rejects %s", async (email) => {
    await expect(
      snapshot.db.query("insert into public.waitlist (email, mailbox) values ($1, $1)", [email]),
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("rejects a token column that is not a SHA-256 hex digest (the token itself never fits)", async () => {
    const token = "q3Yb0Jt2m8sYyF1b1Yp3a8b9c0d1e2f3g4h5i6j7k8l";
    await expect(
      snapshot.db.query(
        "insert into public.waitlist (email, mailbox, token_hash) values ('t@example.com', 't@example.com', $1)",
        [token],
      ),
    ).rejects.toMatchObject({ code: "23514" });
  });
});
