import { describe, expect, it } from "vitest";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { bestFactorValues, bestValues } from "./best-values";
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

describe("bestValues", () => {
  it("marks highest TVL and yield, lowest minimum and risk", () => {
    const a = make("a", { tvl: "$2.8B", yieldRange: "3.8-4.2%", minInvestment: "$5M", riskLevel: "Low" });
    const b = make("b", { tvl: "$4.0B", yieldRange: "5-8%", minInvestment: "None", riskLevel: "Medium" });
    const c = make("c", { tvl: "$20M", yieldRange: "5-10%", minInvestment: "$50", riskLevel: "High" });
    expect(bestValues([a, b, c])).toEqual({ tvl: ["b"], yield: ["c"], min: ["b"], risk: ["a"] });
  });

  it("marks every protocol on a tie, nothing when all are equal, never an unparseable value", () => {
    const a = make("a", { tvl: "$1B", riskLevel: "Low", yieldRange: "N/A", minInvestment: "Varies" });
    const b = make("b", { tvl: "$1B", riskLevel: "Low", yieldRange: "4%", minInvestment: "Varies" });
    const c = make("c", { tvl: "$5M", riskLevel: "Low", yieldRange: "N/A", minInvestment: "Varies" });
    expect(bestValues([a, b, c])).toEqual({ tvl: ["a", "b"], yield: ["b"] });
  });

  it("never marks a minimum that states no single figure, in our data's own wording", () => {
    // Backed Finance, BlackRock BUIDL and Exodus as data/protocols.csv holds them.
    const backed = make("backed", { minInvestment: "None secondary; primary for pros" });
    const blackrock = make("blackrock", { minInvestment: "$5M" });
    const exodus = make("exodus", { minInvestment: "1 share" });
    expect(bestValues([backed, blackrock, exodus]).min).toEqual(["blackrock"]);
    const ondo = make("ondo", { minInvestment: "$5K (OUSG); USDY lower (unverified)" });
    const tether = make("tether", { minInvestment: "None (secondary market)" });
    expect(bestValues([backed, ondo, tether]).min).toEqual(["tether"]);
    expect(bestValues([backed, ondo]).min).toBeUndefined();
  });

  it("marks nothing for a single protocol", () => {
    expect(bestValues([make("a", {})])).toEqual({});
  });
});

describe("bestFactorValues", () => {
  it("marks the lowest-risk known assessment per factor, every holder on a tie", () => {
    expect(
      bestFactorValues([
        { slug: "a", assessments: { asset: "Low", legal: "High", custody: "Medium", redemption: "Very High" } },
        { slug: "b", assessments: { asset: "Medium", legal: "Medium", custody: "Medium", redemption: "High" } },
        { slug: "c", assessments: { asset: "Low", legal: "Very High", custody: "Medium" } },
      ]),
    ).toEqual({ asset: ["a", "c"], legal: ["b"], redemption: ["b"] });
  });

  it("never ranks Unknown or a protocol whose factors did not load; nothing when all are Unknown or alike", () => {
    expect(
      bestFactorValues([
        { slug: "a", assessments: { asset: "Very High", contract: "Unknown", regulation: "Low" } },
        { slug: "b", assessments: {} },
        { slug: "c", assessments: null },
      ]),
    ).toEqual({ asset: ["a"], regulation: ["a"] });
    expect(bestFactorValues([{ slug: "a", assessments: { asset: "Low" } }])).toEqual({});
    expect(
      bestFactorValues([
        { slug: "a", assessments: { asset: "Low" } },
        { slug: "b", assessments: { asset: "Low" } },
      ]),
    ).toEqual({});
  });
});
