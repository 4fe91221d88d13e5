// data/protocols.csv's terms: the minimum investment's page, and the term sheet.
import { describe, expect, it } from "vitest";
import { INVESTOR_ACCESS, KYC_VALUES, REDEMPTION_VALUES } from "../../../src/config/domain.ts";
import { problemsFor } from "./protocols-test-rows.ts";

describe("checkCsv: the minimum investment", () => {
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
