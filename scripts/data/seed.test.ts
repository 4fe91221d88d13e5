import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ASSET_CLASSES, OTHER } from "../../src/config/domain.ts";
import { diffRows, formatDiff, tvlMovement } from "./diff-rows.ts";
import { checkHistoryCsv, checkYieldHistoryCsv } from "./rules/history.ts";
import { checkAssetClassCsv } from "./rules/asset-classes.ts";
import { buildChangesSeedSql, committedChanges } from "./change-log.ts";
import {
  ASSET_CLASSES_PATH,
  CSV_PATH,
  HISTORY_PATH,
  LAUNCH_DATES_PATH,
  REVIEW_CHANGES_PATH,
  RISK_EVIDENCE_PATH,
  SEED_PATH,
  YIELD_HISTORY_PATH,
} from "./paths.ts";
import { checkRiskLevels, riskEntries } from "./risk-factors.ts";
import { checkRiskEvidenceCsv, evidenceProtocols } from "./rules/risk-evidence.ts";
import { buildLaunchDatesSeedSql, buildRiskSeedSql } from "./seed-sql.ts";
import { checkLaunchDatesCsv } from "./rules/launch-dates.ts";
import { buildReviewChangesSeedSql, checkReviewChangesCsv } from "./rules/review-changes.ts";
import { todayUtc } from "./rules/cells.ts";
import { formatProblem } from "./rules/problem.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import { checkCsv } from "./rules/protocols.ts";
import { buildSeedSql, parseSeedSql } from "./seed-sql.ts";
import { buildProductsPart } from "./products-build.ts";

const csvText = readFileSync(CSV_PATH, "utf8");
const mapping = checkAssetClassCsv(readFileSync(ASSET_CLASSES_PATH, "utf8"), "2026-11-27");
// Checked as of the last review (2026-11-27): its curated figures are dated up to the day they were read.
const committed = checkCsv(csvText, { today: "2026-11-27", freshness: false, assetClassMap: mapping.map });
const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), committed.rows);
const yieldHistory = checkYieldHistoryCsv(readFileSync(YIELD_HISTORY_PATH, "utf8"), committed.rows);
const evidence = checkRiskEvidenceCsv(
  readFileSync(RISK_EVIDENCE_PATH, "utf8"),
  evidenceProtocols(committed.rows),
  todayUtc(),
);
const names = new Set(committed.rows.map((r) => r.name));
const launches = checkLaunchDatesCsv(readFileSync(LAUNCH_DATES_PATH, "utf8"), names, todayUtc());
const changes = checkReviewChangesCsv(readFileSync(REVIEW_CHANGES_PATH, "utf8"), todayUtc());
const entries = riskEntries(committed.rows, history.rows, evidence.rows, launches.rows);

// The committed data: DefiLlama's 2026-09-05 snapshot applied to the reviewed rows (docs/data.md).
// These are invariants of any refresh, not this snapshot's figures, so a refresh keeps them true.
describe("the committed data", () => {
  it("builds into exactly the committed supabase/seed.sql (run npm run data:build after editing the CSV)", () => {
    expect(committed.problems).toEqual([]);
    expect(history.problems).toEqual([]);
    expect(yieldHistory.problems).toEqual([]);
    expect(evidence.problems).toEqual([]);
    expect(launches.problems).toEqual([]);
    expect(changes.problems).toEqual([]);
    expect(
      buildSeedSql(committed.rows, history.rows, yieldHistory.rows) +
        buildRiskSeedSql(entries) +
        buildLaunchDatesSeedSql(launches.rows) +
        buildReviewChangesSeedSql(changes.rows, names) +
        buildProductsPart(committed.rows, readFileSync(SEED_PATH, "utf8"), todayUtc()).sql +
        buildChangesSeedSql(committedChanges(committed.rows, history.rows, yieldHistory.rows)),
    ).toBe(readFileSync(SEED_PATH, "utf8"));
  });

  it("lists at least 55 protocols: 52 reviewed, the rest tracked from DefiLlama, every asset class covered", () => {
    expect(committed.rows.length).toBeGreaterThanOrEqual(55);
    const reviewed = committed.rows.filter((r) => r.review_status === "reviewed");
    // The 34 of 2026-11-25 and the 18 reviewed from the research of 2026-11-27.
    expect(reviewed).toHaveLength(52);
    // The six, and 'Other' (reinsurance, a venture fund's profit share, a crypto fund): no 'Unclassified'.
    expect(new Set(reviewed.flatMap((r) => r.asset_classes))).toEqual(new Set([...ASSET_CLASSES, OTHER]));
    for (const row of committed.rows.filter((r) => r.review_status === "tracked"))
      expect(row.tvl_source, row.name).toBe("defillama");
  });

  it("stores the rule's level for every protocol: rated from five evidenced factors, else 'Not rated'", () => {
    const ratings = checkRiskLevels(committed.rows, entries);
    expect(ratings.problems.map(formatProblem)).toEqual([]);
    for (const { name, records } of entries) expect(ratings.levels.get(name) === null, name).toBe(records.length < 5);
  });

  it("dates every DefiLlama figure 2026-09-05, unless DefiLlama stopped tracking the row", () => {
    for (const row of committed.rows.filter((r) => r.tvl_source === "defillama")) {
      if (row.defillama_dropped_on === null) expect(row.tvl_as_of, row.name).toBe("2026-09-05");
      else expect(row.tvl_as_of! < "2026-09-05", row.name).toBe(true);
      expect(row.tvl_source_url, row.name).toMatch(/^https:\/\/defillama\.com\/protocol\//);
    }
    // Every curated figure links the page that states it, or says that none is known.
    for (const row of committed.rows.filter((r) => r.tvl_source === "curated")) {
      if (row.tvl_source_url === null) expect(row.notes).toMatch(/No page stating this figure is known/);
      else expect(row.tvl_source_url).not.toBe(row.url);
    }
  });

  it("gives every yield a source: DefiLlama's pools or a curated page with its date; else 'Unknown' or 'N/A'", () => {
    for (const row of committed.rows.filter((r) => r.review_status === "reviewed")) {
      if (row.yield_source === "curated") {
        expect(row.yield_source_url, row.name).toMatch(/^https:\/\//);
        expect(row.yield_source_url, row.name).not.toBe(row.url);
        expect(row.yield_as_of, row.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(row.notes, row.name).toMatch(/Yield: /);
      } else if (row.yield_source === null) {
        // No October 2025 estimate survives without the page that states it.
        expect(["Unknown", "N/A"], row.name).toContain(row.yield_range);
      }
    }
  });

  it("gives every DefiLlama-covered page at least 7 dated history points, except where the sources hold fewer", () => {
    const points = new Map<string, number>();
    for (const point of history.rows) points.set(point.name, (points.get(point.name) ?? 0) + 1);
    const short = committed.rows
      .filter((row) => row.defillama_slug !== null && (points.get(row.name) ?? 0) < 7)
      .map((row) => row.name)
      .sort();
    // DefiLlama first listed Syntetika on 2026-08-19: the snapshots hold five of its days
    // (docs/data.md); no point is invented.
    expect(short).toEqual(["Syntetika"]);
  });

  it("passes every rule, freshness included, on the day of its review, and is due for review 120 days later", () => {
    expect(checkCsv(csvText, { today: "2026-11-27", assetClassMap: mapping.map }).problems).toEqual([]);
    // Reviewed 2026-11-25 (34 rows) and 2026-11-27 (18): 121 days after each review those rows ask
    // for their monthly review, and only that.
    const late = (today: string) => checkCsv(csvText, { today, assetClassMap: mapping.map }).problems;
    const first = late("2027-03-26");
    expect(first).toHaveLength(34);
    expect(first.every((p) => p.column === "as_of" && /121 days old as of 2027-03-26/.test(p.message))).toBe(true);
    const all = late("2027-03-28");
    expect(all).toHaveLength(52);
    expect(all.every((p) => p.column === "as_of" && /(121|123) days old as of 2027-03-28/.test(p.message))).toBe(true);
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
  defillama_id: null,
  yield_apy_min: null,
  yield_apy_max: null,
  yield_as_of: null,
  yield_source: null,
  yield_source_url: null,
  yield_pools: null,
  review_status: "reviewed",
  defillama_dropped_on: null,
  defillama_listed_at: null,
  defillama_audits: null,
  min_investment_source_url: "https://example.com/minimum",
  yield_document_date: null,
  yield_source_kind: null,
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
