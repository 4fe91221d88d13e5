import { describe, expect, it } from "vitest";
import { evidenceCoverage, PRIMARY_SHARE_MIN } from "./risk-evidence-coverage.ts";
import type { FactorRecord } from "../risk-factors.ts";
import type { ProtocolRow } from "./protocol-row.ts";
import type { EvidenceRow } from "./risk-evidence.ts";

const row = (name: string, tvlUsd: number | null) => ({ name, tvl_usd: tvlUsd }) as ProtocolRow;
const FACTORS = ["asset", "legal", "custody", "redemption", "regulation", "contract", "track_record"] as const;

function finding(protocol: string, index: number, tier: "primary" | "secondary"): EvidenceRow {
  return {
    protocol,
    factor: FACTORS[index]!,
    level: "Low",
    finding: "x.",
    source_url: `https://example.org/${protocol}/${index}`,
    source_kind: "Documentation",
    source_tier: tier,
    document_date: "undated",
    read_on: "2026-11-27",
  };
}
const records = (evidence: EvidenceRow[]): FactorRecord[] =>
  evidence.map(({ protocol: _protocol, ...r }) => ({ ...r, computed: false }));

describe("evidenceCoverage", () => {
  it("passes when every large protocol is rated, the largest from four primary findings, 75% primary overall", () => {
    const big = [0, 1, 2, 3, 4].map((i) => finding("Big", i, i < 4 ? "primary" : "secondary"));
    const mid = [0, 1, 2, 3, 4].map((i) => finding("Mid", i, "primary"));
    const rows = [row("Big", 2e9), row("Mid", 1e8), row("Small", 99_999_999), row("No TVL", null)];
    const report = evidenceCoverage(
      rows,
      [
        { name: "Big", records: records(big) },
        { name: "Mid", records: records(mid) },
      ],
      [...big, ...mid],
    );
    expect(report.problems).toEqual([]);
    expect(report.figures).toEqual([
      "2 of 2 protocols of $100M or more have at least 5 evidenced factors",
      "1 of 1 protocols of $1.0B or more have at least 4 primary findings",
      "9 of 10 researched findings are primary (90.0%; at least 75.0% required)",
    ]);
  });

  it("names each protocol short of factors or of primary findings, and a share below the minimum", () => {
    const big = [0, 1, 2, 3, 4].map((i) => finding("Big", i, i < 3 ? "primary" : "secondary"));
    const thin = [0, 1, 2, 3].map((i) => finding("Thin", i, "secondary"));
    const report = evidenceCoverage(
      [row("Big", 3.6e9), row("Thin", 150e6)],
      [
        { name: "Big", records: records(big) },
        { name: "Thin", records: records(thin) },
      ],
      [...big, ...thin],
    );
    expect(report.problems).toEqual([
      "Thin ($150M) has 4 evidenced factor(s); from $100M a protocol needs at least 5",
      "Big ($3.6B) has 3 primary finding(s); from $1.0B a protocol needs at least 4",
      "3 of 9 findings (33.3%) are primary; at least 75.0% must be",
    ]);
    expect(PRIMARY_SHARE_MIN).toBe(0.75);
  });
});
