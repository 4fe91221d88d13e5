// Migrations on real Postgres (PGlite): every file recorded, RLS on every table, nothing applied
// twice, a failing migration leaves nothing; and rows stored before a migration come through it.
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../local-api/database.ts";
import { applyMigrations, listMigrations } from "../../local-api/migrations.ts";
import { MIGRATIONS_DIR } from "../../local-api/paths.ts";
import { mailboxOf } from "../../supabase/functions/add-to-waitlist/lib/email.ts";
import { snapshotDatabase } from "./database-helpers.ts";
import { hash } from "./waitlist-db.ts";

const snapshot = snapshotDatabase();

describe("migrations on a fresh database", () => {
  it("records every migration file in supabase_migrations.schema_migrations", async () => {
    const files = await listMigrations(MIGRATIONS_DIR);
    const recorded = await snapshot.db.query<{ version: string; name: string }>(
      "select version, name from supabase_migrations.schema_migrations order by version",
    );
    expect(files.map((f) => f.version)).toEqual(
      expect.arrayContaining(["20251001000000", "20251001000100", "20251201000100"]),
    );
    expect(recorded.rows).toEqual(files.map((f) => ({ version: f.version, name: f.name })));
  });

  it("creates every table with RLS enabled", async () => {
    const tables = await snapshot.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relnamespace = 'public'::regnamespace and relname in ('protocols', 'waitlist', 'waitlist_rate_limit') order by relname`,
    );
    expect(tables.rows).toEqual([
      { relname: "protocols", relrowsecurity: true },
      { relname: "waitlist", relrowsecurity: true },
      { relname: "waitlist_rate_limit", relrowsecurity: true },
    ]);
  });

  it("applies nothing twice, and applies a migration added later to an existing database", async () => {
    const clone = (await snapshot.db.clone()) as PGlite;
    const dir = await mkdtemp(path.join(tmpdir(), "rwa-migrations-"));
    try {
      for (const m of await listMigrations(MIGRATIONS_DIR))
        await copyFile(m.file, path.join(dir, path.basename(m.file)));
      expect(await applyMigrations(clone, dir)).toEqual([]);

      await writeFile(
        path.join(dir, "20991231000000_later_column.sql"),
        "alter table public.protocols add column later text;",
      );
      const applied = await applyMigrations(clone, dir);
      expect(applied.map((m) => m.name)).toEqual(["later_column"]);
      const column = await clone.query(
        "select 1 from information_schema.columns where table_name = 'protocols' and column_name = 'later'",
      );
      expect(column.rows).toHaveLength(1);

      // A failing migration leaves nothing behind and is not recorded.
      await writeFile(
        path.join(dir, "20991231000100_broken.sql"),
        "create table public.half (id int); select * from nowhere;",
      );
      await expect(applyMigrations(clone, dir)).rejects.toThrow(/20991231000100_broken\.sql failed/);
      expect((await clone.query("select to_regclass('public.half') as t")).rows).toEqual([{ t: null }]);
    } finally {
      await clone.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the waitlist's rows through later migrations", () => {
  it("gives the rows stored before 20261125010100 the same mailbox as lib/email.ts", async () => {
    const all = await listMigrations(MIGRATIONS_DIR);
    const dir = await mkdtemp(path.join(tmpdir(), "rwa-migrations-"));
    const before = await openDatabase({
      dataDir: "memory",
      migrationsDir: dir,
      seedFile: path.join(dir, "no-seed.sql"),
    });
    try {
      for (const m of all.filter((m) => m.version < "20261125010100"))
        await copyFile(m.file, path.join(dir, path.basename(m.file)));
      await applyMigrations(before.db, dir);
      const emails = [
        "a.d.a+news@gmail.com",
        "A.da@googlemail.com".toLowerCase(),
        "grace.hopper@example.com",
        "grace+x@example.com",
        "+tag@example.com",
        "x.y@gmail.co",
        "z.z+q+r@googlemail.com",
      ];
      for (const email of emails)
        await before.db.query(
          "insert into public.waitlist (email, mailbox) values ($1, regexp_replace(split_part($1, '@', 1), '\\+.*$', '') || '@' || split_part($1, '@', 2))",
          [email],
        );
      for (const m of all) await copyFile(m.file, path.join(dir, path.basename(m.file)));
      await applyMigrations(before.db, dir);
      const rows = await before.db.query<{ email: string; mailbox: string }>(
        "select email, mailbox from public.waitlist order by email",
      );
      expect(rows.rows).toEqual([...emails].sort().map((email) => ({ email, mailbox: mailboxOf(email) })));
      expect(mailboxOf("a.d.a+news@gmail.com")).toBe("ada@gmail.com");
    } finally {
      await before.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("marks the rows the hardening migration confirmed as single opt-in, and lets a consent link confirm them", async () => {
    const all = await listMigrations(MIGRATIONS_DIR);
    const dir = await mkdtemp(path.join(tmpdir(), "rwa-migrations-"));
    const before = await openDatabase({
      dataDir: "memory",
      migrationsDir: dir,
      seedFile: path.join(dir, "no-seed.sql"),
    });
    try {
      // Up to the hardening migration, with a waitlist from the single opt-in days.
      for (const m of all.filter((m) => m.version < "20251201000100"))
        await copyFile(m.file, path.join(dir, path.basename(m.file)));
      await applyMigrations(before.db, dir);
      await before.db.query(
        `insert into public.waitlist (email, synced_at) values ('synced@example.com', now() - interval '1 year'), ('unsynced@example.com', null)`,
      );
      for (const m of all.filter((m) => m.version < "20261125010200"))
        await copyFile(m.file, path.join(dir, path.basename(m.file)));
      await applyMigrations(before.db, dir);
      // After it, an address that followed its link.
      await before.db.query(
        "select * from public.waitlist_signup('linked@example.com', 'linked@example.com', null, 'x', $1, 3600, null, null, null, null)",
        [hash("a")],
      );
      await before.db.query("select * from public.waitlist_confirm($1)", [hash("a")]);

      for (const m of all) await copyFile(m.file, path.join(dir, path.basename(m.file)));
      await applyMigrations(before.db, dir);
      const marked = await before.db.query<{ email: string; confirmed: boolean; single_opt_in: boolean }>(
        "select email, confirmed_at is not null as confirmed, single_opt_in from public.waitlist order by email",
      );
      expect(marked.rows).toEqual([
        { email: "linked@example.com", confirmed: true, single_opt_in: false },
        { email: "synced@example.com", confirmed: true, single_opt_in: true },
        { email: "unsynced@example.com", confirmed: false, single_opt_in: false },
      ]);

      await before.db.transaction(async (tx) => {
        await tx.exec("set local role service_role");
        const due = async () =>
          (await tx.query<{ email: string }>("select email from public.waitlist_reconsent_due(10)")).rows.map(
            (r) => r.email,
          );
        const claim = async (h: string) =>
          (
            await tx.query<{ c: boolean }>(
              "select public.waitlist_claim_reconsent('synced@example.com', $1, 3600) as c",
              [h],
            )
          ).rows[0]!.c;
        const confirm = async (h: string) =>
          (await tx.query<{ status: string }>("select status from public.waitlist_confirm($1)", [h])).rows[0]!.status;
        expect(await due()).toEqual(["synced@example.com"]);
        // Without a link of its own a legacy row is not 'already' confirmed by any other.
        expect(await confirm(hash("b"))).toBe("invalid");
        expect(await claim(hash("c"))).toBe(true);
        expect(await claim(hash("d"))).toBe(false); // one run mails it
        await tx.query("select public.waitlist_record_mail('synced@example.com', $1, null)", [hash("c")]);
        expect(await due()).toEqual([]);
        // Still on the list while asked; the link records the consent, once.
        expect(await confirm(hash("c"))).toBe("confirmed");
        expect(await confirm(hash("c"))).toBe("already");
        expect(
          (await tx.query("select single_opt_in from public.waitlist where email = 'synced@example.com'")).rows,
        ).toEqual([{ single_opt_in: false }]);
        await tx.rollback();
      });
    } finally {
      await before.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
