import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RatingChange } from "../../../src/lib/risk-changes.ts";
import { ratingStates, ratingStatesFromSeed, reviewChanges } from "../rating-states.ts";
import {
  buildReviewChangesSeedSql,
  checkReviewChangesCsv,
  mergeReviewChanges,
  REVIEW_CHANGE_COLUMNS,
  serializeReviewChanges,
  type ReviewChange,
} from "./review-changes.ts";
import type { FactorRecord } from "../risk-factors.ts";
import { buildRiskSeedSql, buildSeedSql } from "../seed-sql.ts";
import { checkCsv } from "./protocols.ts";
import { FIXTURE } from "../test-api.ts";

const change = (field: RatingChange["field"], oldValue: string, newValue: string): RatingChange => ({
  kind: field === null ? "risk_level" : "risk_factor",
  field,
  oldValue,
  newValue,
  reason: `Now ${newValue}.`,
  sourceUrl: field === null ? null : "https://example.org/doc",
});

describe("mergeReviewChanges", () => {
  const first = mergeReviewChanges([], [{ protocol: "Fund", change: change("legal", "Medium", "High") }], "2026-11-27");

  it("adds a build's changes, dated the build's day", () => {
    expect(first).toEqual([
      {
        day: "2026-11-27",
        protocol: "Fund",
        kind: "risk_factor",
        field: "legal",
        old_value: "Medium",
        new_value: "High",
        reason: "Now High.",
        source_url: "https://example.org/doc",
      },
    ]);
  });

  it("keeps one row a day and field: the day's first old value, the newest value; none when it came back", () => {
    const again = mergeReviewChanges(
      first,
      [{ protocol: "Fund", change: change("legal", "High", "Low") }],
      "2026-11-27",
    );
    expect(again.map((r) => [r.old_value, r.new_value, r.reason])).toEqual([["Medium", "Low", "Now Low."]]);
    const back = mergeReviewChanges(
      first,
      [{ protocol: "Fund", change: change("legal", "High", "Medium") }],
      "2026-11-27",
    );
    expect(back).toEqual([]);
    const later = mergeReviewChanges(
      first,
      [{ protocol: "Fund", change: change("legal", "High", "Low") }],
      "2026-12-01",
    );
    expect(later.map((r) => `${r.day} ${r.old_value}->${r.new_value}`)).toEqual([
      "2026-11-27 Medium->High",
      "2026-12-01 High->Low",
    ]);
  });
});

describe("data/review-changes.csv", () => {
  const header = REVIEW_CHANGE_COLUMNS.join(",");

  it("round-trips, sorted by day, protocol, kind and field", () => {
    const rows = mergeReviewChanges(
      [],
      [
        { protocol: "Fund", change: change(null, "Medium", "High") },
        { protocol: "Fund", change: change("asset", "Low", "Unknown") },
        { protocol: "Bond", change: change("legal", "Low", "Medium") },
      ],
      "2026-11-27",
    );
    const text = serializeReviewChanges(rows);
    expect(text.split("\n")[0]).toBe(header);
    const back = checkReviewChangesCsv(text, "2026-11-27");
    expect(back.problems).toEqual([]);
    expect(back.rows.map((r) => `${r.protocol} ${r.kind} ${r.field}`)).toEqual([
      "Bond risk_factor legal",
      "Fund risk_factor asset",
      "Fund risk_level ",
    ]);
  });

  it("rejects a row that is no change, a level outside the kind's, a future day, a repeat and a bad header", () => {
    const text = [
      header,
      "2026-11-27,Fund,risk_factor,legal,High,High,Same.,",
      "2026-11-27,Fund,risk_level,,Medium,Unknown,Why.,",
      "2026-11-28,Fund,risk_factor,asset,Low,High,Why.,https://example.org/a",
      "2026-11-27,Fund,risk_factor,fees,Low,High,Why.,",
      "2026-11-27,Fund,risk_factor,custody,Low,High,Why.,",
      "2026-11-27,Fund,risk_factor,custody,High,Low,Why.,",
    ].join("\n");
    expect(
      checkReviewChangesCsv(text, "2026-11-27").problems.map((p) => `${p.line} ${p.column}: ${p.message}`),
    ).toEqual([
      "2 new_value: equals old_value: that is no change",
      "3 new_value: 'Unknown' is not a level of a risk_level",
      "4 day: '2026-11-28' is not between 2015-01-01 and today",
      "5 field: 'fees' is not a risk factor",
      "7 row: repeats the change on line 6 (one row per day, protocol and field)",
    ]);
    expect(checkReviewChangesCsv("day,protocol\n", "2026-11-27").problems[0]?.column).toBe("header");
  });
});

describe("the seed's side of the log", () => {
  const rows = checkCsv(readFileSync(FIXTURE.csv, "utf8"), { today: "2025-12-19", freshness: false }).rows;
  const fund = rows[0]!;
  const record = (factor: FactorRecord["factor"], level: FactorRecord["level"], computed = false): FactorRecord => ({
    factor,
    level,
    finding: `It's ${level}.`,
    source_url: "https://example.org/doc",
    source_kind: "Fact sheet",
    source_tier: "primary",
    document_date: "2026-09",
    read_on: "2026-11-27",
    computed,
  });
  const before = [
    {
      name: fund.name,
      records: (["asset", "legal", "custody", "redemption", "regulation"] as const).map((f) => record(f, "Low")),
    },
  ];

  it("reads back the levels a seed stored, and finds what a review changed", () => {
    const seed =
      buildSeedSql(rows.map((r) => (r.name === fund.name ? { ...r, risk_level: "Medium" } : r))) +
      buildRiskSeedSql(before);
    const old = ratingStatesFromSeed(seed);
    expect(old.get(fund.name)).toEqual({
      level: "Medium",
      factors: Object.fromEntries(
        before[0]!.records.map((r) => [
          r.factor,
          { level: "Low", computed: false, finding: "It's Low.", sourceUrl: "https://example.org/doc" },
        ]),
      ),
    });
    const after = [
      { name: fund.name, records: [...before[0]!.records.slice(0, 4), record("regulation", "Very High")] },
    ];
    expect(
      reviewChanges(old, ratingStates(after)).map(
        ({ protocol, change: c }) => `${protocol}: ${c.field} ${c.oldValue} -> ${c.newValue}`,
      ),
    ).toEqual([`${fund.name}: regulation Low -> Very High`]);
  });

  it("reads a seed written before the source columns", () => {
    const old = [
      "insert into public.protocol_risk_factors (protocol_id, factor, level, finding, source_url, read_on, computed)",
      "select p.id, f.factor, f.level, f.finding, f.source_url, f.read_on, f.computed",
      "from (values",
      `  ('${fund.name.replaceAll("'", "''")}', 'contract', 'High', 'DefiLlama records no audit, it''s said.', 'https://defillama.com/protocol/x', date '2026-09-05', true)`,
      ") as f(name, factor, level, finding, source_url, read_on, computed)",
      "join public.protocols p on p.name = f.name;",
      "",
    ].join("\n");
    const state = ratingStatesFromSeed(buildSeedSql(rows) + old).get(fund.name)!;
    expect(state.factors.contract).toEqual({
      level: "High",
      computed: true,
      finding: "DefiLlama records no audit, it's said.",
      sourceUrl: "https://defillama.com/protocol/x",
    });
  });

  it("writes every row of the log for the protocols the seed has", () => {
    const log: ReviewChange[] = mergeReviewChanges(
      [],
      [
        { protocol: fund.name, change: change(null, "Not rated", "Low") },
        { protocol: "Removed Fund", change: change("asset", "Low", "High") },
      ],
      "2026-11-27",
    );
    const sql = buildReviewChangesSeedSql(log, new Set(rows.map((r) => r.name)));
    expect(sql).toContain("-- 1 rating changes recorded by review (data/review-changes.csv).");
    expect(sql).toContain(
      `  (date '2026-11-27', '${fund.name}', 'risk_level', null, 'Not rated', 'Low', 'Now Low.', null)`,
    );
    expect(sql).not.toContain("Removed Fund");
    expect(buildReviewChangesSeedSql([], new Set())).toBe("");
  });
});
