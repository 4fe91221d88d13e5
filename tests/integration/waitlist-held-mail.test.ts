// One held confirmation mail per mailbox (20261127100100_waitlist_one_held_mail.sql, issue
// 30 item 2): a queue of spellings an attacker signs up cannot grow, nor keep the inbox's owner
// waiting behind it.
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../local-api/database.ts";
import { applyMigrations, listMigrations } from "../../local-api/migrations.ts";
import { MIGRATIONS_DIR } from "../../local-api/paths.ts";
import { snapshotDatabase } from "./database-helpers.ts";
import {
  asService,
  claim,
  confirmStatus,
  dayLater,
  hash,
  mailboxRows,
  pendingFor,
  signup,
  unique,
} from "./waitlist-db.ts";

const snapshot = snapshotDatabase();

const held = async (tx: Parameters<Parameters<typeof asService>[1]>[0], mailbox: string) =>
  (await mailboxRows(tx, mailbox)).filter((row) => row.held).map((row) => row.email);

describe("held mails: one per mailbox", () => {
  it("keeps one held mail through a day of 120 spellings, and it is the victim's own when they sign up", async () => {
    // The attack: victim+1..120@gmail.com, 5 an hour (the mailbox limit) for 24 hours.
    await asService(snapshot, async (tx) => {
      const mailbox = "victim@gmail.com";
      expect((await signup(tx, "victim+1@gmail.com", hash("1"))).outcome).toBe("send");
      await tx.query("select public.waitlist_record_mail('victim+1@gmail.com', $1, null)", [hash("1")]);
      for (let i = 2; i <= 60; i++) expect((await signup(tx, `victim+${i}@gmail.com`, unique())).outcome).toBe("none");
      expect(await held(tx, mailbox)).toEqual(["victim+60@gmail.com"]);
      // The victim signs up halfway through the attacker's day: their own address takes the hold...
      expect((await signup(tx, "victim@gmail.com", hash("2"))).outcome).toBe("none");
      // ...and keeps it against every later spelling.
      for (let i = 61; i <= 120; i++)
        expect((await signup(tx, `victim+${i}@gmail.com`, unique())).outcome).toBe("none");
      expect(await held(tx, mailbox)).toEqual(["victim@gmail.com"]);
      // Only the mailed spelling and the victim's row are left: replaced rows never mailed are gone.
      expect((await mailboxRows(tx, mailbox)).map((row) => row.email)).toEqual([
        "victim+1@gmail.com",
        "victim@gmail.com",
      ]);

      // A day later the resync sends the victim's own mail, and it confirms.
      await dayLater(tx, mailbox);
      expect(await pendingFor(tx, "victim")).toEqual([["victim@gmail.com", "mail"]]);
      expect(await claim(tx, "victim@gmail.com", hash("3"))).toBe(true);
      expect(await confirmStatus(tx, hash("3"))).toBe("confirmed");
    });
  });

  it("lets a newer spelling replace the held one: the inbox's next mail is the latest signup's", async () => {
    await asService(snapshot, async (tx) => {
      expect((await signup(tx, "a.d.a@gmail.com", hash("4"))).outcome).toBe("send");
      expect((await signup(tx, "ad.a@gmail.com", unique())).outcome).toBe("none");
      expect((await signup(tx, "ada+x@googlemail.com", unique())).outcome).toBe("none");
      expect(await held(tx, "ada@gmail.com")).toEqual(["ada+x@googlemail.com"]);
      expect((await mailboxRows(tx, "ada@gmail.com")).map((row) => row.email)).toEqual([
        "a.d.a@gmail.com",
        "ada+x@googlemail.com",
      ]);
    });
  });

  it("keeps the history of a replaced spelling that was mailed before, without its hold", async () => {
    await asService(snapshot, async (tx) => {
      expect((await signup(tx, "bo+1@example.com", hash("5"))).outcome).toBe("send");
      await dayLater(tx, "bo@example.com");
      expect((await signup(tx, "bo+2@example.com", hash("6"))).outcome).toBe("send");
      // bo+1 again, its day over but the mailbox's not: its new mail is held.
      expect((await signup(tx, "bo+1@example.com", unique())).outcome).toBe("none");
      expect(await held(tx, "bo@example.com")).toEqual(["bo+1@example.com"]);
      // A newer spelling takes the hold; bo+1 was mailed once, so its row stays, without the hold.
      expect((await signup(tx, "bo+3@example.com", unique())).outcome).toBe("none");
      expect(await mailboxRows(tx, "bo@example.com")).toEqual([
        { email: "bo+1@example.com", held: false, linked: true },
        { email: "bo+2@example.com", held: false, linked: true },
        { email: "bo+3@example.com", held: true, linked: false },
      ]);
    });
  });

  it("refuses a second held row for one mailbox in the table itself", async () => {
    await asService(snapshot, async (tx) => {
      await tx.query(
        "insert into public.waitlist (email, mailbox, mail_waiting_since) values ('cy+1@example.com', 'cy@example.com', now())",
      );
      await expect(
        tx.query(
          "insert into public.waitlist (email, mailbox, mail_waiting_since) values ('cy+2@example.com', 'cy@example.com', now())",
        ),
      ).rejects.toMatchObject({ code: "23505" });
    });
  });
});

describe("20261127100100 on a database with queues", () => {
  it("keeps one held row per mailbox: its own spelling if held, else the newest; unmailed others go", async () => {
    const all = await listMigrations(MIGRATIONS_DIR);
    const dir = await mkdtemp(path.join(tmpdir(), "rwa-migrations-"));
    const before = await openDatabase({ dataDir: "memory", migrationsDir: dir, seedFile: path.join(dir, "none.sql") });
    try {
      for (const m of all.filter((m) => m.version < "20261127100100"))
        await copyFile(m.file, path.join(dir, path.basename(m.file)));
      await applyMigrations(before.db, dir);
      await before.db.exec(`
        insert into public.waitlist (email, mailbox, mail_waiting_since, confirmation_requested_at) values
          ('q+1@example.com', 'q@example.com', now() - interval '3 hours', null),
          ('q@example.com', 'q@example.com', now() - interval '2 hours', null),
          ('q+3@example.com', 'q@example.com', now() - interval '1 hour', null),
          ('r+1@example.com', 'r@example.com', now() - interval '3 hours', now() - interval '3 days'),
          ('r+2@example.com', 'r@example.com', now() - interval '2 hours', null),
          ('r+3@example.com', 'r@example.com', now() - interval '1 hour', null);`);
      for (const m of all) await copyFile(m.file, path.join(dir, path.basename(m.file)));
      await applyMigrations(before.db, dir);
      const rows = await before.db.query(
        "select email, mail_waiting_since is not null as held from public.waitlist order by email",
      );
      expect(rows.rows).toEqual([
        { email: "q@example.com", held: true },
        { email: "r+1@example.com", held: false },
        { email: "r+3@example.com", held: true },
      ]);
    } finally {
      await before.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
