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
