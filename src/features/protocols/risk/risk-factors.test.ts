import { describe, expect, it } from "vitest";
import { factorLines, notRatedReason, parseFactorRows } from "./risk-factors";

const row = (factor: string, level: string, extra: Record<string, unknown> = {}) => ({
  factor,
  level,
  finding: `${factor} finding.`,
  source_url: `https://example.com/${factor}`,
  source_kind: "Fact sheet",
  source_tier: "primary",
  document_date: "2026-09",
  read_on: "2026-11-25",
  computed: false,
  ...extra,
});

describe("parseFactorRows", () => {
  it("keeps valid rows in the method's order and drops unknown factors, levels and unusable evidence", () => {
    const parsed = parseFactorRows([
      row("regulation", "Medium", { source_kind: "SEC filing", source_tier: "secondary", document_date: "undated" }),
      row("asset", "Low", { finding: "  T-bills.  " }),
      // A kind, tier or date that is missing or malformed is left out; the finding stays.
      row("track_record", "High", {
        computed: true,
        read_on: "2025-12-19",
        source_kind: " ",
        source_tier: "tertiary",
        document_date: "Sep 2026",
      }),
      row("asset", "High"), // a second row for a factor: the first wins
      row("liquidity", "Low"), // not one of the seven
      row("legal", "Moderate"), // not one of the four steps
      row("custody", "unknown"), // 'Unknown' is the absence of a row, never a row
      row("redemption", "Low", { source_url: "javascript:alert(1)" }),
      row("contract", "Low", { read_on: "2026-02-30" }),
      row("legal", "Low", { finding: " " }),
      null,
      "x",
      [row("custody", "Low")],
    ]);
    expect(parsed).toEqual([
      {
        factor: "asset",
        level: "Low",
        finding: "T-bills.",
        sourceUrl: "https://example.com/asset",
        sourceKind: "Fact sheet",
        sourceTier: "primary",
        documentDate: "2026-09",
        readOn: "2026-11-25",
        computed: false,
      },
      {
        factor: "track_record",
        level: "High",
        finding: "track_record finding.",
        sourceUrl: "https://example.com/track_record",
        sourceKind: null,
        sourceTier: null,
        documentDate: null,
        readOn: "2025-12-19",
        computed: true,
      },
      {
        factor: "regulation",
        level: "Medium",
        finding: "regulation finding.",
        sourceUrl: "https://example.com/regulation",
        sourceKind: "SEC filing",
        sourceTier: "secondary",
        documentDate: "undated",
        readOn: "2026-11-25",
        computed: false,
      },
    ]);
    expect(parseFactorRows(null)).toEqual([]);
    expect(parseFactorRows({ message: "x" })).toEqual([]);
  });
});

describe("factorLines", () => {
  it("gives all seven factors in order, 'Unknown' where there is no evidence", () => {
    const lines = factorLines(parseFactorRows([row("redemption", "Very High"), row("asset", "Low")]));
    expect(lines.map((line) => [line.label, line.assessment])).toEqual([
      ["Underlying asset", "Low"],
      ["Legal structure and claim", "Unknown"],
      ["Custody and transparency", "Unknown"],
      ["Redemption liquidity", "Very High"],
      ["Smart contract and platform", "Unknown"],
      ["Track record and scale", "Unknown"],
      ["Regulation", "Unknown"],
    ]);
    expect(lines[1]!.evidence).toBeNull();
  });
});

describe("notRatedReason", () => {
  it("names the evidence count below five, and a missing review otherwise", () => {
    expect(notRatedReason(2)).toBe(
      "Not rated: 2 of 7 factors have evidence, and we rate a protocol only once at least five do. We do not guess.",
    );
    expect(notRatedReason(5)).toBe("Not rated: not reviewed yet.");
  });
});
