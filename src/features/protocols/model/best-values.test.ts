import { describe, expect, it } from "vitest";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { bestFactorValues, bestValues, rankFactors, rankMetrics } from "./best-values";
import { parseProtocolRows } from "./model";
import type { Protocol } from "./types";

const base = parseProtocolRows(protocolRows)[0]!;
// Marks name protocols by slug (the selection's identity), never by their database id.
const make = (slug: string, fields: Partial<Protocol>): Protocol => ({
  ...base,
  id: `00000000-0000-4000-8000-${slug.padStart(12, "0")}`,
  slug,
  name: slug,
  ...fields,
});

describe("rankMetrics: 'Best' only when every compared value is a number of one kind", () => {
  it("marks highest TVL and yield, lowest minimum and risk", () => {
    const a = make("a", { tvl: "$2.8B", yieldRange: "3.8-4.2%", minInvestment: "$5M", riskLevel: "Low" });
    const b = make("b", { tvl: "$4.0B", yieldRange: "5-8%", minInvestment: "None", riskLevel: "Medium" });
    const c = make("c", { tvl: "$20M", yieldRange: "5-10%", minInvestment: "$50", riskLevel: "High" });
    expect(rankMetrics([a, b, c])).toEqual({
      best: { tvl: ["b"], yield: ["c"], min: ["b"], risk: ["a"] },
      reasons: {},
    });
    expect(bestValues([a, b, c])).toEqual({ tvl: ["b"], yield: ["c"], min: ["b"], risk: ["a"] });
  });

  it("marks every holder on a tie; nothing when all are equal, and says so", () => {
    const a = make("a", { tvl: "$1B", riskLevel: "Low" });
    const b = make("b", { tvl: "$1B", riskLevel: "Low" });
    const c = make("c", { tvl: "$5M", riskLevel: "Low" });
    const { best, reasons } = rankMetrics([a, b, c]);
    expect(best.tvl).toEqual(["a", "b"]);
    expect(best.risk).toBeUndefined();
    expect(reasons.risk).toBe("Not ranked: every value is the same.");
  });

  it("marks nothing in a row where one value is not a figure, naming it (the others stay unmarked too)", () => {
    const a = make("a", { yieldRange: "N/A", minInvestment: "Varies", riskLevel: null });
    const b = make("b", { yieldRange: "4%", minInvestment: "$5M", riskLevel: "Low" });
    const { best, reasons } = rankMetrics([a, b]);
    expect(best.yield).toBeUndefined();
    expect(best.min).toBeUndefined();
    expect(best.risk).toBeUndefined();
    expect(reasons.yield).toBe("Not ranked: not every value is one figure (a: 'N/A').");
    expect(reasons.min).toBe("Not ranked: not every value is one figure (a: 'Varies').");
    expect(reasons.risk).toBe("Not ranked: not every protocol is rated (a: Not rated).");
  });

  it("never ranks a minimum that states several, or none, in our data's own wording", () => {
    // Backed Finance, BlackRock BUIDL, Exodus, Ondo and Tether as data/protocols.csv held them.
    const backed = make("backed", { name: "Backed", minInvestment: "None secondary; primary for pros" });
    const blackrock = make("blackrock", { name: "BUIDL", minInvestment: "$5M" });
    const exodus = make("exodus", { name: "Exodus", minInvestment: "1 share" });
    const { best, reasons } = rankMetrics([backed, blackrock, exodus]);
    expect(best.min).toBeUndefined();
    expect(reasons.min).toBe(
      "Not ranked: not every value is one figure (Backed: 'None secondary; primary for pros'; Exodus: '1 share').",
    );
    const tether = make("tether", { minInvestment: "None (secondary market)" });
    expect(bestValues([blackrock, tether]).min).toEqual(["tether"]);
  });

  it("never ranks figures of different kinds: a target against a rate paid, two currencies, two TVL sources", () => {
    const goldfinch = make("goldfinch", { name: "Goldfinch", yieldRange: "9-12% target", tvlSource: "defillama" });
    const buidl = make("buidl", { name: "BUIDL", yieldRange: "3.3-3.6%", tvlSource: "defillama" });
    const benji = make("benji", { name: "BENJI", yieldRange: "3.9%", tvlSource: "curated" });
    expect(rankMetrics([goldfinch, buidl]).reasons.yield).toBe(
      "Not ranked: the figures are not of one kind (a target or advertised rate: Goldfinch; a rate paid: BUIDL).",
    );
    expect(rankMetrics([buidl, benji]).best.yield).toEqual(["benji"]);
    expect(rankMetrics([buidl, benji]).reasons.tvl).toBe(
      "Not ranked: the figures are not of one kind (DefiLlama's TVL: BUIDL; the issuer's or our own figure: BENJI).",
    );
    const euro = make("euro", { name: "Spiko", minInvestment: "€100" });
    const dollar = make("dollar", { name: "Ondo", minInvestment: "$5K" });
    expect(rankMetrics([euro, dollar]).reasons.min).toBe(
      "Not ranked: the figures are not of one kind (in €: Spiko; in $: Ondo).",
    );
    // No minimum is 0 in any currency.
    expect(bestValues([euro, make("none", { minInvestment: "None" })]).min).toEqual(["none"]);
    // A text quoting several products' rates is not one figure.
    const spiko = make("spiko", { name: "Spiko", yieldRange: "~4.0% USD / ~2.0% EUR" });
    expect(rankMetrics([spiko, buidl]).reasons.yield).toBe(
      "Not ranked: not every value is one figure (Spiko: '~4.0% USD / ~2.0% EUR').",
    );
  });

  it("marks nothing, and gives no reason, for a single protocol", () => {
    expect(rankMetrics([make("a", {})])).toEqual({ best: {}, reasons: {} });
  });
});

describe("rankFactors", () => {
  it("marks the lowest-risk assessment per factor when every protocol's is known, every holder on a tie", () => {
    const { best, reasons } = rankFactors([
      { slug: "a", assessments: { asset: "Low", legal: "High", custody: "Medium", redemption: "Very High" } },
      { slug: "b", assessments: { asset: "Medium", legal: "Medium", custody: "Medium", redemption: "High" } },
      { slug: "c", assessments: { asset: "Low", legal: "Very High", custody: "Medium", redemption: "High" } },
    ]);
    expect(best).toEqual({ asset: ["a", "c"], legal: ["b"], redemption: ["b", "c"] });
    expect(reasons.custody).toBe("Not ranked: every value is the same.");
    expect(bestFactorValues([{ slug: "a", assessments: { asset: "Low" } }])).toEqual({});
  });

  it("marks nothing where one protocol's evidence is Unknown or did not load, and names it", () => {
    const { best, reasons } = rankFactors([
      { slug: "a", name: "Alpha", assessments: { asset: "Very High", contract: "Unknown", regulation: "Low" } },
      { slug: "b", name: "Beta", assessments: { asset: "Low", contract: "Low", regulation: "Medium" } },
      { slug: "c", name: "Gamma", assessments: null },
    ]);
    expect(best).toEqual({});
    expect(reasons.asset).toBe(
      "Not ranked: not every protocol's evidence on this factor is known (Gamma: not loaded).",
    );
    expect(reasons.contract).toBe(
      "Not ranked: not every protocol's evidence on this factor is known (Alpha: Unknown; Gamma: not loaded).",
    );
  });
});
