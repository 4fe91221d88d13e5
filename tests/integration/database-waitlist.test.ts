// The waitlist on real Postgres (PGlite): one row per mailbox, only a token's hash stored, one
// confirmation mail a day per mailbox (held, never dropped), one mail per domain an hour, and the
// table's own checks.
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

  it("holds, not drops, the mail of a mailbox's second spelling: victim+x first cannot suppress the victim's own", async () => {
    await asService(snapshot, async (tx) => {
      const held = async () =>
        (
          await tx.query<{ email: string; token_hash: string | null; waiting: boolean }>(
            `select email, token_hash, mail_waiting_since is not null as waiting from public.waitlist
             where mailbox = 'vic@example.com' order by email`,
          )
        ).rows;
      const due = async () =>
        (
          await tx.query<{ email: string }>("select email from public.waitlist_pending_sync(100) where action = 'mail'")
        ).rows
          .map((r) => r.email)
          .filter((email) => email.startsWith("vic"));
      const claim = async (email: string, h: string) =>
        (await tx.query<{ c: boolean }>("select public.waitlist_claim_mail($1, $2, 3600) as c", [email, h])).rows[0]!.c;

      // The attacker's spelling is mailed; the victim's own signup that day keeps its mail due.
      expect((await signup(tx, "vic+x@example.com", hash("1"))).outcome).toBe("send");
      await tx.query("select public.waitlist_record_mail('vic+x@example.com', $1, null)", [hash("1")]);
      expect((await signup(tx, "vic@example.com", hash("2"))).outcome).toBe("none");
      // The attacker's next spelling queues behind it; a repeat of a held address holds one mail.
      expect((await signup(tx, "vic+y@example.com", hash("3"))).outcome).toBe("none");
      expect((await signup(tx, "vic@example.com", hash("4"))).outcome).toBe("none");
      expect(await held()).toEqual([
        { email: "vic+x@example.com", token_hash: hash("1"), waiting: false },
        { email: "vic+y@example.com", token_hash: null, waiting: true },
        { email: "vic@example.com", token_hash: null, waiting: true },
      ]);
      // Within the mailbox's day nothing more goes out, not even through the resync.
      expect(await due()).toEqual([]);
      expect(await claim("vic@example.com", hash("5"))).toBe(false);

      // A day later: the oldest held mail, the victim's, is the one due; one mail, then the day again.
      await tx.query(`update public.waitlist set confirmation_requested_at = confirmation_requested_at - interval '25 hours',
                      mail_waiting_since = mail_waiting_since - interval '25 hours' where mailbox = 'vic@example.com'`);
      expect(await due()).toEqual(["vic@example.com"]);
      expect(await claim("vic+y@example.com", hash("6"))).toBe(false);
      expect(await claim("vic@example.com", hash("7"))).toBe(true);
      expect(await claim("vic@example.com", hash("8"))).toBe(false);
      expect(await due()).toEqual([]);
      // The attacker's daily spelling still waits its turn behind the victim's.
      expect((await signup(tx, "vic+z@example.com", hash("9"))).outcome).toBe("none");

      // The victim confirms: the mailbox is on the list, and the mails its other spellings hold are dropped.
      expect((await tx.query("select status from public.waitlist_confirm($1)", [hash("7")])).rows).toEqual([
        { status: "confirmed" },
      ]);
      expect((await held()).filter((row) => row.waiting)).toEqual([]);
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
      // Stored as typed.
      expect(
        (await tx.query("select count(*)::int as n from public.waitlist where email like '%@g%mail.com'")).rows,
      ).toEqual([{ n: 512 }]);
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
