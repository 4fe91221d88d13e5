// The seed's history files: data/tvl-history.csv and data/yield-history.csv.
import { describe, expect, it } from "vitest";
import { checkYieldHistoryCsv, mergeYieldHistoryCsv } from "./history.ts";
import type { ProtocolRow } from "./protocol-row.ts";

const protocols = [{ name: "BlackRock BUIDL (Securitize)" }, { name: "Maple Finance (Syrup)" }] as ProtocolRow[];
const HEADER = "name,day,apy_min,apy_max,source";

describe("data/yield-history.csv", () => {
  it("reads one range per protocol and day", () => {
    const text = `${HEADER}\nBlackRock BUIDL (Securitize),2026-09-05,3.25,3.59,defillama\nMaple Finance (Syrup),2026-09-05,4.83,5.02,defillama\n`;
    expect(checkYieldHistoryCsv(text, protocols)).toEqual({
      problems: [],
      rows: [
        { name: "BlackRock BUIDL (Securitize)", day: "2026-09-05", apy_min: 3.25, apy_max: 3.59, source: "defillama" },
        { name: "Maple Finance (Syrup)", day: "2026-09-05", apy_min: 4.83, apy_max: 5.02, source: "defillama" },
      ],
    });
  });

  it("reports each bad point as line N, column: message", () => {
    const text = [
      HEADER,
      "Nobody,2026-09-05,1,2,defillama",
      "Maple Finance (Syrup),2026-09-31,1,2,defillama",
      "Maple Finance (Syrup),2026-09-05,5,4,defillama",
      "Maple Finance (Syrup),2026-09-06,-1,1e3,defillama",
      "Maple Finance (Syrup),2026-09-07,1,2,guess",
      "Maple Finance (Syrup),2026-09-08,1,2",
      "Maple Finance (Syrup),2026-09-09,1,2,defillama",
      "Maple Finance (Syrup),2026-09-09,1,2,defillama",
    ].join("\n");
    expect(
      checkYieldHistoryCsv(text, protocols).problems.map((p) => `line ${p.line}, ${p.column}: ${p.message}`),
    ).toEqual([
      "line 2, name: 'Nobody' is not a protocol in data/protocols.csv",
      "line 3, day: '2026-09-31' is not a real date in YYYY-MM-DD form",
      "line 4, apy_min: 5 is above apy_max 4",
      "line 5, apy_min: '-1' is not an APY in percent (a number from 0 to below 1000)",
      "line 5, apy_max: '1e3' is not an APY in percent (a number from 0 to below 1000)",
      "line 6, source: 'guess' is not one of defillama, curated",
      "line 7, row: has 4 cells, expected 5 (name,day,apy_min,apy_max,source)",
      "line 9, day: Maple Finance (Syrup) already has a figure for 2026-09-09 on line 8",
    ]);
    expect(checkYieldHistoryCsv("name,day,apy,source\n", protocols).problems).toEqual([
      { line: 1, column: "header", message: `must be exactly ${HEADER}` },
    ]);
  });

  it("merges a run's points, replacing the same day, sorted by name then day", () => {
    const rows = [
      { name: "Maple Finance (Syrup)", day: "2026-09-05", apy_min: 4, apy_max: 5, source: "defillama" as const },
    ];
    const points = [
      { name: "Maple Finance (Syrup)", day: "2026-09-05", apy_min: 4.5, apy_max: 5, source: "defillama" as const },
      {
        name: "BlackRock BUIDL (Securitize)",
        day: "2026-09-05",
        apy_min: 3.25,
        apy_max: 3.59,
        source: "defillama" as const,
      },
    ];
    expect(mergeYieldHistoryCsv(rows, points)).toBe(
      `${HEADER}\nBlackRock BUIDL (Securitize),2026-09-05,3.25,3.59,defillama\nMaple Finance (Syrup),2026-09-05,4.5,5,defillama\n`,
    );
  });
});
