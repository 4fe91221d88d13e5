// Migrations, constraints, the RLS matrix and the seed, on real Postgres (PGlite).
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, listMigrations } from "../../local-api/migrations.ts";
import { MIGRATIONS_DIR, SEED_FILE } from "../../local-api/paths.ts";
import { openSnapshot } from "./snapshot.ts";

let db: PGlite;
beforeAll(async () => {
  db = await openSnapshot();
});
afterAll(async () => {
  await db?.close();
});

const valid = {
  name: "Test Treasury Fund",
  description: "A tokenized short-term Treasury fund used by the tests.",
  asset_classes: ["US Treasuries"],
  blockchains: ["Ethereum", "Base"],
  tvl: "$2.8B",
  yield_range: "3.8-4.2%",
  risk_level: "Low",
  min_investment: "$5M",
  url: "https://example.com",
};
type ProtocolRow = typeof valid;

async function insertProtocol(target: PGlite, row: Partial<ProtocolRow> = {}) {
  const r = { ...valid, ...row };
  return target.query(
    `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [r.name, r.description, r.asset_classes, r.blockchains, r.tvl, r.yield_range, r.risk_level, r.min_investment, r.url],
  );
}

/** Runs `sql` as `role` in a transaction that is always rolled back; returns the SQLSTATE or "ok". */
async function as(role: string, sql: string, params: unknown[] = []): Promise<string> {
  try {
    await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      await tx.query(sql, params);
      await tx.rollback();
    });
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe("migrations on a fresh database", () => {
  it("records every migration file in supabase_migrations.schema_migrations", async () => {
    const files = await listMigrations(MIGRATIONS_DIR);
    const recorded = await db.query<{ version: string; name: string }>(
      "select version, name from supabase_migrations.schema_migrations order by version",
    );
    expect(files.map((f) => f.version)).toEqual(expect.arrayContaining(["20251001000000", "20251001000100"]));
    expect(recorded.rows).toEqual(files.map((f) => ({ version: f.version, name: f.name })));
  });

  it("creates both tables with RLS enabled", async () => {
    const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relnamespace = 'public'::regnamespace and relname in ('protocols', 'waitlist') order by relname`,
    );
    expect(tables.rows).toEqual([
      { relname: "protocols", relrowsecurity: true },
      { relname: "waitlist", relrowsecurity: true },
    ]);
  });

  it("applies nothing twice, and applies a migration added later to an existing database", async () => {
    const clone = (await db.clone()) as PGlite;
    const dir = await mkdtemp(path.join(tmpdir(), "rwa-migrations-"));
    try {
      for (const m of await listMigrations(MIGRATIONS_DIR)) await copyFile(m.file, path.join(dir, path.basename(m.file)));
      expect(await applyMigrations(clone, dir)).toEqual([]);

      await writeFile(path.join(dir, "20991231000000_later_column.sql"), "alter table public.protocols add column later text;");
      const applied = await applyMigrations(clone, dir);
      expect(applied.map((m) => m.name)).toEqual(["later_column"]);
      const column = await clone.query("select 1 from information_schema.columns where table_name = 'protocols' and column_name = 'later'");
      expect(column.rows).toHaveLength(1);

      // A failing migration leaves nothing behind and is not recorded.
      await writeFile(path.join(dir, "20991231000100_broken.sql"), "create table public.half (id int); select * from nowhere;");
      await expect(applyMigrations(clone, dir)).rejects.toThrow(/20991231000100_broken\.sql failed/);
      expect((await clone.query("select to_regclass('public.half') as t")).rows).toEqual([{ t: null }]);
    } finally {
      await clone.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("protocols constraints", () => {
  it("accepts a valid row, including 'N/A' TVL and every listed chain", async () => {
    await db.transaction(async (tx) => {
      await insertProtocol(tx as unknown as PGlite);
      await insertProtocol(tx as unknown as PGlite, {
        name: "Unknown TVL",
        tvl: "N/A",
        blockchains: ["Ethereum", "Solana", "Polygon", "Base", "Algorand", "Stellar", "Optimism", "Tron", "Gnosis Chain", "Polymesh", "Celo"],
        asset_classes: ["US Treasuries", "Private Credit", "Real Estate", "Commodities", "Carbon Credits", "Equities"],
      });
      await tx.rollback();
    });
  });

  const invalid: Array<[string, Partial<ProtocolRow>]> = [
    ["an empty name", { name: "" }],
    ["an untrimmed name", { name: " Padded " }],
    ["a 121-character name", { name: "x".repeat(121) }],
    ["a blank description", { description: "   " }],
    ["a 1001-character description", { description: "x".repeat(1001) }],
    ["no asset class", { asset_classes: [] }],
    ["an unknown asset class", { asset_classes: ["Stocks"] }],
    ["no blockchain", { blockchains: [] }],
    ["an unknown blockchain", { blockchains: ["Arbitrum"] }],
    ["a TVL without $", { tvl: "2.8B" }],
    ["a TVL in K", { tvl: "$900K" }],
    ["a TVL with a tilde", { tvl: "~$15M" }],
    ["a blank yield range", { yield_range: "" }],
    ["a 61-character yield range", { yield_range: "x".repeat(61) }],
    ["an unknown risk level", { risk_level: "Extreme" }],
    ["a blank minimum investment", { min_investment: " " }],
    ["a javascript: url", { url: "javascript:alert(1)" }],
    ["a url with a space", { url: "https://exa mple.com" }],
  ];
  it.each(invalid)("rejects %s", async (_, row) => {
    await expect(insertProtocol(db, row)).rejects.toMatchObject({ code: "23514" });
  });

  it("rejects a null in a list and a duplicate name", async () => {
    await expect(insertProtocol(db, { blockchains: ["Ethereum", null as unknown as string] })).rejects.toMatchObject({
      code: "23514",
    });
    await db.transaction(async (tx) => {
      await insertProtocol(tx as unknown as PGlite, { name: "Twice" });
      await expect(insertProtocol(tx as unknown as PGlite, { name: "Twice" })).rejects.toMatchObject({ code: "23505" });
      await tx.rollback();
    });
  });
});

describe("waitlist", () => {
  it("stores normalised addresses once (case-insensitively) through waitlist_add", async () => {
    await db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      const add = async (email: string) =>
        (await tx.query<{ created: boolean }>("select public.waitlist_add($1, 'hero') as created", [email])).rows[0]!.created;
      expect(await add("ada@example.com")).toBe(true);
      expect(await add("ada@example.com")).toBe(false);
      // Non-normalised input is refused by the table itself, so "ADA@…" can never become a second row.
      await expect(tx.query("insert into public.waitlist (email) values ('ADA@example.com')")).rejects.toMatchObject({
        code: "23514",
      });
      await tx.rollback();
    });
  });

  it("hands the resync job rows with the fewest attempts first, so failing rows cannot starve new ones", async () => {
    await db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      await tx.query("select public.waitlist_add('stuck@example.com')");
      for (let i = 0; i < 3; i++) await tx.query("select public.waitlist_record_sync('stuck@example.com', 'Resend answered 500')");
      await tx.query("select public.waitlist_add('fresh@example.com')");
      const batch = await tx.query<{ email: string }>("select email from public.waitlist_pending_sync(1)");
      expect(batch.rows).toEqual([{ email: "fresh@example.com" }]);
      await tx.rollback();
    });
  });

  it("records provider sync attempts: failures keep the row unsynced with the error", async () => {
    await db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      await tx.query("select public.waitlist_add('bob@example.com')");
      await tx.query("select public.waitlist_record_sync('bob@example.com', 'Resend answered 500')");
      const pending = await tx.query("select email, attempts, last_error from public.waitlist_pending_sync(10)");
      expect(pending.rows).toEqual([{ email: "bob@example.com", attempts: 1, last_error: "Resend answered 500" }]);
      await tx.query("select public.waitlist_record_sync('bob@example.com', null)");
      const row = await tx.query<{ attempts: number; last_error: string | null; synced: boolean }>(
        "select attempts, last_error, synced_at is not null as synced from public.waitlist",
      );
      expect(row.rows).toEqual([{ attempts: 2, last_error: null, synced: true }]);
      expect((await tx.query("select * from public.waitlist_pending_sync(10)")).rows).toEqual([]);
      await tx.rollback();
    });
  });

  it.each([["not-an-email"], ["a@b"], ["a @b.co"], ["two@@b.co"]])("rejects %s", async (email) => {
    await expect(db.query("insert into public.waitlist (email) values ($1)", [email])).rejects.toMatchObject({ code: "23514" });
  });
});

describe("RLS and grants matrix", () => {
  const protocolWrites = {
    insert: `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url)
             values ('X', 'd', '{Equities}', '{Base}', '$1M', '1%', 'Low', 'None', 'https://x.io')`,
    update: "update public.protocols set name = 'Y'",
    delete: "delete from public.protocols",
  };
  const waitlist = {
    select: "select * from public.waitlist",
    insert: "insert into public.waitlist (email) values ('eve@example.com')",
    update: "update public.waitlist set source = 'hero'",
    delete: "delete from public.waitlist",
    "rpc waitlist_add": "select public.waitlist_add('eve@example.com')",
    "rpc waitlist_pending_sync": "select * from public.waitlist_pending_sync(10)",
  };

  beforeAll(async () => {
    await insertProtocol(db, { name: "Readable Row" });
  });

  it.each(["anon", "authenticated"])("%s can read protocols", async (role) => {
    const rows = await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return (await tx.query<{ name: string }>("select name from public.protocols")).rows;
    });
    expect(rows.map((r) => r.name)).toContain("Readable Row");
  });

  it.each(["anon", "authenticated"])("%s cannot insert, update or delete protocols", async (role) => {
    for (const sql of Object.values(protocolWrites)) expect(await as(role, sql)).toBe("42501");
  });

  it.each(["anon", "authenticated"])("%s cannot touch the waitlist at all", async (role) => {
    for (const [what, sql] of Object.entries(waitlist)) {
      expect({ what, code: await as(role, sql) }).toEqual({ what, code: "42501" });
    }
  });

  it("service_role can insert, read and sync waitlist rows", async () => {
    for (const sql of Object.values(waitlist)) expect(await as("service_role", sql)).toBe("ok");
  });

  it("the trigger function and internals are not callable by API roles", async () => {
    expect(await as("anon", "select public.protocols_set_updated_at()")).toBe("42501");
  });
});

describe("seed.sql", () => {
  let seeded: PGlite;
  let seedSql: string;
  beforeAll(async () => {
    seeded = (await db.clone()) as PGlite;
    await seeded.exec("delete from public.protocols");
    seedSql = await readFile(SEED_FILE, "utf8");
  });
  afterAll(async () => {
    await seeded?.close();
  });

  it("loads without violating any constraint, one row per insert", async () => {
    await seeded.exec(seedSql);
    const statements = seedSql.match(/^insert into public\.protocols/gim) ?? [];
    const { n } = (await seeded.query<{ n: number }>("select count(*)::int as n from public.protocols")).rows[0]!;
    expect(n).toBeGreaterThanOrEqual(30);
    expect(n).toBe(statements.length);
    const declared = /--\s*(\d+) protocols\./.exec(seedSql)?.[1];
    if (declared) expect(n).toBe(Number(declared));
  });

  it("covers every asset class and risk level of the spec, with unique names", async () => {
    const { classes, risks, names, distinct } = (
      await seeded.query<{ classes: string[]; risks: string[]; names: number; distinct: number }>(
        `select array(select distinct unnest(asset_classes) from public.protocols order by 1) as classes,
                array(select distinct risk_level from public.protocols order by 1) as risks,
                count(*)::int as names, count(distinct lower(name))::int as distinct
         from public.protocols`,
      )
    ).rows[0]!;
    expect(classes).toEqual(["Carbon Credits", "Commodities", "Equities", "Private Credit", "Real Estate", "US Treasuries"]);
    expect(risks).toEqual(["High", "Low", "Medium", "Very High"]);
    expect(distinct).toBe(names);
  });

  it("is readable by anon, sorted by name", async () => {
    const rows = await seeded.transaction(async (tx) => {
      await tx.exec("set local role anon");
      return (await tx.query<{ name: string }>("select name from public.protocols order by name asc")).rows;
    });
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });
});
