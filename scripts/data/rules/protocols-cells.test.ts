// data/protocols.csv's cells as such, and the columns every row states: required cells, clean
// single lines, lengths, names, asset classes, chains, risk levels, URLs, as_of and source_url.
import { describe, expect, it } from "vitest";
import { ASSET_CLASSES, BLOCKCHAINS, RISK_LEVELS } from "../../../src/config/domain.ts";
import { formatProblem } from "./problem.ts";
import { COLUMNS } from "./protocol-row.ts";
import { checkCsv } from "./protocols.ts";
import { csv, problemsFor, TODAY, valid } from "./protocols-test-rows.ts";

describe("checkCsv: the cells", () => {
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
      "yield_document_date",
      "yield_source_kind",
      // Empty is 'Not rated' (rule 1.1, decision 015): data:check holds it to the rating rule instead.
      "risk_level",
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
    // Notes are labelled lines of at most 160 characters as read; a link's address counts only here.
    const notes = (length: number) => `Source: [page](https://example.com/${"x".repeat(length - 36)})`;
    expect(notes(2001)).toHaveLength(2001);
    expect(problemsFor({ notes: notes(2001) })).toEqual([
      "line 2, notes: is 2001 characters long, at most 2000 allowed",
    ]);
    expect(problemsFor({ name: "n".repeat(120), notes: notes(2000) })).toEqual([]);
  });

  it("allows only the six asset classes and 'Other', and every chain in one naming, without repeats or empty items", () => {
    expect(problemsFor({ asset_classes: "Commodities;Gold" })).toEqual([
      `line 2, asset_classes: 'Gold' is not one of ${ASSET_CLASSES.join(", ")}, Other`,
    ]);
    expect(problemsFor({ asset_classes: "Unclassified" })).toEqual([
      `line 2, asset_classes: 'Unclassified' is not one of ${ASSET_CLASSES.join(", ")}, Other`,
    ]);
    // 'Other' is a reviewed class for assets outside the six: alone, or beside them, once.
    expect(problemsFor({ asset_classes: "Other" })).toEqual([]);
    expect(problemsFor({ asset_classes: "US Treasuries;Private Credit;Other" })).toEqual([]);
    expect(problemsFor({ asset_classes: "Other;Equities;Other" })).toEqual([
      "line 2, asset_classes: lists 'Other' more than once",
    ]);
    expect(problemsFor({ asset_classes: "other" })).toEqual([
      `line 2, asset_classes: 'other' is not one of ${ASSET_CLASSES.join(", ")}, Other`,
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

  it("requires unique names, ignoring case, and points at the first one", () => {
    const text = csv(valid, { name: "Tether Gold (XAUt)" }, { name: "PAXOS GOLD (PAXG)" });
    expect(checkCsv(text, { today: TODAY }).problems.map(formatProblem)).toEqual([
      "line 4, name: duplicates the name on line 2 (names are unique, ignoring case)",
    ]);
  });
});
