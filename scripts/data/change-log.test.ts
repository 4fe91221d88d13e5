// The change log's rule (supabase/functions/refresh-protocols/lib/change-rules.ts) and the seed's
// change log, which replays the committed history through it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  readChangeThresholds,
  replayChanges,
  tvlMove,
  yieldMove,
} from "../../supabase/functions/refresh-protocols/lib/change-rules.ts";
import { buildChangesSeedSql, committedChanges } from "./change-log.ts";
import { checkHistoryCsv, checkYieldHistoryCsv } from "./rules/history.ts";
import { CSV_PATH, HISTORY_PATH, YIELD_HISTORY_PATH } from "./paths.ts";
import { checkCsv } from "./rules/protocols.ts";
import { todayUtc } from "./rules/cells.ts";

describe("tvlMove", () => {
  const before = [
    { day: "2026-11-13", usd: 100 },
    { day: "2026-11-19", usd: 100 },
  ];
  it("records a move of 10% or more against the day before, as '1d'", () => {
    expect(tvlMove("2026-11-20", 89.9, before, null)).toMatchObject({ field: "1d", old_value: "100", new_value: "90" });
    expect(tvlMove("2026-11-20", 110, before, null)?.field).toBe("1d");
  });

  it("records nothing for a small move", () => {
    expect(tvlMove("2026-11-20", 91, before, null)).toBeNull();
  });

  it("records a slow move of 20% or more over 7 days against the oldest point of the window, as '7d'", () => {
    const drift = [
      { day: "2026-11-13", usd: 100 },
      { day: "2026-11-16", usd: 88 },
      { day: "2026-11-19", usd: 81 },
    ];
    expect(tvlMove("2026-11-20", 79, drift, null)).toMatchObject({ field: "7d", old_value: "100", new_value: "79" });
    // A point from before the window does not count.
    expect(tvlMove("2026-11-21", 79, drift, null)).toBeNull();
  });

  it("tells one drop once: the week after a recorded move is measured from it", () => {
    const afterDrop = [
      { day: "2026-11-13", usd: 100 },
      { day: "2026-11-19", usd: 100 },
      { day: "2026-11-20", usd: 70 },
    ];
    expect(tvlMove("2026-11-21", 71, afterDrop, "2026-11-20")).toBeNull();
    expect(tvlMove("2026-11-21", 71, afterDrop, null)?.field).toBe("7d");
  });

  it("follows the thresholds it is given", () => {
    const t = { tvlDayPct: 5, tvlWeekPct: 50, yieldPoints: 1 };
    expect(tvlMove("2026-11-20", 94, before, null, t)?.field).toBe("1d");
  });
});

describe("yieldMove", () => {
  it("records a move of a percentage point or more at either end", () => {
    expect(yieldMove({ min: 9, max: 9 }, { min: 10.5, max: 10.5 })).toMatchObject({
      old_value: "9.0%",
      new_value: "10.5%",
    });
    expect(yieldMove({ min: 3.8, max: 4.2 }, { min: 3.8, max: 5.2 })?.new_value).toBe("3.8-5.2%");
    expect(yieldMove({ min: 3.8, max: 4.2 }, { min: 3.9, max: 4.9 })).toBeNull();
    expect(yieldMove(null, { min: 5, max: 5 })).toBeNull();
  });
});

describe("readChangeThresholds", () => {
  it("defaults to 10% a day, 20% over 7 days and 1 point, and reads each setting", () => {
    expect(readChangeThresholds(() => undefined)).toEqual({ tvlDayPct: 10, tvlWeekPct: 20, yieldPoints: 1 });
    expect(readChangeThresholds((name) => (name === "CHANGE_YIELD_POINTS" ? "0.5" : ""))).toEqual({
      tvlDayPct: 10,
      tvlWeekPct: 20,
      yieldPoints: 0.5,
    });
  });

  it("refuses a value that is not a positive number, naming the setting", () => {
    expect(() => readChangeThresholds((name) => (name === "CHANGE_TVL_DAY_PCT" ? "ten" : undefined))).toThrow(
      "CHANGE_TVL_DAY_PCT must be a positive number, e.g. 10",
    );
    expect(() => readChangeThresholds((name) => (name === "CHANGE_TVL_WEEK_PCT" ? "0" : undefined))).toThrow(
      /CHANGE_TVL_WEEK_PCT/,
    );
  });
});

describe("the seed's change log", () => {
  // The real day: a row reviewed later than a fixed day would be refused as 'in the future' and its moves lost.
  const rows = checkCsv(readFileSync(CSV_PATH, "utf8"), { today: todayUtc(), freshness: false }).rows;
  const history = checkHistoryCsv(readFileSync(HISTORY_PATH, "utf8"), rows).rows;
  const yields = checkYieldHistoryCsv(readFileSync(YIELD_HISTORY_PATH, "utf8"), rows).rows;
  const changes = committedChanges(rows, history, yields);

  it("is the committed history's real moves, each with DefiLlama's page as source", () => {
    expect(changes.length).toBeGreaterThan(10);
    expect(changes).toContainEqual(
      expect.objectContaining({
        name: "Frax USD",
        day: "2025-12-18",
        kind: "tvl",
        field: "1d",
        old_value: "109637900",
        new_value: "82995798",
        source_url: "https://defillama.com/protocol/frax-usd",
      }),
    );
    for (const change of changes) {
      const points = history.filter((h) => h.name === change.name).map((h) => String(h.tvl_usd));
      if (change.kind === "tvl") expect(points, change.name).toContain(change.new_value);
    }
    expect(changes.map((c) => c.day)).toEqual([...changes.map((c) => c.day)].sort().reverse());
  });

  it("is what replaying the history yields, and the seed inserts each of them", () => {
    expect(changes.length).toBe(replayChanges(history, yields).length);
    const sql = buildChangesSeedSql(changes);
    expect(sql.match(/^ {2}\(\d+, '/gm)).toHaveLength(changes.length);
    expect(buildChangesSeedSql([])).toBe("");
  });
});
