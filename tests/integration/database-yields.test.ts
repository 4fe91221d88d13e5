// The yield, tracked-row and DefiLlama id columns (20261125001900_yields_and_tracked_rows.sql) on
// real Postgres (PGlite): what they accept and reject, and who may read and write them.
import { describe, expect, it } from "vitest";
import { insertColumns, snapshotDatabase, validProtocol } from "./database-helpers.ts";

const snapshot = snapshotDatabase();

describe("yields, tracked rows and DefiLlama ids (20261125001900_yields_and_tracked_rows.sql)", () => {
  type Row = Record<string, unknown>;
  const insertRow = (extra: Row) =>
    insertColumns(snapshot.db, { ...validProtocol, name: `Yield columns row ${Math.random()}`, ...extra });
  const outcome = (extra: Row) =>
    snapshot.db.transaction(async (tx) => {
      try {
        await insertColumns(tx, { ...validProtocol, name: "Yield columns row", ...extra });
        return "ok";
      } catch (error) {
        return (error as { code?: string }).code;
      } finally {
        await tx.rollback();
      }
    });
  const llamaYield = {
    defillama_slug: "test-fund",
    yield_source: "defillama",
    yield_apy_min: 3.25,
    yield_apy_max: 3.59,
    yield_as_of: "2026-09-05",
    yield_source_url: "https://defillama.com/yields?project=test-fund",
  };
  const tracked = { review_status: "tracked", risk_level: null, asset_classes: ["Unclassified"] };

  it("defaults rows to 'reviewed' and accepts tracked rows that are not rated and unclassified", async () => {
    expect(await outcome({})).toBe("ok");
    expect(await outcome(tracked)).toBe("ok");
    expect(await outcome({ ...tracked, asset_classes: ["Real Estate"] })).toBe("ok");
    expect(await outcome(llamaYield)).toBe("ok");
    expect(
      await outcome({ yield_source: "curated", yield_source_url: "https://x.io/rates", yield_as_of: "2026-09-01" }),
    ).toBe("ok");
    expect(await outcome({ defillama_id: 4265, defillama_audits: 0, defillama_listed_at: "2024-07-06" })).toBe("ok");
    expect(await outcome({ defillama_dropped_on: "2026-09-05", yield_pools: "USTB;1910847a" })).toBe("ok");
  });

  it.each<[string, Row]>([
    ["an unknown review status", { review_status: "draft" }],
    ["'Unclassified' next to a class", { ...tracked, asset_classes: ["Unclassified", "Equities"] }],
    ["a yield range whose minimum is above its maximum", { ...llamaYield, yield_apy_min: 5, yield_apy_max: 4 }],
    ["a negative APY", { ...llamaYield, yield_apy_min: -1 }],
    ["an APY of 5e21", { ...llamaYield, yield_apy_max: 5e21 }],
    ["one end of the range only", { ...llamaYield, yield_apy_max: null }],
    ["a DefiLlama yield without its figures", { ...llamaYield, yield_apy_min: null, yield_apy_max: null }],
    ["a DefiLlama yield without a slug", { ...llamaYield, defillama_slug: null }],
    ["a curated yield without its page", { yield_source: "curated", yield_as_of: "2026-09-01" }],
    ["a curated yield without its date", { yield_source: "curated", yield_source_url: "https://x.io/rates" }],
    ["an unknown yield source", { yield_source: "issuer" }],
    [
      "a javascript: yield page",
      { yield_source: "curated", yield_source_url: "javascript:1", yield_as_of: "2026-09-01" },
    ],
    ["a blank pool filter", { yield_pools: " " }],
    ["an audits value outside 0-3", { defillama_audits: 4 }],
    ["a DefiLlama id of 0", { defillama_id: 0 }],
    ["an absurd dropped date", { defillama_dropped_on: "2205-01-01" }],
  ])("rejects %s", async (_, row) => {
    expect(await outcome(row)).toBe("23514");
  });

  it("keeps DefiLlama ids unique, and allows many rows without one", async () => {
    await snapshot.db.transaction(async (tx) => {
      const insert = (name: string, id: number | null) =>
        tx.query(
          `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, defillama_id)
           values ($1, 'd', '{Equities}', '{Base}', '$1M', '1%', 'Low', 'None', 'https://x.io', $2)`,
          [name, id],
        );
      await insert("No id 1", null);
      await insert("No id 2", null);
      await insert("Id 1", 4265);
      await expect(insert("Id 2", 4265)).rejects.toMatchObject({ code: "23505" });
      await tx.rollback();
    });
  });

  it("lets anon read the yield history and nothing write it but the service role", async () => {
    await insertRow({ name: "Yield history row" });
    const id = (
      await snapshot.db.query<{ id: string }>("select id from public.protocols where name = 'Yield history row'")
    ).rows[0]!.id;
    const write = `insert into public.protocol_yield_history (protocol_id, day, apy_min, apy_max, source) values ('${id}', '2026-09-05', 3.2, 3.6, 'defillama')`;
    for (const role of ["anon", "authenticated"]) {
      expect(
        await snapshot.as(role, "select protocol_id, day, apy_min, apy_max, source from public.protocol_yield_history"),
      ).toBe("ok");
      expect(await snapshot.as(role, write)).toBe("42501");
      expect(await snapshot.as(role, "delete from public.protocol_yield_history")).toBe("42501");
    }
    expect(await snapshot.as("service_role", write)).toBe("ok");
    const rls = await snapshot.db.query<{ relrowsecurity: boolean }>(
      "select relrowsecurity from pg_class where relname = 'protocol_yield_history' and relnamespace = 'public'::regnamespace",
    );
    expect(rls.rows).toEqual([{ relrowsecurity: true }]);
    await snapshot.db.query("delete from public.protocols where name = 'Yield history row'");
  });

  it("rejects impossible yield history points", async () => {
    await snapshot.db.transaction(async (tx) => {
      const { id } = (
        await tx.query<{ id: string }>(
          `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url)
           values ('History checks', 'd', '{Equities}', '{Base}', '$1M', '1%', 'Low', 'None', 'https://x.io') returning id`,
        )
      ).rows[0]!;
      const point = (min: number, max: number, source = "defillama") =>
        tx.query("insert into public.protocol_yield_history values ($1, '2026-09-05', $2, $3, $4)", [
          id,
          min,
          max,
          source,
        ]);
      await expect(point(4, 3)).rejects.toMatchObject({ code: "23514" });
      await tx.rollback();
    });
    await snapshot.db.transaction(async (tx) => {
      const { id } = (
        await tx.query<{ id: string }>(
          `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url)
           values ('History checks', 'd', '{Equities}', '{Base}', '$1M', '1%', 'Low', 'None', 'https://x.io') returning id`,
        )
      ).rows[0]!;
      await expect(
        tx.query("insert into public.protocol_yield_history values ($1, '2026-09-05', 1, 2, 'guess')", [id]),
      ).rejects.toMatchObject({ code: "23514" });
      await tx.rollback();
    });
  });

  it("keeps the refresh's functions to the service role, invoker-only with an empty search_path", async () => {
    for (const role of ["anon", "authenticated"]) {
      expect(await snapshot.as(role, "select public.apply_protocol_refresh('2026-09-05', '{}')")).toBe("42501");
      expect(await snapshot.as(role, "select public.protocol_refresh_baselines('2026-09-05')")).toBe("42501");
    }
    expect(await snapshot.as("service_role", "select public.apply_protocol_refresh('2026-09-05', '{}')")).toBe("ok");
    expect(await snapshot.as("service_role", "select public.protocol_refresh_baselines('2026-09-05')")).toBe("ok");
    const functions = await snapshot.db.query<{ proname: string; prosecdef: boolean; proconfig: string[] }>(
      `select proname, prosecdef, proconfig from pg_proc
       where pronamespace = 'public'::regnamespace and proname in ('apply_protocol_refresh', 'protocol_refresh_baselines')
       order by proname`,
    );
    expect(functions.rows).toEqual([
      { proname: "apply_protocol_refresh", prosecdef: false, proconfig: ['search_path=""'] },
      { proname: "protocol_refresh_baselines", prosecdef: false, proconfig: ['search_path=""'] },
    ]);
    // apply_protocol_refresh replaced it: the old TVL-only writer is gone.
    expect((await snapshot.db.query("select 1 from pg_proc where proname = 'refresh_protocol_tvl'")).rows).toEqual([]);
  });
});
