// public.protocols on real Postgres (PGlite): its constraints, the term sheet's, and the
// committed seed loading into them.
import { readFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_FILE } from "../../local-api/paths.ts";
import { INVESTOR_ACCESS, KYC_VALUES, REDEMPTION_VALUES } from "../../src/config/domain.ts";
import {
  insertColumns,
  insertProtocol,
  snapshotDatabase,
  validProtocol,
  type ProtocolRow,
} from "./database-helpers.ts";

const snapshot = snapshotDatabase();

describe("protocols constraints", () => {
  it("accepts a valid row, including 'N/A' TVL, every listed chain and chains outside the list", async () => {
    await snapshot.db.transaction(async (tx) => {
      await insertProtocol(tx);
      await insertProtocol(tx, {
        name: "Unknown TVL",
        tvl: "N/A",
        blockchains: [
          "Ethereum",
          "Solana",
          "Polygon",
          "Base",
          "Algorand",
          "Stellar",
          "Optimism",
          "Tron",
          "Gnosis Chain",
          "Polymesh",
          "Celo",
        ],
        asset_classes: ["US Treasuries", "Private Credit", "Real Estate", "Commodities", "Carbon Credits", "Equities"],
      });
      // Every chain a protocol is on is stored, in one naming: not only the eleven.
      await insertProtocol(tx, {
        name: "Other chains",
        blockchains: ["BNB Chain", "Hyperliquid L1"],
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
    ["a blank blockchain", { blockchains: ["Ethereum", ""] }],
    ["an untrimmed blockchain", { blockchains: [" Arbitrum"] }],
    ["a blockchain holding the list separator", { blockchains: ["Arbitrum;Base"] }],
    ["a 61-character blockchain", { blockchains: ["x".repeat(61)] }],
    ["'Unclassified' on a reviewed row", { asset_classes: ["Unclassified"] }],
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
    await expect(insertProtocol(snapshot.db, row)).rejects.toMatchObject({ code: "23514" });
  });

  it("rejects a null in a list and a duplicate name", async () => {
    await expect(
      insertProtocol(snapshot.db, { blockchains: ["Ethereum", null as unknown as string] }),
    ).rejects.toMatchObject({
      code: "23514",
    });
    await snapshot.db.transaction(async (tx) => {
      await insertProtocol(tx, { name: "Twice" });
      await expect(insertProtocol(tx, { name: "Twice" })).rejects.toMatchObject({ code: "23505" });
      await tx.rollback();
    });
  });
});

describe("protocols term sheet (20251201000200_protocol_terms.sql)", () => {
  type Terms = Record<string, unknown>;
  const insertTerms = (terms: Terms) =>
    insertColumns(snapshot.db, { ...validProtocol, name: `Terms ${Math.random()}`, ...terms });
  /** "ok", or the SQLSTATE the insert failed with. */
  const outcome = (terms: Terms) =>
    insertTerms(terms).then(
      () => "ok",
      (e: { code?: string }) => e.code,
    );
  const source = { terms_source_url: "https://docs.example.com/terms", terms_as_of: "2025-11-01" };

  it("defaults every term to 'unknown', never a blank", async () => {
    await snapshot.db.transaction(async (tx) => {
      await insertProtocol(tx, { name: "Defaults" });
      const { rows } = await tx.query<Terms>(
        "select investor_access, kyc, redemption, redemption_days, fees, terms_source_url from public.protocols where name = 'Defaults'",
      );
      expect(rows[0]).toEqual({
        investor_access: "unknown",
        kyc: "unknown",
        redemption: "unknown",
        redemption_days: null,
        fees: "unknown",
        terms_source_url: null,
      });
      await tx.rollback();
    });
  });

  it("accepts every value of each list (the same lists as src/config/domain.ts), days with a number", async () => {
    const results = await Promise.all([
      ...INVESTOR_ACCESS.map((value) => outcome({ investor_access: value, ...source })),
      ...KYC_VALUES.map((value) => outcome({ kyc: value, ...source })),
      ...REDEMPTION_VALUES.filter((v) => v !== "days").map((value) => outcome({ redemption: value, ...source })),
      outcome({ redemption: "days", redemption_days: 2, ...source }),
    ]);
    expect(new Set(results)).toEqual(new Set(["ok"]));
    await snapshot.db.query("delete from public.protocols where name like 'Terms %'");
  });

  it.each<[string, Terms]>([
    ["an investor type outside the list", { investor_access: "everyone", ...source }],
    ["a KYC value outside the list", { kyc: "maybe", ...source }],
    ["a redemption kind outside the list", { redemption: "weekly", ...source }],
    ["'days' without a number", { redemption: "days", ...source }],
    ["a number without 'days'", { redemption: "instant", redemption_days: 3, ...source }],
    ["0 days", { redemption: "days", redemption_days: 0, ...source }],
    ["blank fees", { fees: " ", ...source }],
    ["a stated term without a source", { kyc: "no" }],
    ["a javascript: terms source", { kyc: "yes", terms_source_url: "javascript:alert(1)", terms_as_of: "2025-11-01" }],
  ])("rejects %s", async (_, terms) => {
    await expect(insertTerms(terms)).rejects.toMatchObject({ code: "23514" });
  });

  it("lets anon read the terms like every other column, and not write them", async () => {
    expect(
      await snapshot.as(
        "anon",
        "select investor_access, kyc, redemption, redemption_days, fees, terms_source_url, terms_as_of from public.protocols limit 1",
      ),
    ).toBe("ok");
    expect(await snapshot.as("anon", "update public.protocols set kyc = 'no'")).toBe("42501");
  });
});

describe("seed.sql", () => {
  let seeded: PGlite;
  let seedSql: string;
  beforeAll(async () => {
    seeded = (await snapshot.db.clone()) as PGlite;
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
    // Tracked rows (DefiLlama's RWA list, not reviewed yet) read 'Unclassified' and are not rated (null).
    expect(classes).toEqual([
      "Carbon Credits",
      "Commodities",
      "Equities",
      "Private Credit",
      "Real Estate",
      "US Treasuries",
      "Unclassified",
    ]);
    expect(risks).toEqual(["High", "Low", "Medium", "Very High", null]);
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
