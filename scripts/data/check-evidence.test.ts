// data:check's evidence rules with the coverage exceptions: an exception lets its protocol pass the
// rule, is printed as applied, and fails the check once the rule passes without it.
import { describe, expect, it } from "vitest";
import { checkEvidenceRules } from "./check-evidence.ts";
import type { FactorRecord } from "./risk-factors.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";

const row = (name: string, tvlUsd: number) =>
  ({
    name,
    tvl_usd: tvlUsd,
    review_status: "tracked",
    redemption: "unknown",
    investor_access: "unknown",
  }) as ProtocolRow;
const record = (factor: FactorRecord["factor"]): FactorRecord => ({
  factor,
  level: "Medium",
  finding: "x.",
  source_url: `https://example.org/${factor}`,
  source_kind: "Documentation",
  source_tier: "primary",
  document_date: "undated",
  read_on: "2026-11-27",
  computed: false,
});
const FIVE = (["asset", "legal", "custody", "redemption", "regulation"] as const).map(record);

const exception = (protocol: string, rule: string) => ({
  protocol,
  rule,
  reason: "No document of the issuer was reachable.",
  pages_checked: [`https://example.org/${protocol}/terms`],
  recorded_on: "2026-11-26",
});

function check(exceptions: unknown[], productsText: string | null) {
  return checkEvidenceRules({
    rows: [row("Thin", 150e6), row("Rated", 150e6)],
    entries: [
      { name: "Thin", records: FIVE.slice(0, 2) },
      { name: "Rated", records: FIVE },
    ],
    // One primary finding: the share of primary findings holds.
    evidence: [{ protocol: "Rated", ...FIVE[0]! }],
    protocolsText: "name\nThin\nRated\n",
    evidenceText: "protocol,factor,level,finding,source_url\n",
    today: "2026-11-27",
    exceptionsText: JSON.stringify(exceptions),
    productsText,
  });
}

describe("checkEvidenceRules with coverage exceptions", () => {
  it("fails a protocol short of a rule that no exception names", () => {
    const result = check([], JSON.stringify([{ protocol: "Thin" }, { protocol: "Rated" }]));
    expect(result.problems).toEqual([
      "data/risk-evidence.csv coverage: Thin ($150M) has 2 evidenced factor(s); from $100M a protocol needs at least 5",
    ]);
    expect(result.exceptions).toEqual([]);
  });

  it("lets an excepted protocol pass, and lists the exceptions it applied", () => {
    const result = check(
      [exception("Thin", "evidenced-factors"), exception("Thin", "products")],
      JSON.stringify([{ protocol: "Rated" }]),
    );
    expect(result.problems).toEqual([]);
    expect(result.exceptions).toEqual([
      "Thin, evidenced-factors (recorded 2026-11-26; 1 page(s) checked): No document of the issuer was reachable.",
      "Thin, products (recorded 2026-11-26; 1 page(s) checked): No document of the issuer was reachable.",
    ]);
    // The figures stay the data's own: an exception never counts as coverage.
    expect(result.figures[0]).toBe("1 of 2 protocols of $100M or more have at least 5 evidenced factors");
  });

  it("fails on an exception no longer needed, and on a malformed one", () => {
    const result = check(
      [
        exception("Thin", "evidenced-factors"),
        exception("Rated", "evidenced-factors"),
        exception("Thin", "products"),
        exception("Gone", "primary-findings"),
      ],
      JSON.stringify([{ protocol: "Thin" }, { protocol: "Rated" }]),
    );
    expect(result.problems).toEqual([
      "data/coverage-exceptions.json entry 4 (Gone, primary-findings): protocol 'Gone' is not in data/protocols.csv",
      "data/coverage-exceptions.json Rated passes evidenced-factors without its exception (recorded 2026-11-26): remove the exception",
      "data/coverage-exceptions.json Thin passes products without its exception (recorded 2026-11-26): remove the exception",
    ]);
    expect(result.exceptions).toEqual([
      "Thin, evidenced-factors (recorded 2026-11-26; 1 page(s) checked): No document of the issuer was reachable.",
    ]);
  });
});
