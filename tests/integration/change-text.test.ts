// The change log's words (supabase/functions/_shared/change-text.ts), which the feed, /changes and
// the protocol pages share: every kind reads as a sentence with its figures, and the factor names
// are the method's own.
import { describe, expect, it } from "vitest";
import { FACTOR_LABELS } from "../../src/lib/risk-rating.ts";
import {
  CHANGE_KINDS,
  changeSummary,
  changeTitle,
  FACTOR_NAMES,
  yieldMovePoints,
  type ChangeFacts,
} from "../../supabase/functions/_shared/change-text.ts";

const facts = (rest: Partial<ChangeFacts>): ChangeFacts => ({
  kind: "tvl",
  field: null,
  product_symbol: null,
  old_value: null,
  new_value: null,
  reason: null,
  source_url: null,
  ...rest,
});

describe("changeTitle", () => {
  it.each([
    [facts({ field: "1d", old_value: "1600000000", new_value: "1200000000" }), "Centrifuge TVL fell 25% to $1.2B"],
    [
      facts({ field: "7d", old_value: "100000000", new_value: "125000000" }),
      "Centrifuge TVL rose 25% over 7 days to $125M",
    ],
    [facts({ field: "1d", old_value: "100000000", new_value: "95500000" }), "Centrifuge TVL fell 4.5% to $96M"],
    [facts({ field: "1d", old_value: null, new_value: "95500000" }), "Centrifuge TVL is now $96M"],
    [facts({ kind: "yield", old_value: "9.0%", new_value: "10.5%" }), "Centrifuge yield rose 1.5 points to 10.5%"],
    [
      facts({ kind: "yield", old_value: "3.8-6.0%", new_value: "3.9-5.0%" }),
      "Centrifuge yield fell 1.0 point to 3.9-5.0%",
    ],
    [facts({ kind: "yield", old_value: "Variable", new_value: "5.0%" }), "Centrifuge yield is now 5.0%"],
    [facts({ kind: "listed", new_value: "25000000" }), "Centrifuge listed with TVL $25M"],
    [facts({ kind: "dropped" }), "Centrifuge is no longer tracked by DefiLlama"],
    [facts({ kind: "dropped", field: "below_threshold" }), "Centrifuge fell below the tracking threshold"],
    [facts({ kind: "listed", field: "relisted", new_value: "12000000" }), "Centrifuge is listed again with TVL $12M"],
    [
      facts({ kind: "renamed", field: "defillama_slug", old_value: "centrifuge-v2", new_value: "centrifuge" }),
      "Centrifuge: DefiLlama's entry is now centrifuge",
    ],
    [
      facts({ kind: "renamed", old_value: "Centrifuge V2", new_value: "Centrifuge" }),
      "Centrifuge V2 is now Centrifuge",
    ],
    [
      facts({ kind: "risk_level", old_value: "Medium", new_value: "High" }),
      "Centrifuge risk level rose from Medium to High",
    ],
    [facts({ kind: "risk_level", old_value: null, new_value: "Low" }), "Centrifuge rated Low risk"],
    [facts({ kind: "risk_level", old_value: "Low", new_value: null }), "Centrifuge is no longer rated (was Low)"],
    [
      facts({ kind: "risk_factor", field: "track_record", old_value: "High", new_value: "Medium" }),
      "Centrifuge: Track record and scale fell from High to Medium",
    ],
    [
      facts({ kind: "terms", field: "min_investment", product_symbol: "JTRSY", old_value: "$5M", new_value: "$500" }),
      "Centrifuge JTRSY minimum investment changed from $5M to $500",
    ],
  ])("%j", (change, title) => {
    expect(changeTitle("Centrifuge", change)).toBe(title);
  });

  it("has a sentence for every kind the table allows", () => {
    for (const kind of CHANGE_KINDS)
      expect(changeTitle("X", facts({ kind, old_value: "1", new_value: "2" }))).toMatch(/\w/);
  });
});

describe("changeSummary", () => {
  it("gives old → new, the reason and the source", () => {
    expect(
      changeSummary(
        facts({
          kind: "terms",
          field: "fees",
          old_value: "0.5%",
          new_value: "0.15%",
          reason: "The fund cut its fee",
          source_url: "https://example.com/fees",
        }),
      ),
    ).toBe("Terms (fees): 0.5% → 0.15%. The fund cut its fee. Source: https://example.com/fees");
  });

  it("names the review when no page is cited, and 'none' for a missing value", () => {
    expect(changeSummary(facts({ kind: "risk_level", new_value: "Low" }))).toBe(
      "Risk level: none → Low. Source: RWA Atlas review.",
    );
  });
});

describe("yieldMovePoints", () => {
  it("takes the larger move of the two ends, signed", () => {
    expect(yieldMovePoints("3.0-5.0%", "3.5-3.9%")).toBeCloseTo(-1.1);
    expect(yieldMovePoints("4.0%", "5.2%")).toBeCloseTo(1.2);
    expect(yieldMovePoints("Unknown", "5.2%")).toBeNull();
  });
});

describe("FACTOR_NAMES", () => {
  it("are the method's factor labels (src/lib/risk-rating.ts)", () => {
    expect(FACTOR_NAMES).toEqual(FACTOR_LABELS);
  });
});
