import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ASSET_CLASSES, BLOCKCHAINS } from "../../src/config/domain.ts";
import { diffRows, formatDiff, tvlMovement } from "./diff-rows.ts";
import { checkHistoryCsv } from "./history.ts";
import { CSV_PATH, HISTORY_PATH, RISK_EVIDENCE_PATH, SEED_PATH } from "./paths.ts";
import { buildRiskSeedSql, checkRiskEvidenceCsv, evidenceProtocols, riskEntries } from "./risk-evidence.ts";
import { checkCsv, formatProblem, type ProtocolRow } from "./rules.ts";
import { buildSeedSql, parseSeedSql } from "./seed-sql.ts";

const csvText = readFileSync(CSV_PATH, "utf8");
const committed = checkCsv(csvText, { today: "2025-12-19", freshness: false });

describe("the committed data", () => {
  it("builds into exactly the committed supabase/seed.sql (run npm run data:build after editing the CSV)", () => {
    expect(committed.problems).toEqual([]);
    const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), committed.rows);
    expect(history.problems).toEqual([]);
    const evidence = checkRiskEvidenceCsv(
      readFileSync(RISK_EVIDENCE_PATH, "utf8"),
      evidenceProtocols(committed.rows),
      "2026-11-25",
    );
    expect(evidence.problems).toEqual([]);
    expect(
      buildSeedSql(committed.rows, history.rows) +
        buildRiskSeedSql(riskEntries(committed.rows, history.rows, evidence.rows)),
    ).toBe(readFileSync(SEED_PATH, "utf8"));
  });

  it("has at least 30 protocols covering every asset class and every chain with a checkable issuer", () => {
    expect(committed.rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(committed.rows.flatMap((r) => r.asset_classes))).toEqual(new Set(ASSET_CLASSES));
    // The reference found no Polymesh issuer with checkable figures; every other chain is covered.
    expect(new Set(committed.rows.flatMap((r) => r.blockchains))).toEqual(
      new Set(BLOCKCHAINS.filter((c) => c !== "Polymesh")),
    );
    expect(committed.rows.length).toBe(34);
  });

  it("marks inferred chains and estimated figures in notes", () => {
    const notes = (name: string) => committed.rows.find((r) => r.name === name)?.notes ?? "";
    expect(notes("Exodus (EXOD tokenized shares)")).toContain(
      "Chains inferred, not confirmed by a published page: Algorand.",
    );
    expect(notes("Reental")).toMatch(/TVL: low-confidence estimate/);
    expect(notes("Tether Gold (XAUt)")).toMatch(/^TVL: DefiLlama's figure, refreshed daily/);
  });

  it("takes the figures of 2025-12-19 from DefiLlama for every row it covers, and keeps sourced curated figures for the rest", () => {
    const byName = new Map(committed.rows.map((r) => [r.name, r]));
    expect(byName.get("Lofty")).toMatchObject({
      tvl: "$99M",
      tvl_usd: 99180168,
      tvl_as_of: "2025-12-19",
      tvl_source: "defillama",
      tvl_source_url: "https://defillama.com/protocol/lofty",
    });
    expect(byName.get("Swarm Markets")).toMatchObject({ tvl: "$0.08M", tvl_source: "defillama" });
    expect(committed.rows.filter((r) => r.tvl_source === "defillama")).toHaveLength(28);
    const curated = committed.rows.filter((r) => r.tvl_source === "curated").map((r) => r.name);
    expect(curated).toEqual([
      "Franklin Templeton BENJI (FOBXX)",
      "Fidelity FDIT",
      "EthicHub",
      "Reental",
      "Moss (MCO2)",
      "Exodus (EXOD tokenized shares)",
    ]);
    // Every curated figure links the page that states it, or says that none is known.
    for (const row of committed.rows.filter((r) => r.tvl_source === "curated")) {
      if (row.tvl_source_url === null) expect(row.notes).toMatch(/No page stating this figure is known/);
      else expect(row.tvl_source_url).not.toBe(row.url);
    }
  });

  it("is reported stale as of today's review date, 2026-11-22, on every row", () => {
    const { problems } = checkCsv(csvText, { today: "2026-11-22" });
    expect(problems).toHaveLength(committed.rows.length);
    expect(problems.every((p) => p.column === "as_of" && /days old as of 2026-11-22/.test(p.message))).toBe(true);
  });

  it("passes data:check for its snapshot date except the two rows whose other figures are older", () => {
    expect(checkCsv(csvText, { today: "2025-12-19" }).problems.map(formatProblem)).toEqual([
      "line 18, as_of: 2025-05-31 is 202 days old as of 2025-12-19 (limit 120): refresh the figure, or review a historical snapshot with --today",
      "line 33, as_of: 2025-07-31 is 141 days old as of 2025-12-19 (limit 120): refresh the figure, or review a historical snapshot with --today",
    ]);
  });
});

const row = (overrides: Partial<ProtocolRow>): ProtocolRow => ({
  name: "O'Brien's Fund",
  description: 'Quotes \' and "double", a backslash \\ and\na newline; also -- not a comment.',
  asset_classes: ["US Treasuries", "Equities"],
  blockchains: ["Ethereum"],
  tvl: "$2.8B",
  yield_range: "3.8-4.2%",
  risk_level: "Low",
  min_investment: "$5M",
  url: "https://example.com",
  source_url: "https://example.com/report",
  as_of: "2025-10-31",
  notes: null,
  defillama_slug: null,
  tvl_usd: 2_800_000_000,
  tvl_as_of: "2025-10-31",
  tvl_source_url: "https://example.com/report",
  tvl_source: "curated",
  investor_access: "accredited",
  kyc: "no",
  redemption: "days",
  redemption_days: 3,
  fees: "0.30% management; 0.05% redemption fee",
  terms_source_url: "https://example.com/terms",
  terms_as_of: "2025-11-01",
  ...overrides,
});

describe("buildSeedSql / parseSeedSql", () => {
  it("escapes strings and reads back exactly what it wrote, sorted by name", () => {
    const rows = [
      row({ name: "b" }),
      row({}),
      row({ name: "A", notes: "n", defillama_slug: "a", tvl_usd: 12.5, tvl_source: "defillama" }),
    ];
    const history = [
      { name: "O'Brien's Fund", day: "2025-12-19", tvl_usd: 5, source: "defillama" as const },
      { name: "A", day: "2025-12-18", tvl_usd: 7, source: "curated" as const },
    ];
    const sql = buildSeedSql(rows, history);
    expect(sql).toContain(
      "('A', date '2025-12-18', 7, 'curated'),\n  ('O''Brien''s Fund', date '2025-12-19', 5, 'defillama')",
    );
    expect(sql).toContain("'O''Brien''s Fund'");
    expect(sql).toContain("array['US Treasuries', 'Equities']::text[]");
    expect(parseSeedSql(sql)).toEqual([rows[2], rows[1], rows[0]]);
    expect(buildSeedSql([...rows].reverse(), [...history].reverse())).toBe(sql);
  });

  it("refuses SQL it did not write", () => {
    expect(() => parseSeedSql("delete from public.protocols;")).toThrow(
      /seed.sql line 1: expected 'insert into public.protocols \('/,
    );
  });
});

describe("diffRows / formatDiff", () => {
  it("lists added, removed and changed rows with TVL movement", () => {
    const before = [row({ name: "Kept" }), row({ name: "Gone", tvl: "$5M" }), row({ name: "Moved" })];
    const after = [
      row({ name: "Kept" }),
      row({ name: "New", tvl: "$1M" }),
      row({ name: "Moved", tvl: "$3.1B", notes: "now sourced" }),
    ];
    const text = formatDiff(diffRows(before, after), { before: "seed", after: "csv" });
    expect(text.split("\n")).toEqual([
      "Changes from seed to csv:",
      "  + added    New (TVL $1M, as of 2025-10-31)",
      "  - removed  Gone (TVL $5M)",
      "  ~ changed  Moved",
      "      tvl: $2.8B -> $3.1B (+10.7%)",
      '      notes: (empty) -> "now sourced"',
      "Summary: 1 added, 1 removed, 1 changed, 1 unchanged. Total TVL $5.61B -> $5.9B (+5.3%).",
    ]);
  });

  it("shows TVL moves to and from N/A without a percentage", () => {
    expect(tvlMovement("$60M", "N/A")).toBe("$60M -> N/A");
    expect(tvlMovement("$350M", "$1.2B")).toBe("$350M -> $1.2B (+242.9%)");
  });
});
