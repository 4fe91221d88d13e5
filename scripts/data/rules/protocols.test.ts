// data/protocols.csv as a file: the header, the cells per row, CSV syntax, line numbers, the rows
// it gives, and every problem of a bad row reported.
import { describe, expect, it } from "vitest";
import { RISK_LEVELS } from "../../../src/config/domain.ts";
import { serializeCsv } from "../csv.ts";
import { formatProblem } from "./problem.ts";
import { COLUMNS } from "./protocol-row.ts";
import { checkCsv } from "./protocols.ts";
import { csv, problemsFor, TODAY, valid } from "./protocols-test-rows.ts";

describe("checkCsv", () => {
  it("accepts a valid row and maps it to a database row", () => {
    const { rows, problems } = checkCsv(csv(valid), { today: TODAY });
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        ...valid,
        asset_classes: ["Commodities"],
        blockchains: ["Ethereum", "Solana"],
        tvl_usd: 1_200_000_000,
        defillama_slug: null,
        redemption_days: null,
        terms_source_url: null,
        terms_as_of: null,
        defillama_id: null,
        yield_apy_min: null,
        yield_apy_max: null,
        yield_as_of: null,
        yield_source: null,
        yield_source_url: null,
        yield_pools: null,
        defillama_dropped_on: null,
        defillama_listed_at: null,
        defillama_audits: null,
        yield_document_date: null,
        yield_source_kind: null,
      },
    ]);
  });

  it("stores empty notes as null", () => {
    expect(checkCsv(csv({ notes: "" }), { today: TODAY }).rows[0]?.notes).toBeNull();
  });

  it("requires the exact header", () => {
    const text = serializeCsv([
      ["name", "description", "extra"],
      ["a", "b", "c"],
    ]);
    const messages = checkCsv(text, { today: TODAY }).problems.map(formatProblem);
    expect(messages).toContain("line 1, header: missing column 'tvl'");
    expect(messages).toContain("line 1, header: unknown column 'extra'");
    const reordered = serializeCsv([[...COLUMNS].reverse()]);
    expect(checkCsv(reordered, { today: TODAY }).problems.map(formatProblem)).toEqual([
      `line 1, header: columns must be in this order: ${COLUMNS.join(",")}`,
    ]);
    expect(checkCsv("", { today: TODAY }).problems[0]?.message).toMatch(/file is empty/);
  });

  it("reports rows with the wrong number of cells", () => {
    const text = `${COLUMNS.join(",")}\nonly,three,cells\n`;
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      `line 2, row: has 3 cells, expected 38 (${COLUMNS.join(",")}); quote cells that contain commas`,
    ]);
  });

  it("reports CSV syntax errors with their line", () => {
    const text = `${COLUMNS.join(",")}\n"unterminated,x\n`;
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      "line 2, csv: unterminated quoted field",
    ]);
  });

  it("skips only the freshness rule when asked (data:build)", () => {
    const text = csv({ as_of: "2024-01-01" });
    expect(checkCsv(text, { today: TODAY, freshness: false }).problems).toEqual([]);
    expect(checkCsv(csv({ as_of: "2030-01-01" }), { today: TODAY, freshness: false }).problems).toHaveLength(1);
  });

  it("numbers lines as in the file, counting quoted newlines", () => {
    const text = csv({ notes: "TVL: first\nYield: second" }, { name: "Tether Gold (XAUt)", risk_level: "Extreme" });
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      `line 4, risk_level: 'Extreme' is not one of ${RISK_LEVELS.join(", ")}`,
    ]);
  });
});

describe("checkCsv: a row with many problems", () => {
  it("reports every rule's message, in column order for the cells and then rule by rule", () => {
    expect(
      problemsFor({
        name: " Paxos Gold",
        description: "d".repeat(1001),
        fees: "",
        tvl: "~$15M",
        risk_level: "Extreme",
        url: "http://paxos.com",
        as_of: "2025-11-16",
        kyc: "yes",
        defillama_audits: "4",
        yield_as_of: "2025-11-01",
      }),
    ).toEqual([
      "line 2, name: has leading or trailing whitespace",
      "line 2, fees: is required (write unknown when no source states it)",
      "line 2, description: is 1001 characters long, at most 1000 allowed",
      "line 2, tvl: '~$15M' is not a TVL: write $<number>M or $<number>B (e.g. $2.8B, $350M) or N/A, and say in notes when it is an estimate",
      `line 2, risk_level: 'Extreme' is not one of ${RISK_LEVELS.join(", ")}`,
      "line 2, url: 'http://paxos.com' must use https",
      "line 2, as_of: 2025-11-16 is in the future (today is 2025-11-15)",
      "line 2, terms_source_url: is required because kyc is not unknown: cite the page that states the terms",
      "line 2, defillama_audits: '4' is not one of 0, 1, 2, 3 (DefiLlama's audits: none, partly, yes, fork)",
      "line 2, yield_as_of: needs yield_source (defillama, or curated with the page that states the yield)",
    ]);
  });
});
