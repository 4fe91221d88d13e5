// The refresh's ratings on real Postgres (20261127213000_refresh_ratings.sql): protocol_rating_inputs
// serves what the rating reads, and apply_protocol_refresh_logged writes a protocol's computed
// factors and level with its figure, in the same call, keeping its researched rows; a rating for a
// figure the call did not write is not applied; a bad rating writes nothing at all.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSnapshot } from "./snapshot.ts";

let db: PGlite;
let protocolId: string;
beforeAll(async () => {
  db = await openSnapshot();
  const inserted = await db.query<{ id: string }>(
    `insert into public.protocols (name, description, asset_classes, blockchains, tvl, yield_range, risk_level, min_investment, url, defillama_slug)
     values ('Rating Fund', 'A fund the rating tests use.', '{US Treasuries}', '{Ethereum}', '$1.2B', '4.0%', 'High', '$5M', 'https://example.com', 'rating-fund')
     returning id`,
  );
  protocolId = inserted.rows[0]!.id;
  await db.query(
    `insert into public.protocol_risk_factors
       (protocol_id, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)
     values ($1, 'asset', 'Low', 'Treasury bills.', 'https://example.com/facts', 'Fact sheet', 'primary', 'undated', '2026-11-01', false),
            ($1, 'contract', 'Low', 'Four audits, no incident.', 'https://example.com/audits', 'Audit report', 'primary', 'undated', '2026-11-01', false),
            ($1, 'track_record', 'Medium', 'Listed since 2024.', 'https://defillama.com/protocol/rating-fund', 'Dataset', 'secondary', '2026-11-20', '2026-11-20', true)`,
    [protocolId],
  );
  await db.query(
    "insert into public.protocol_tvl_history (protocol_id, day, tvl_usd, source) values ($1, '2026-11-20', 1200000000, 'defillama'), ($1, '2026-11-19', 5, 'curated')",
    [protocolId],
  );
});
afterAll(async () => {
  await db?.close();
});

const tvl = { defillama_slug: "rating-fund", tvl: "$900M", tvl_usd: 900000000, blockchains: ["Ethereum"] };
const rating = {
  defillama_slug: "rating-fund",
  risk_level: "Medium",
  factors: [
    // A researched contract row wins: this one is not written.
    {
      factor: "contract",
      level: "Medium",
      finding: "Audited.",
      source_url: "https://defillama.com/protocol/rating-fund",
    },
    {
      factor: "track_record",
      level: "Low",
      finding: "Listed since 2020.",
      source_url: "https://defillama.com/protocol/rating-fund",
    },
  ],
};

/** Runs one call as the service role in a transaction that is rolled back; returns what it read, or the error. */
type Read = { result: Record<string, number>; factors: unknown[]; level: string | null };

async function applyThenRead(changes: unknown): Promise<{ read: Read | null; error: unknown }> {
  let read: Read | null = null;
  let error: unknown = null;
  await db
    .transaction(async (tx) => {
      await tx.exec("set local role service_role");
      const result = await tx.query<{ r: Record<string, number> }>(
        "select public.apply_protocol_refresh_logged('2026-11-21', $1::jsonb) as r",
        [JSON.stringify(changes)],
      );
      const factors = await tx.query(
        `select factor, level, computed, source_kind, source_tier, document_date, read_on::text as read_on
         from public.protocol_risk_factors where protocol_id = $1 order by factor`,
        [protocolId],
      );
      const level = await tx.query<{ risk_level: string | null }>(
        "select risk_level from public.protocols where id = $1",
        [protocolId],
      );
      read = { result: result.rows[0]!.r, factors: factors.rows, level: level.rows[0]!.risk_level };
      await tx.rollback();
    })
    .catch((e: unknown) => (error = e));
  return { read, error };
}

describe("the refresh's ratings (20261127213000_refresh_ratings.sql)", () => {
  it("serves what the rating reads to the service role only", async () => {
    for (const role of ["anon", "authenticated"]) {
      const error = await db
        .transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          await tx.query("select public.protocol_rating_inputs()");
        })
        .then(() => null)
        .catch((e: { code?: string }) => e.code);
      expect(error).toBe("42501");
    }
    const { rows } = await db.query<{ r: Array<Record<string, unknown>> }>(
      "select public.protocol_rating_inputs() as r",
    );
    expect(rows[0]!.r.find((input) => input.defillama_slug === "rating-fund")).toEqual({
      defillama_slug: "rating-fund",
      risk_level: "High",
      factors: [
        {
          factor: "asset",
          level: "Low",
          finding: "Treasury bills.",
          source_url: "https://example.com/facts",
          computed: false,
        },
        {
          factor: "contract",
          level: "Low",
          finding: "Four audits, no incident.",
          source_url: "https://example.com/audits",
          computed: false,
        },
        {
          factor: "track_record",
          level: "Medium",
          finding: "Listed since 2024.",
          source_url: "https://defillama.com/protocol/rating-fund",
          computed: true,
        },
      ],
      launch: null,
      // DefiLlama's points only: a curated point is no measure of DefiLlama's TVL.
      history: [{ day: "2026-11-20", tvl_usd: 1200000000 }],
    });
  });

  it("replaces the computed rows and sets the level with the figure, keeping the researched rows", async () => {
    const { read, error } = await applyThenRead({ tvl: [tvl], ratings: [rating] });
    expect(error).toBeNull();
    expect(read!.result).toMatchObject({ tvl: 1, risk_levels: 1, risk_factors: 1 });
    expect(read!.level).toBe("Medium");
    expect(read!.factors).toEqual([
      {
        factor: "asset",
        level: "Low",
        computed: false,
        source_kind: "Fact sheet",
        source_tier: "primary",
        document_date: "undated",
        read_on: "2026-11-01",
      },
      {
        factor: "contract",
        level: "Low",
        computed: false,
        source_kind: "Audit report",
        source_tier: "primary",
        document_date: "undated",
        read_on: "2026-11-01",
      },
      {
        factor: "track_record",
        level: "Low",
        computed: true,
        source_kind: "Dataset",
        source_tier: "secondary",
        document_date: "2026-11-21",
        read_on: "2026-11-21",
      },
    ]);
  });

  it("sets 'Not rated' as null, and leaves a protocol whose figure the call did not write as it was", async () => {
    const notRated = await applyThenRead({ tvl: [tvl], ratings: [{ ...rating, risk_level: null, factors: [] }] });
    expect(notRated.read!.level).toBeNull();
    expect(notRated.read!.factors).toHaveLength(2);
    const noFigure = await applyThenRead({ ratings: [rating] });
    expect(noFigure.read!.result).toMatchObject({ risk_levels: 0, risk_factors: 0 });
    expect(noFigure.read!.level).toBe("High");
    expect(noFigure.read!.factors).toHaveLength(3);
  });

  it.each([
    ["names an unknown slug", { ...rating, defillama_slug: "nobody" }, /no protocol has defillama_slug "nobody"/],
    ["has an unknown key", { ...rating, day: "2026-01-01" }, /unknown rating field "day"/],
    [
      "has a factor with an unknown key",
      { ...rating, factors: [{ ...rating.factors[1]!, computed: true }] },
      /unknown rating field "computed"/,
    ],
    ["has a level the table refuses", { ...rating, risk_level: "Safe" }, /protocols_risk_level_check/],
  ])("writes nothing at all, not even the figure, when a rating %s", async (_case, bad, message) => {
    const { error } = await applyThenRead({ tvl: [tvl], ratings: [bad] });
    expect(String((error as Error | null)?.message)).toMatch(message);
    const row = await db.query<{ tvl_usd: string | null; risk_level: string }>(
      "select tvl_usd::text as tvl_usd, risk_level from public.protocols where id = $1",
      [protocolId],
    );
    expect(row.rows[0]).toEqual({ tvl_usd: null, risk_level: "High" });
  });
});
