import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ComputedInput } from "./computed-factors";
import {
  NO_RATING,
  ratingChanges,
  ratingState,
  refreshRatingChanges,
  type FactorState,
  type RatingState,
} from "./risk-changes";
import { RISK_FACTORS, RISK_STEPS, type RiskFactor, type RiskStep } from "./risk-rating";

const researched = (level: RiskStep, finding = `Found ${level}.`): FactorState => ({
  level,
  computed: false,
  finding,
  sourceUrl: "https://example.org/doc",
});
const computed = (level: RiskStep): FactorState => ({
  level,
  computed: true,
  finding: `Computed ${level}.`,
  sourceUrl: "https://defillama.com/protocol/x",
});
const state = (factors: RatingState["factors"]): RatingState =>
  ratingState(Object.entries(factors).map(([factor, s]) => ({ factor: factor as RiskFactor, ...s! })));

// Seven Low factors (two computed): Low overall. One Very High or Unknown factor makes it Medium (weakest link).
const base = {
  asset: researched("Low"),
  legal: researched("Low"),
  custody: researched("Low"),
  redemption: researched("Low"),
  regulation: researched("Low"),
  contract: computed("Low"),
  track_record: computed("Low"),
};

describe("ratingChanges by review", () => {
  it("records a researched factor's new level with its finding and source, and the overall level it moves", () => {
    const before = state(base);
    const after = state({ ...base, legal: researched("Very High", "No disclosed claim.") });
    expect(ratingChanges(before, after, "review")).toEqual([
      {
        kind: "risk_factor",
        field: "legal",
        oldValue: "Low",
        newValue: "Very High",
        reason: "No disclosed claim.",
        sourceUrl: "https://example.org/doc",
      },
      {
        kind: "risk_level",
        field: null,
        oldValue: "Low",
        newValue: "Medium",
        reason: "Rule 1.1 applied: Legal structure and claim Low -> Very High.",
        sourceUrl: null,
      },
    ]);
  });

  it("records a finding withdrawn (its source on the never list) as Unknown, and a computed factor a researched one replaces", () => {
    const { legal: _legal, ...withoutLegal } = base;
    const changes = ratingChanges(state(base), state({ ...withoutLegal, contract: researched("Medium") }), "review");
    expect(changes.filter((c) => c.kind === "risk_factor")).toEqual([
      expect.objectContaining({
        field: "legal",
        oldValue: "Low",
        newValue: "Unknown",
        reason: "No acceptable source states it any more, so the factor is Unknown (never counted as safer).",
        sourceUrl: null,
      }),
      expect.objectContaining({ field: "contract", oldValue: "Low", newValue: "Medium" }),
    ]);
  });

  it("leaves a computed factor's change to the refresh, but says in the overall reason that it moved", () => {
    const { contract: _contract, ...withoutContract } = base;
    const changes = ratingChanges(state(base), state(withoutContract), "review");
    expect(changes.map((c) => c.kind)).toEqual(["risk_level"]);
    expect(changes[0]!.reason).toBe("Rule 1.1 applied: Smart contract and platform Low -> Unknown.");
  });

  it("records nothing for a reworded finding at the same level, and no factor for a first assessment", () => {
    expect(ratingChanges(state(base), state({ ...base, asset: researched("Low", "Reworded.") }), "review")).toEqual([]);
    expect(ratingChanges(NO_RATING, state(base), "review")).toEqual([
      expect.objectContaining({ kind: "risk_level", oldValue: "Not rated", newValue: "Low" }),
    ]);
  });
});

describe("ratingChanges by refresh", () => {
  it("records computed factors only", () => {
    const after = state({ ...base, contract: computed("Medium"), legal: researched("High") });
    expect(ratingChanges(state(base), after, "refresh").map((c) => c.field)).toEqual(["contract"]);
  });
});

describe("refreshRatingChanges", () => {
  const input: ComputedInput = {
    defillamaSlug: "fund",
    audits: 0,
    listedAt: null,
    tvlUsd: 2e9,
    tvlAsOf: "2026-11-26",
    history: [],
  };
  const facts = (["asset", "legal", "custody", "redemption", "regulation"] as const).map((factor) => ({
    factor,
    level: "Low" as const,
    finding: "x.",
    sourceUrl: "https://example.org/x",
  }));

  it("says which computed factors and overall level a refresh changes, and the rows to write", () => {
    const result = refreshRatingChanges({
      researched: facts,
      before: input,
      after: { ...input, audits: 2, listedAt: "2022-01-01", tvlAsOf: "2026-11-27" },
    });
    expect(result.computed.map((c) => [c.factor, c.level, c.day])).toEqual([
      ["contract", "Medium", "2026-11-27"],
      ["track_record", "Low", "2026-11-27"],
    ]);
    expect(result.level).toBe("Low");
    expect(result.changes.map((c) => [c.field, c.oldValue, c.newValue])).toEqual([
      ["contract", "Unknown", "Medium"],
      ["track_record", "Unknown", "Low"],
      [null, "Medium", "Low"],
    ]);
  });

  it("never touches a factor a researched row holds, and compares with the level the row holds when given", () => {
    const result = refreshRatingChanges({
      researched: [...facts, { factor: "contract", level: "Low", finding: "Audited.", sourceUrl: "https://a.org/r" }],
      before: input,
      after: { ...input, audits: 1 },
      levelBefore: "High",
    });
    expect(result.computed).toEqual([]);
    // Six Low and an Unknown track record (no listing date): Medium by the weakest link.
    expect(result.changes).toEqual([
      expect.objectContaining({ kind: "risk_level", oldValue: "High", newValue: "Medium" }),
    ]);
  });
});

describe("refreshRatingChanges from the rows the table holds", () => {
  const facts = (["asset", "legal", "custody", "redemption", "regulation"] as const).map((factor) => ({
    factor,
    level: "Medium" as const,
    finding: "x.",
    sourceUrl: "https://example.org/x",
  }));
  const stored = (level: "Low" | "Medium" | "High") => [
    { factor: "contract" as const, level, finding: "Old.", sourceUrl: "https://defillama.com/protocol/fund" },
  ];
  const after: ComputedInput = {
    defillamaSlug: "fund",
    audits: 2,
    listedAt: null,
    tvlUsd: 2e9,
    tvlAsOf: "2026-11-27",
    history: [],
  };

  it("compares with the stored computed rows, whatever inputs they came from", () => {
    const result = refreshRatingChanges({ researched: facts, before: stored("High"), after, levelBefore: "Medium" });
    expect(result.changes.map((c) => [c.field, c.oldValue, c.newValue])).toEqual([["contract", "High", "Medium"]]);
  });

  it("records nothing when the stored rows hold the same levels (a new finding's wording is no change)", () => {
    const result = refreshRatingChanges({ researched: facts, before: stored("Medium"), after, levelBefore: "Medium" });
    expect(result.computed.map((c) => c.finding)).not.toEqual(["Old."]);
    expect(result.changes).toEqual([]);
  });
});

describe("properties", () => {
  const stateArb = fc
    .tuple(...RISK_FACTORS.map(() => fc.option(fc.tuple(fc.constantFrom(...RISK_STEPS), fc.boolean()))))
    .map((levels) =>
      state(
        Object.fromEntries(
          RISK_FACTORS.flatMap((factor, i) => {
            const pick = levels[i];
            return pick ? [[factor, pick[1] ? computed(pick[0]) : researched(pick[0])]] : [];
          }),
        ),
      ),
    );

  it("a state compared with itself has no change; the overall level is recorded exactly when it differs", () => {
    fc.assert(
      fc.property(stateArb, stateArb, fc.constantFrom("review" as const, "refresh" as const), (a, b, by) => {
        expect(ratingChanges(a, a, by)).toEqual([]);
        const overall = ratingChanges(a, b, by).filter((c) => c.kind === "risk_level");
        expect(overall).toHaveLength(a.level === b.level ? 0 : 1);
      }),
    );
  });

  it("review and refresh never both record the same factor change", () => {
    fc.assert(
      fc.property(stateArb, stateArb, (a, b) => {
        const review = ratingChanges(a, b, "review").filter((c) => c.kind === "risk_factor");
        const refresh = ratingChanges(a, b, "refresh").filter((c) => c.kind === "risk_factor");
        const fields = new Set(review.map((c) => c.field));
        expect(refresh.some((c) => fields.has(c.field))).toBe(false);
      }),
    );
  });
});
