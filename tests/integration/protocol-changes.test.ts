// public.protocol_changes (20261127080000_protocol_changes.sql) on real Postgres: anon reads it and
// cannot write it, and record_protocol_changes records a review's changes once, refusing a whole
// call that names an unknown protocol or key.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSnapshot } from "./snapshot.ts";

let db: PGlite;
let protocolId: string;
beforeAll(async () => {
  db = await openSnapshot();
  const inserted = await db.query<{ id: string }>(
    `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url)
     values ('Change Log Fund', 'A fund the change-log tests use.', '{US Treasuries}', '{Ethereum}', '$1.2B', '4.0%', 'Low', '$5M', 'https://example.com')
     returning id`,
  );
  protocolId = inserted.rows[0]!.id;
});
afterAll(async () => {
  await db?.close();
});

/** Runs `sql` as `role` in a transaction that is always rolled back; returns the rows or the SQLSTATE. */
async function as<T>(role: string, sql: string, params: unknown[] = []): Promise<{ rows: T[] } | { code: string }> {
  let rows: T[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      rows = (await tx.query<T>(sql, params)).rows;
      await tx.rollback();
    });
    return { rows };
  } catch (error) {
    return { code: (error as { code?: string }).code ?? String(error) };
  }
}

async function record(changes: unknown, role = "service_role") {
  return as<{ result: { recorded: number } }>(role, "select public.record_protocol_changes($1::jsonb) as result", [
    JSON.stringify(changes),
  ]);
}

const change = {
  name: "Change Log Fund",
  day: "2026-11-20",
  kind: "terms",
  field: "min_investment",
  old_value: "$5M",
  new_value: "$1M",
  reason: "The fact sheet lowered the minimum.",
  source_url: "https://example.com/fact-sheet",
};

describe("protocol_changes: RLS and grants", () => {
  beforeAll(async () => {
    await db.query(
      `insert into public.protocol_changes (day, protocol_id, kind, field, old_value, new_value, source_url, recorded_by)
       values ('2026-11-19', $1, 'tvl', '1d', '1600000000', '1200000000', 'https://defillama.com/protocol/x', 'refresh')`,
      [protocolId],
    );
  });

  it.each(["anon", "authenticated"])("%s reads every row", async (role) => {
    const result = await as<{ kind: string; old_value: string }>(
      role,
      "select kind, old_value from public.protocol_changes",
    );
    expect(result).toEqual({ rows: [{ kind: "tvl", old_value: "1600000000" }] });
  });

  it.each([
    [
      "insert",
      `insert into public.protocol_changes (day, protocol_id, kind, recorded_by) values ('2026-11-20', '${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}', 'listed', 'review')`,
    ],
    ["update", "update public.protocol_changes set new_value = '1'"],
    ["delete", "delete from public.protocol_changes"],
  ])("anon cannot %s", async (_verb, sql) => {
    expect(await as("anon", sql)).toEqual({ code: "42501" });
  });

  it("anon and authenticated cannot call record_protocol_changes", async () => {
    expect(await record([change], "anon")).toEqual({ code: "42501" });
    expect(await record([change], "authenticated")).toEqual({ code: "42501" });
  });
});

describe("record_protocol_changes", () => {
  it("records a review's change, marked as a review, and records it once however often it is pushed", async () => {
    await db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      const call = () =>
        tx.query<{ r: { recorded: number } }>("select public.record_protocol_changes($1::jsonb) as r", [
          JSON.stringify([change]),
        ]);
      expect((await call()).rows[0]!.r).toEqual({ recorded: 1 });
      expect((await call()).rows[0]!.r).toEqual({ recorded: 0 });
      const rows = await tx.query(
        "select kind, field, old_value, new_value, recorded_by, protocol_id from public.protocol_changes where day = '2026-11-20'",
      );
      expect(rows.rows).toEqual([
        {
          kind: "terms",
          field: "min_investment",
          old_value: "$5M",
          new_value: "$1M",
          recorded_by: "review",
          protocol_id: protocolId,
        },
      ]);
      await tx.rollback();
    });
  });

  it.each([
    [
      "an unknown protocol",
      [change, { ...change, name: "No Such Protocol" }],
      /no protocol is named "No Such Protocol"/,
    ],
    ["an unknown key", [change, { ...change, field: "fees", tvl: "1" }], /unknown field "tvl"/],
    ["an element that is not an object", [change, "terms"], /every element of changes must be an object/],
    ["a kind outside the list", [{ ...change, kind: "price" }], /protocol_changes_kind_check/],
  ])("refuses a call with %s, writing nothing at all", async (_case, changes, message) => {
    let error: unknown = null;
    await db
      .transaction(async (tx) => {
        await tx.exec("set local role service_role");
        await tx.query("select public.record_protocol_changes($1::jsonb)", [JSON.stringify(changes)]);
      })
      .catch((e: unknown) => (error = e));
    expect(String((error as Error | null)?.message)).toMatch(message);
    const left = await db.query("select 1 from public.protocol_changes where day = '2026-11-20'");
    expect(left.rows).toEqual([]);
  });

  it("refuses a call that is not an array", async () => {
    expect(await record({ changes: [change] })).toEqual({ code: "22023" });
  });
});

describe("apply_protocol_refresh_logged and protocol_change_windows (20261127160000_refresh_change_log.sql)", () => {
  beforeAll(async () => {
    await db.query("update public.protocols set defillama_slug = 'change-log-fund' where id = $1", [protocolId]);
  });

  const tvl = { defillama_slug: "change-log-fund", tvl: "$900M", tvl_usd: 900000000, blockchains: ["Ethereum"] };
  const entry = {
    defillama_slug: "change-log-fund",
    kind: "tvl",
    field: "1d",
    old_value: "1200000000",
    new_value: "900000000",
    reason: "A move of 10% or more in a day.",
    source_url: "https://defillama.com/protocol/change-log-fund",
  };
  const apply = (changes: unknown, role = "service_role") =>
    as<{ r: Record<string, number> }>(
      role,
      "select public.apply_protocol_refresh_logged('2026-11-21', $1::jsonb) as r",
      [JSON.stringify(changes)],
    );

  it("are the service role's only", async () => {
    for (const role of ["anon", "authenticated"]) {
      expect(await apply({ tvl: [tvl], log: [entry] }, role)).toEqual({ code: "42501" });
      expect(await as(role, "select public.protocol_change_windows('2026-11-21')")).toEqual({ code: "42501" });
    }
  });

  it("writes the figure and its change in one call, and counts the change", async () => {
    await db.transaction(async (tx) => {
      await tx.exec("set local role service_role");
      const result = await tx.query<{ r: Record<string, number> }>(
        "select public.apply_protocol_refresh_logged('2026-11-21', $1::jsonb) as r",
        [JSON.stringify({ tvl: [tvl], log: [entry] })],
      );
      expect(result.rows[0]!.r).toMatchObject({ tvl: 1, changes: 1 });
      const written = await tx.query(
        "select p.tvl_usd::text as tvl_usd, c.kind, c.day::text as day, c.recorded_by from public.protocols p join public.protocol_changes c on c.protocol_id = p.id where p.id = $1 and c.day = '2026-11-21'",
        [protocolId],
      );
      expect(written.rows).toEqual([{ tvl_usd: "900000000", kind: "tvl", day: "2026-11-21", recorded_by: "refresh" }]);
      const windows = await tx.query<{ w: Array<{ defillama_slug: string; last_tvl_change: string | null }> }>(
        "select public.protocol_change_windows('2026-11-22') as w",
      );
      expect(windows.rows[0]!.w.find((w) => w.defillama_slug === "change-log-fund")).toMatchObject({
        last_tvl_change: "2026-11-21",
        points: [{ day: "2026-11-21", tvl_usd: 900000000 }],
      });
      await tx.rollback();
    });
  });

  it.each([
    ["names an unknown slug", { ...entry, defillama_slug: "nobody" }, /no protocol has defillama_slug "nobody"/],
    ["has an unknown key", { ...entry, day: "2026-01-01" }, /unknown log field "day"/],
  ])("writes nothing at all, not even the figures, when an entry %s", async (_case, bad, message) => {
    let error: unknown = null;
    await db
      .transaction(async (tx) => {
        await tx.exec("set local role service_role");
        await tx.query("select public.apply_protocol_refresh_logged('2026-11-21', $1::jsonb)", [
          JSON.stringify({ tvl: [tvl], log: [bad] }),
        ]);
      })
      .catch((e: unknown) => (error = e));
    expect(String((error as Error | null)?.message)).toMatch(message);
    const row = await db.query<{ tvl_usd: string }>(
      "select tvl_usd::text as tvl_usd from public.protocols where id = $1",
      [protocolId],
    );
    expect(row.rows[0]!.tvl_usd).not.toBe("900000000");
  });
});
