// The yield range's data-gap rule and the pool filter's 'SYMBOL|poolMeta' items (issue 28), on
// the saved DefiLlama pools of 2026-09-05 where they matter.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  dataGapNote,
  pickYield,
  poolMatches,
  poolsByProject,
  type RawPool,
} from "../../supabase/functions/refresh-protocols/lib/yields.ts";
import { convertYields } from "./open-defi-data.ts";

const pool = (id: string, apy: number, extra: Record<string, unknown> = {}): RawPool => ({
  pool: id,
  project: "p",
  symbol: "USDC",
  tvlUsd: 5e6,
  apy,
  ...extra,
});

describe("data gaps", () => {
  it("leaves out a pool at 0% that paid within the week while another pool pays, and names it", () => {
    const pick = pickYield("p", [pool("a", 5.76), pool("gap", 0, { apyPct7D: -5.78058 })], []);
    expect(pick).toMatchObject({
      kind: "figure",
      figure: { range: "5.8%", pools: ["a"], gaps: [{ pool: "gap", apyWeekBefore: 5.78 }] },
    });
  });

  it("keeps a 0% pool that was at 0% a week before, and one that is the only pool paying nothing", () => {
    expect(pickYield("p", [pool("a", 5), pool("flat", 0, { apyPct7D: 0 })], [])).toMatchObject({
      figure: { range: "0.0-5.0%", gaps: [] },
    });
    expect(pickYield("p", [pool("a", 0, { apyPct7D: -4 }), pool("b", 0, { apyPct7D: -3 })], [])).toMatchObject({
      figure: { range: "0.0%", gaps: [] },
    });
    expect(pickYield("p", [pool("a", 5), pool("odd", 0, { apyPct7D: "x" })], [])).toMatchObject({
      figure: { range: "0.0-5.0%" },
    });
  });

  it("says what it left out in one sentence", () => {
    expect(dataGapNote([])).toBeNull();
    expect(dataGapNote([{ pool: "a", apyWeekBefore: 5.78 }])).toBe(
      "Left out of the range as data gaps (at 0% while other pools pay, after paying within the week): pool a at 0% (5.78% a week before).",
    );
  });

  it("on 2026-09-05, takes Centrifuge's two ACRED pools out of its range", () => {
    const text = readFileSync(
      new URL("../../data/defillama/open-defi-data/yields-2026-09-05.csv", import.meta.url),
      "utf8",
    );
    const byProject = poolsByProject((convertYields(text) as { data: RawPool[] }).data);
    const pick = pickYield("centrifuge-protocol", byProject.get("centrifuge-protocol") ?? [], []);
    expect(pick).toMatchObject({ kind: "figure", figure: { range: "2.5-5.8%" } });
    if (pick.kind !== "figure") throw new Error("no figure");
    expect(pick.figure.gaps.map((gap) => gap.pool)).toEqual([
      "1dee4660-d688-4800-8e0f-7af0d77bcde1",
      "e259a7bc-d2b0-41e5-b12d-a3c7b984560c",
    ]);
  });
});

describe("pool filter items", () => {
  const syrup = pool("id-1", 5, { symbol: "USDC", poolMeta: "Syrup USDC" });
  it("name a pool by id, by symbol, or by 'SYMBOL|poolMeta', without regard to case", () => {
    expect(poolMatches(syrup, "id-1")).toBe(true);
    expect(poolMatches(syrup, "usdc")).toBe(true);
    expect(poolMatches(syrup, "USDC|syrup usdc")).toBe(true);
    expect(poolMatches(syrup, "USDC|Syrup USDT")).toBe(false);
    expect(poolMatches(syrup, "USDT|Syrup USDC")).toBe(false);
    expect(poolMatches(pool("x", 1), "USDC|Anything")).toBe(false);
  });
});
