// The rating's factor records: the researched evidence plus the computed contract and track record.
import { describe, expect, it } from "vitest";
import { factorRecords, ratedLevel } from "./risk-factors.ts";
import type { EvidenceRow } from "./rules/risk-evidence.ts";

describe("factorRecords and ratedLevel", () => {
  const evidence: EvidenceRow[] = (["asset", "legal", "custody", "redemption", "regulation"] as const).map(
    (factor) => ({
      protocol: "Fund A",
      factor,
      level: "Low",
      finding: "x.",
      source_url: "https://example.org/x",
      source_kind: "Fact sheet",
      source_tier: "primary",
      document_date: "2026-09",
      read_on: "2026-11-25",
    }),
  );
  const input = {
    name: "Fund A",
    defillamaSlug: "fund-a",
    audits: 2,
    listedAt: "2021-01-01",
    tvlUsd: 2e9,
    tvlAsOf: "2026-09-05",
    history: [],
  };

  it("adds the computed contract and track record factors, citing the DefiLlama page and the figure's date", () => {
    const records = factorRecords(input, evidence);
    expect(records.map((r) => r.factor)).toEqual([
      "asset",
      "legal",
      "custody",
      "redemption",
      "contract",
      "track_record",
      "regulation",
    ]);
    expect(records.find((r) => r.factor === "contract")).toMatchObject({
      level: "Medium",
      computed: true,
      source_url: "https://defillama.com/protocol/fund-a",
      source_kind: "Dataset",
      source_tier: "secondary",
      document_date: "2026-09-05",
      read_on: "2026-09-05",
    });
    expect(records.find((r) => r.factor === "track_record")).toMatchObject({
      level: "Low",
      finding: "TVL $2.0B on 2026-09-05, listed by DefiLlama since 2021-01-01 (5 years).",
    });
    // scores 1,1,1,1,2,1,1 → Low
    expect(ratedLevel(records)).toBe("Low");
  });

  it("leaves a tracked row with only its computed factors 'Not rated'", () => {
    expect(ratedLevel(factorRecords({ ...input, name: "Tracked" }, evidence))).toBeNull();
  });

  it("lets a researched contract or track record row replace the computed one", () => {
    const audit = { ...evidence[0]!, factor: "contract" as const, level: "Low" as const, finding: "Three audits." };
    const records = factorRecords(input, [...evidence, audit]);
    expect(records.filter((r) => r.factor === "contract")).toEqual([
      expect.objectContaining({ level: "Low", finding: "Three audits.", computed: false }),
    ]);
    expect(records.find((r) => r.factor === "track_record")?.computed).toBe(true);
  });

  it("leaves out a computed factor whose input is missing: no audit on record, no listing date", () => {
    const records = factorRecords({ ...input, audits: 0, listedAt: null }, evidence);
    expect(records.map((r) => r.factor)).toEqual(["asset", "legal", "custody", "redemption", "regulation"]);
  });

  it("computes nothing for a protocol DefiLlama does not cover", () => {
    expect(factorRecords({ ...input, defillamaSlug: null }, evidence).every((r) => !r.computed)).toBe(true);
  });
});
