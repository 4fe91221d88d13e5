// data/protocols.csv's yields, tracked rows and DefiLlama columns.
import { describe, expect, it } from "vitest";
import { formatProblem } from "./problem.ts";
import type { Column } from "./protocol-row.ts";
import { checkCsv } from "./protocols.ts";
import { csv, problemsFor, TODAY, valid } from "./protocols-test-rows.ts";

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
    yield_document_date: "2025-10-31",
    yield_source_kind: "Fact sheet",
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
      "line 2, yield_as_of: is required when yield_source is curated: the day the page was read",
    ]);
    expect(problemsFor({ ...curatedYield, yield_document_date: "", yield_source_kind: "" })).toEqual([
      "line 2, yield_document_date: is required when yield_source is curated: the date the page states, or 'undated'",
      expect.stringContaining(
        "line 2, yield_source_kind: is required when yield_source is curated: one of Fact sheet,",
      ),
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

  it("allows a tracked row to be unclassified and older than 120 days, never a reviewed one; either may be not rated", () => {
    expect(problemsFor(tracked)).toEqual([]);
    expect(problemsFor({ ...tracked, as_of: "2025-01-01" })).toEqual([]);
    expect(problemsFor({ ...tracked, asset_classes: "Real Estate" })).toEqual([]);
    expect(checkCsv(csv({ ...valid, ...tracked }), { today: TODAY }).rows[0]).toMatchObject({
      review_status: "tracked",
      risk_level: null,
      asset_classes: ["Unclassified"],
    });
    // Rule 1.1: a reviewed row left with fewer than five evidenced factors is 'Not rated' too.
    expect(problemsFor({ risk_level: "" })).toEqual([]);
    expect(problemsFor({ ...tracked, asset_classes: "Unclassified;Equities" })).toEqual([
      "line 2, asset_classes: 'Unclassified' stands alone: list the reviewed classes instead",
    ]);
    // 'Other' is a reviewed class: a tracked row is not reviewed yet.
    expect(problemsFor({ ...tracked, asset_classes: "Other" })).toEqual([
      "line 2, asset_classes: 'Other' is not one of US Treasuries, Private Credit, Real Estate, Commodities, Carbon Credits, Equities, Unclassified",
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
