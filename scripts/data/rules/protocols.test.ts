import { describe, expect, it } from "vitest";
import { serializeCsv } from "../csv.ts";
import {
  ASSET_CLASSES,
  BLOCKCHAINS,
  INVESTOR_ACCESS,
  KYC_VALUES,
  REDEMPTION_VALUES,
  RISK_LEVELS,
} from "../../../src/config/domain.ts";
import { formatProblem } from "./problem.ts";
import { COLUMNS, parseTvl, type Column } from "./protocol-row.ts";
import { checkCsv } from "./protocols.ts";

const TODAY = "2025-11-15";

const valid: Record<Column, string> = {
  name: "Paxos Gold (PAXG)",
  description: "NYDFS-regulated token for one troy ounce of London Good Delivery gold.",
  asset_classes: "Commodities",
  blockchains: "Ethereum;Solana",
  tvl: "$1.2B",
  yield_range: "N/A",
  risk_level: "Medium",
  min_investment: "None (secondary market)",
  url: "https://paxos.com/paxgold",
  source_url: "https://paxos.com/paxgold/transparency",
  as_of: "2025-10-07",
  notes: "TVL: published figure (7 Oct 2025).",
  defillama_slug: "",
  tvl_usd: "1200000000",
  tvl_as_of: "2025-10-07",
  tvl_source_url: "https://paxos.com/paxgold/transparency",
  tvl_source: "curated",
  investor_access: "unknown",
  kyc: "unknown",
  redemption: "unknown",
  redemption_days: "",
  fees: "unknown",
  terms_source_url: "",
  terms_as_of: "",
  defillama_id: "",
  yield_apy_min: "",
  yield_apy_max: "",
  yield_as_of: "",
  yield_source: "",
  yield_source_url: "",
  yield_pools: "",
  review_status: "reviewed",
  defillama_dropped_on: "",
  defillama_listed_at: "",
  defillama_audits: "",
  min_investment_source_url: "https://paxos.com/paxgold/how-to-buy",
};

function csv(...rows: Partial<Record<Column, string>>[]): string {
  return serializeCsv([[...COLUMNS], ...rows.map((r) => COLUMNS.map((c) => r[c] ?? valid[c]))]);
}

/** The problems data:check prints for a single data row (on line 2) with the given overrides. */
function problemsFor(overrides: Partial<Record<Column, string>>, today = TODAY): string[] {
  return checkCsv(csv({ ...valid, ...overrides }), { today }).problems.map(formatProblem);
}

// One expectation per rule, each with the whole message data:check prints: the rows look alike
// (problemsFor(...) then the message) because every message is part of the contract.
describe("checkCsv", () => {
  it("asks a reviewed row's stated minimum for the page that states it, from the review that added the column", () => {
    const reviewed = { as_of: "2026-11-25", tvl_as_of: "2026-11-25" };
    expect(problemsFor({ ...reviewed, min_investment_source_url: "" }, "2026-11-25")).toEqual([
      "line 2, min_investment_source_url: is required for a stated minimum: the page that states it",
    ]);
    expect(problemsFor({ ...reviewed }, "2026-11-25")).toEqual([]);
    // An older snapshot predates the column.
    expect(problemsFor({ min_investment_source_url: "" })).toEqual([]);
    expect(problemsFor({ min_investment: "Unknown" })).toEqual([
      "line 2, min_investment_source_url: must be empty when min_investment is Unknown",
    ]);
    expect(problemsFor({ min_investment_source_url: "http://paxos.com/paxgold" })).toEqual([
      "line 2, min_investment_source_url: 'http://paxos.com/paxgold' must use https",
    ]);
  });

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
      `line 2, row: has 3 cells, expected 36 (${COLUMNS.join(",")}); quote cells that contain commas`,
    ]);
  });

  it("reports CSV syntax errors with their line", () => {
    const text = `${COLUMNS.join(",")}\n"unterminated,x\n`;
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      "line 2, csv: unterminated quoted field",
    ]);
  });

  it("requires every cell except notes, defillama_slug, tvl_usd, (explained) tvl_source_url and the optional term cells", () => {
    // Spelled out, not imported from rules.ts's OPTIONAL: the test states the contract, so a change
    // to the rules' list fails here instead of passing along with it.
    const optional = [
      "notes",
      "defillama_slug",
      "tvl_usd",
      "tvl_source_url",
      "redemption_days",
      "terms_source_url",
      "terms_as_of",
      "defillama_id",
      "yield_apy_min",
      "yield_apy_max",
      "yield_as_of",
      "yield_source",
      "yield_source_url",
      "yield_pools",
      "defillama_dropped_on",
      "defillama_listed_at",
      "defillama_audits",
      "min_investment_source_url",
    ];
    const terms = ["investor_access", "kyc", "redemption", "fees"];
    for (const column of COLUMNS.filter((c) => !optional.includes(c) && !terms.includes(c))) {
      expect(problemsFor({ [column]: "" })).toContain(`line 2, ${column}: is required`);
    }
    for (const column of terms) {
      expect(problemsFor({ [column]: "" })).toContain(
        `line 2, ${column}: is required (write unknown when no source states it)`,
      );
    }
  });

  it("rejects surrounding whitespace and multi-line values", () => {
    expect(problemsFor({ name: " Paxos Gold" })).toEqual(["line 2, name: has leading or trailing whitespace"]);
    expect(problemsFor({ tvl: "$1.2B\n" })).toContain("line 2, tvl: must be a single line");
  });

  it("enforces the database's length limits", () => {
    expect(problemsFor({ name: "n".repeat(121) })).toEqual([
      "line 2, name: is 121 characters long, at most 120 allowed",
    ]);
    expect(problemsFor({ description: "d".repeat(1001) })).toEqual([
      "line 2, description: is 1001 characters long, at most 1000 allowed",
    ]);
    expect(problemsFor({ yield_range: "y".repeat(61) })).toEqual([
      "line 2, yield_range: is 61 characters long, at most 60 allowed",
    ]);
    expect(problemsFor({ min_investment: "m".repeat(81) })).toEqual([
      "line 2, min_investment: is 81 characters long, at most 80 allowed",
    ]);
    expect(problemsFor({ notes: "x".repeat(1001) })).toEqual([
      "line 2, notes: is 1001 characters long, at most 1000 allowed",
    ]);
    expect(problemsFor({ name: "n".repeat(120), notes: "x".repeat(1000) })).toEqual([]);
  });

  it("allows only the six asset classes, and every chain in one naming, without repeats or empty items", () => {
    expect(problemsFor({ asset_classes: "Commodities;Gold" })).toEqual([
      `line 2, asset_classes: 'Gold' is not one of ${ASSET_CLASSES.join(", ")}`,
    ]);
    expect(problemsFor({ asset_classes: "Unclassified" })).toEqual([
      `line 2, asset_classes: 'Unclassified' is not one of ${ASSET_CLASSES.join(", ")}`,
    ]);
    // Every chain a protocol is on is kept: the eleven as the spec spells them, others by name.
    expect(problemsFor({ blockchains: [...BLOCKCHAINS, "Arbitrum", "BNB Chain", "Hyperliquid L1"].join(";") })).toEqual(
      [],
    );
    expect(problemsFor({ blockchains: "Gnosis" })).toEqual([
      "line 2, blockchains: 'Gnosis' is written 'Gnosis Chain' here (one name per chain)",
    ]);
    expect(problemsFor({ blockchains: "Ethereum;BSC;OP Mainnet" })).toEqual([
      "line 2, blockchains: 'BSC' is written 'BNB Chain' here (one name per chain)",
      "line 2, blockchains: 'OP Mainnet' is written 'Optimism' here (one name per chain)",
    ]);
    expect(problemsFor({ blockchains: "ethereum" })).toEqual(["line 2, blockchains: 'ethereum' is written 'Ethereum'"]);
    expect(problemsFor({ blockchains: `Ethereum;${"x".repeat(61)}` })).toEqual([
      `line 2, blockchains: '${"x".repeat(61)}' is not a chain name (at most 60 characters, no '|')`,
    ]);
    expect(problemsFor({ blockchains: "Ethereum;Ethereum" })).toEqual([
      "line 2, blockchains: lists 'Ethereum' more than once",
    ]);
    expect(problemsFor({ blockchains: "Ethereum;" })[0]).toMatch(/^line 2, blockchains: has an empty item/);
    expect(problemsFor({ blockchains: "Ethereum; Solana" })).toEqual([]);
  });

  it("accepts only parseable TVL figures or N/A", () => {
    for (const [tvl, tvl_usd] of [
      ["$2.8B", "2800000000"],
      ["$350M", "350000000"],
      ["$1M", "1000000"],
      ["N/A", ""],
    ] as const) {
      expect(problemsFor({ tvl, tvl_usd })).toEqual([]);
    }
    for (const tvl of ["~$15M", "$2.8b", "2.8B", "$1,200M", "Unclear (~$60M?)", "$.5B"]) {
      expect(problemsFor({ tvl })).toEqual([
        `line 2, tvl: '${tvl}' is not a TVL: write $<number>M or $<number>B (e.g. $2.8B, $350M) or N/A, and say in notes when it is an estimate`,
      ]);
    }
  });

  it("accepts only the four risk levels, exactly", () => {
    expect(problemsFor({ risk_level: "very high" })).toEqual([
      `line 2, risk_level: 'very high' is not one of ${RISK_LEVELS.join(", ")}`,
    ]);
  });

  it("requires https URLs without spaces for url and source_url", () => {
    expect(problemsFor({ url: "http://paxos.com" })).toEqual(["line 2, url: 'http://paxos.com' must use https"]);
    expect(problemsFor({ source_url: "javascript:alert(1)" })).toEqual([
      "line 2, source_url: 'javascript:alert(1)' is not an http(s) URL without spaces",
    ]);
    expect(problemsFor({ source_url: "https://paxos .com" })[0]).toMatch(/not an http\(s\) URL without spaces/);
    expect(problemsFor({ url: "https://localhost" })).toEqual([
      "line 2, url: 'https://localhost' has no valid host name",
    ]);
  });

  it("requires as_of to be a real date that is neither in the future nor older than 120 days", () => {
    expect(problemsFor({ as_of: "2025-02-30" })).toEqual([
      "line 2, as_of: '2025-02-30' is not a real date in YYYY-MM-DD form",
    ]);
    expect(problemsFor({ as_of: "31/10/2025" })).toEqual([
      "line 2, as_of: '31/10/2025' is not a real date in YYYY-MM-DD form",
    ]);
    expect(problemsFor({ as_of: "2025-11-16" })).toEqual([
      "line 2, as_of: 2025-11-16 is in the future (today is 2025-11-15)",
    ]);
    expect(problemsFor({ as_of: "2025-07-18" })).toEqual([]); // exactly 120 days
    expect(problemsFor({ as_of: "2025-07-17" })).toEqual([
      "line 2, as_of: 2025-07-17 is 121 days old as of 2025-11-15 (limit 120): refresh the figure, or review a historical snapshot with --today",
    ]);
    expect(problemsFor({ as_of: "2014-12-31", tvl_as_of: "2015-01-01" }, "2015-01-02")).toEqual([
      "line 2, as_of: 2014-12-31 is before 2015-01-01",
    ]);
  });

  it("requires source_url to be a page stating the figure, not the homepage, unless the notes say none is known", () => {
    const homepage =
      "line 2, source_url: is the protocol's homepage, which does not state the figures: link the page that does, or say in notes 'No page stating this figure is known' and why";
    expect(problemsFor({ source_url: "https://paxos.com/paxgold" })).toEqual([homepage]);
    expect(problemsFor({ source_url: "https://paxos.com/paxgold/" })).toEqual([homepage]);
    expect(
      problemsFor({
        source_url: "https://paxos.com/paxgold",
        notes: "TVL: estimate. No page stating this figure is known: it is our estimate.",
      }),
    ).toEqual([]);
  });

  it("checks the live TVL columns: slug, dollars matching the display text, day, source and its page", () => {
    const llama = {
      defillama_slug: "paxos-gold",
      tvl_source: "defillama",
      tvl_source_url: "https://defillama.com/protocol/paxos-gold",
      tvl: "$1.5B",
      tvl_usd: "1528522378",
    };
    expect(problemsFor(llama)).toEqual([]);
    expect(problemsFor({ ...llama, tvl_source_url: "https://defillama.com/protocol/other" })).toEqual([
      "line 2, tvl_source_url: must be https://defillama.com/protocol/paxos-gold for a DefiLlama figure",
    ]);
    expect(problemsFor({ ...llama, defillama_slug: "" })).toEqual([
      "line 2, defillama_slug: is required when tvl_source is defillama",
    ]);
    expect(problemsFor({ ...llama, defillama_slug: "Paxos Gold" })[0]).toBe(
      "line 2, defillama_slug: 'Paxos Gold' is not a DefiLlama slug (lower case letters, digits, '.', '_' and '-')",
    );
    expect(problemsFor({ tvl_source: "rwa.xyz" })).toEqual([
      "line 2, tvl_source: 'rwa.xyz' is not one of defillama, curated",
    ]);
    expect(problemsFor({ tvl_usd: "1,200,000,000" })).toEqual([
      "line 2, tvl_usd: '1,200,000,000' is not an amount in US dollars (digits, optional decimals, no '$' or separators)",
    ]);
    expect(problemsFor({ tvl_usd: "" })).toEqual([
      "line 2, tvl_usd: is required when tvl is a figure (write the dollars $1.2B stands for)",
    ]);
    expect(problemsFor({ tvl_usd: "2000000000" })).toEqual([
      "line 2, tvl_usd: 2000000000 does not match tvl $1.2B (it formats as $2.0B)",
    ]);
    expect(problemsFor({ tvl: "N/A", tvl_usd: "5" })).toEqual(["line 2, tvl_usd: must be empty when tvl is N/A"]);
    expect(problemsFor({ tvl_as_of: "2025-11-16" })).toEqual([
      "line 2, tvl_as_of: 2025-11-16 is in the future (today is 2025-11-15)",
    ]);
    expect(problemsFor({ tvl_source_url: "" })).toEqual([
      "line 2, tvl_source_url: is required: the page stating the figure (or, for a curated figure no page states, say in notes 'No page stating this figure is known')",
    ]);
    expect(
      problemsFor({
        tvl_source_url: "",
        source_url: "https://paxos.com/paxgold",
        notes: "TVL: estimate. No page stating this figure is known.",
      }),
    ).toEqual([]);
    expect(problemsFor({ tvl_source_url: "http://paxos.com/x" })).toEqual([
      "line 2, tvl_source_url: 'http://paxos.com/x' must use https",
    ]);
    const text = csv(llama, { ...llama, name: "Other" });
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      "line 3, defillama_slug: duplicates the slug on line 2",
    ]);
  });

  it("skips only the freshness rule when asked (data:build)", () => {
    const text = csv({ as_of: "2024-01-01" });
    expect(checkCsv(text, { today: TODAY, freshness: false }).problems).toEqual([]);
    expect(checkCsv(csv({ as_of: "2030-01-01" }), { today: TODAY, freshness: false }).problems).toHaveLength(1);
  });

  it("requires unique names, ignoring case, and points at the first one", () => {
    const text = csv(valid, { name: "Tether Gold (XAUt)" }, { name: "PAXOS GOLD (PAXG)" });
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      "line 4, name: duplicates the name on line 2 (names are unique, ignoring case)",
    ]);
  });

  it("numbers lines as in the file, counting quoted newlines", () => {
    const text = csv({ notes: "first\nsecond" }, { name: "Tether Gold (XAUt)", risk_level: "Extreme" });
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      `line 4, risk_level: 'Extreme' is not one of ${RISK_LEVELS.join(", ")}`,
    ]);
  });
});

describe("parseTvl", () => {
  it("converts display text to dollars", () => {
    expect(parseTvl("$2.8B")).toBe(2.8e9);
    expect(parseTvl("$350M")).toBe(350e6);
    expect(parseTvl("N/A")).toBeNull();
  });
});

describe("checkCsv: the term sheet", () => {
  const sourced = { terms_source_url: "https://docs.example.com/faq", terms_as_of: "2025-11-01" };

  it("accepts every value of each enum", () => {
    for (const value of INVESTOR_ACCESS) expect(problemsFor({ investor_access: value, ...sourced })).toEqual([]);
    for (const value of KYC_VALUES) expect(problemsFor({ kyc: value, ...sourced })).toEqual([]);
    for (const value of REDEMPTION_VALUES.filter((v) => v !== "days"))
      expect(problemsFor({ redemption: value, ...sourced })).toEqual([]);
    expect(problemsFor({ redemption: "days", redemption_days: "2", ...sourced })).toEqual([]);
  });

  it("rejects values outside each enum, case included", () => {
    expect(problemsFor({ investor_access: "Retail", ...sourced })).toEqual([
      `line 2, investor_access: 'Retail' is not one of ${INVESTOR_ACCESS.join(", ")}`,
    ]);
    expect(problemsFor({ kyc: "maybe", ...sourced })).toEqual([
      `line 2, kyc: 'maybe' is not one of ${KYC_VALUES.join(", ")}`,
    ]);
    expect(problemsFor({ redemption: "weekly", ...sourced })).toEqual([
      `line 2, redemption: 'weekly' is not one of ${REDEMPTION_VALUES.join(", ")}`,
    ]);
  });

  it("requires redemption_days exactly with 'days', as a whole number from 1 to 365", () => {
    expect(problemsFor({ redemption: "days", ...sourced })).toEqual([
      "line 2, redemption_days: is required when redemption is days (the number of days, e.g. 2)",
    ]);
    expect(problemsFor({ redemption: "instant", redemption_days: "3", ...sourced })).toEqual([
      "line 2, redemption_days: must be empty unless redemption is days (it is 'instant')",
    ]);
    for (const bad of ["0", "366", "1.5", "two", "-1"]) {
      expect(problemsFor({ redemption: "days", redemption_days: bad, ...sourced })).toEqual([
        `line 2, redemption_days: '${bad}' is not a whole number of days from 1 to 365`,
      ]);
    }
  });

  it("requires a terms_source_url on every row where any term is not unknown", () => {
    expect(problemsFor({ kyc: "no" })).toEqual([
      "line 2, terms_source_url: is required because kyc is not unknown: cite the page that states the terms",
    ]);
    expect(problemsFor({ investor_access: "retail", fees: "None" })).toEqual([
      "line 2, terms_source_url: is required because investor_access, fees are not unknown: cite the page that states the terms",
    ]);
    // All unknown: nothing to cite.
    expect(problemsFor({})).toEqual([]);
  });

  it("checks the terms source and its date", () => {
    expect(problemsFor({ kyc: "yes", terms_source_url: "http://docs.example.com", terms_as_of: "2025-11-01" })).toEqual(
      ["line 2, terms_source_url: 'http://docs.example.com' must use https"],
    );
    expect(problemsFor({ kyc: "yes", terms_source_url: "https://docs.example.com" })).toEqual([
      "line 2, terms_as_of: is required with terms_source_url (the date you read the terms)",
    ]);
    expect(problemsFor({ kyc: "yes", ...sourced, terms_as_of: "2025-02-30" })).toEqual([
      "line 2, terms_as_of: '2025-02-30' is not a real date in YYYY-MM-DD form",
    ]);
    expect(problemsFor({ kyc: "yes", ...sourced, terms_as_of: "2099-01-01" })[0]).toMatch(
      /^line 2, terms_as_of: 2099-01-01 is in the future/,
    );
  });

  it("keeps fees short and 'unknown' in one spelling", () => {
    expect(problemsFor({ fees: "x".repeat(121), ...sourced })).toEqual([
      "line 2, fees: is 121 characters long, at most 120 allowed",
    ]);
    expect(problemsFor({ fees: "Unknown", ...sourced })).toEqual([
      "line 2, fees: write unknown in lower case, not 'Unknown'",
    ]);
  });
});

describe("checkCsv: yields, tracked rows and DefiLlama's columns", () => {
  const covered = {
    defillama_slug: "paxos-gold",
    tvl_source: "defillama",
    tvl_source_url: "https://defillama.com/protocol/paxos-gold",
    tvl: "$1.5B",
    tvl_usd: "1528522378",
  };
  const llamaYield = {
    ...covered,
    yield_range: "3.3-3.6%",
    yield_apy_min: "3.25",
    yield_apy_max: "3.59",
    yield_as_of: "2025-11-15",
    yield_source: "defillama",
    yield_source_url: "https://defillama.com/yields?project=paxos-gold",
  };
  const curatedYield = {
    yield_source: "curated",
    yield_source_url: "https://paxos.com/paxgold/rates",
    yield_as_of: "2025-11-01",
  };
  const tracked = { ...covered, review_status: "tracked", risk_level: "", asset_classes: "Unclassified" };

  it("accepts a DefiLlama yield whose text is its range, on the project page or one pool's page", () => {
    expect(problemsFor(llamaYield)).toEqual([]);
    expect(
      problemsFor({
        ...llamaYield,
        yield_source_url: "https://defillama.com/yields/pool/1910847a-f8b5-40ce-a1ab-1dafdded5fbb",
      }),
    ).toEqual([]);
    expect(checkCsv(csv({ ...valid, ...llamaYield }), { today: TODAY }).rows[0]).toMatchObject({
      yield_apy_min: 3.25,
      yield_apy_max: 3.59,
      yield_source: "defillama",
      yield_as_of: "2025-11-15",
    });
  });

  it("rejects a DefiLlama yield without its figures, day or DefiLlama page, or whose text is not its range", () => {
    expect(problemsFor({ ...llamaYield, yield_range: "3-4%" })).toEqual([
      "line 2, yield_range: '3-4%' does not match the DefiLlama range (it formats as 3.3-3.6%)",
    ]);
    expect(problemsFor({ ...llamaYield, yield_source_url: "https://paxos.com/rates" })).toEqual([
      "line 2, yield_source_url: must be a DefiLlama pool page (https://defillama.com/yields/pool/<id>) or https://defillama.com/yields?project=paxos-gold for a DefiLlama yield",
    ]);
    expect(problemsFor({ ...llamaYield, yield_as_of: "" })).toEqual([
      "line 2, yield_as_of: is required when yield_source is defillama",
    ]);
    expect(problemsFor({ ...llamaYield, yield_apy_min: "", yield_apy_max: "" })).toEqual([
      "line 2, yield_apy_min: is required when yield_source is defillama (with yield_apy_max)",
    ]);
    expect(problemsFor({ ...llamaYield, yield_apy_max: "" })).toEqual([
      "line 2, yield_apy_max: yield_apy_min and yield_apy_max go together (both ends of the range, or neither)",
      "line 2, yield_apy_min: is required when yield_source is defillama (with yield_apy_max)",
    ]);
    expect(problemsFor({ ...llamaYield, yield_apy_min: "4", yield_apy_max: "3.59" })).toEqual([
      "line 2, yield_apy_min: 4 is above yield_apy_max 3.59",
      "line 2, yield_range: '3.3-3.6%' does not match the DefiLlama range (it formats as 4.0-3.6%)",
    ]);
    expect(problemsFor({ ...llamaYield, yield_apy_max: "5e21" })).toEqual([
      "line 2, yield_apy_max: '5e21' is not an APY in percent (a number from 0 to below 1000, e.g. 3.25)",
    ]);
    expect(problemsFor({ ...llamaYield, defillama_slug: "", tvl_source: "curated" })).toContain(
      "line 2, defillama_slug: is required when yield_source is defillama",
    );
    expect(problemsFor({ ...llamaYield, yield_as_of: "2025-11-16" })).toEqual([
      "line 2, yield_as_of: 2025-11-16 is in the future (today is 2025-11-15)",
    ]);
  });

  it("requires a curated yield to cite its page and the date it was read", () => {
    expect(problemsFor(curatedYield)).toEqual([]);
    expect(problemsFor({ ...curatedYield, yield_source_url: "" })).toEqual([
      "line 2, yield_source_url: is required when yield_source is curated: the page that states the yield",
    ]);
    expect(problemsFor({ ...curatedYield, yield_as_of: "" })).toEqual([
      "line 2, yield_as_of: is required when yield_source is curated: the date the page gives for the yield, else the day it was read",
    ]);
    expect(problemsFor({ ...curatedYield, yield_source_url: "http://paxos.com/rates" })).toEqual([
      "line 2, yield_source_url: 'http://paxos.com/rates' must use https",
    ]);
    expect(problemsFor({ yield_source: "issuer" })).toEqual([
      "line 2, yield_source: 'issuer' is not one of defillama, curated",
    ]);
    // A yield with no source yet is an older, unsourced figure: it carries no yield_* figures.
    expect(problemsFor({ yield_as_of: "2025-11-01" })).toEqual([
      "line 2, yield_as_of: needs yield_source (defillama, or curated with the page that states the yield)",
    ]);
  });

  it("allows a tracked row to be not rated, unclassified and older than 120 days, never a reviewed one", () => {
    expect(problemsFor(tracked)).toEqual([]);
    expect(problemsFor({ ...tracked, as_of: "2025-01-01" })).toEqual([]);
    expect(problemsFor({ ...tracked, asset_classes: "Real Estate" })).toEqual([]);
    expect(checkCsv(csv({ ...valid, ...tracked }), { today: TODAY }).rows[0]).toMatchObject({
      review_status: "tracked",
      risk_level: null,
      asset_classes: ["Unclassified"],
    });
    expect(problemsFor({ risk_level: "" })).toEqual(["line 2, risk_level: is required"]);
    expect(problemsFor({ ...tracked, asset_classes: "Unclassified;Equities" })).toEqual([
      "line 2, asset_classes: 'Unclassified' stands alone: list the reviewed classes instead",
    ]);
    expect(problemsFor({ ...tracked, defillama_slug: "", tvl_source: "curated" })).toContain(
      "line 2, defillama_slug: is required on a tracked row (it comes from DefiLlama)",
    );
    expect(problemsFor({ review_status: "draft" })).toEqual([
      "line 2, review_status: 'draft' is not one of reviewed, tracked",
    ]);
    expect(problemsFor({ review_status: "" })).toEqual(["line 2, review_status: is required"]);
  });

  it("takes a tracked row's class from data/asset-classes.csv, else 'Unclassified'", () => {
    const check = (overrides: Partial<Record<Column, string>>, map: Map<string, string[]>) =>
      checkCsv(csv({ ...valid, ...overrides }), { today: TODAY, assetClassMap: map }).problems.map(formatProblem);
    const mapped = new Map([["paxos-gold", ["Commodities"]]]);
    expect(check({ ...tracked, asset_classes: "Commodities" }, mapped)).toEqual([]);
    expect(check(tracked, mapped)).toEqual([
      "line 2, asset_classes: data/asset-classes.csv maps paxos-gold to Commodities: write Commodities",
    ]);
    expect(check({ ...tracked, asset_classes: "Commodities" }, new Map())).toEqual([
      "line 2, asset_classes: paxos-gold is not in data/asset-classes.csv: write Unclassified until a reviewed entry maps it",
    ]);
    // Reviewed rows keep their own classes.
    expect(check({ ...covered, asset_classes: "Equities" }, mapped)).toEqual([]);
  });

  it("checks DefiLlama's id, audits and dates, unique ids and the pool filter", () => {
    expect(
      problemsFor({
        ...covered,
        defillama_id: "4265",
        defillama_audits: "2",
        defillama_listed_at: "2024-07-06",
        defillama_dropped_on: "2025-11-01",
        yield_pools: "USTB;1910847a-f8b5-40ce-a1ab-1dafdded5fbb",
      }),
    ).toEqual([]);
    expect(problemsFor({ ...covered, defillama_id: "42.5" })).toEqual([
      "line 2, defillama_id: '42.5' is not a DefiLlama protocol id (a whole number, e.g. 4265)",
    ]);
    expect(problemsFor({ defillama_id: "4265" })).toEqual([
      "line 2, defillama_id: needs the defillama_slug of the same entry",
    ]);
    expect(problemsFor({ ...covered, defillama_audits: "4" })).toEqual([
      "line 2, defillama_audits: '4' is not one of 0, 1, 2, 3 (DefiLlama's audits: none, partly, yes, fork)",
    ]);
    expect(problemsFor({ ...covered, defillama_dropped_on: "2025-11-31" })).toEqual([
      "line 2, defillama_dropped_on: '2025-11-31' is not a real date in YYYY-MM-DD form",
    ]);
    expect(problemsFor({ ...covered, defillama_listed_at: "2026-01-01" })).toEqual([
      "line 2, defillama_listed_at: 2026-01-01 is in the future (today is 2025-11-15)",
    ]);
    expect(problemsFor({ ...covered, yield_pools: "USTB;" })).toEqual([
      "line 2, yield_pools: has an empty item (separate pool ids or symbols with ';')",
    ]);
    expect(problemsFor({ yield_pools: "USTB" })).toEqual([
      "line 2, yield_pools: filters DefiLlama pools, so it needs a defillama_slug",
    ]);
    const twice = checkCsv(
      csv(
        { ...valid, ...covered, defillama_id: "4265" },
        {
          ...valid,
          name: "Other",
          defillama_slug: "other",
          defillama_id: "4265",
        },
      ),
      { today: TODAY },
    ).problems.map(formatProblem);
    expect(twice).toEqual(["line 3, defillama_id: duplicates the id on line 2"]);
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
