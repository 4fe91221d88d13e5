// data/protocols.csv's TVL: the display figure, and the live TVL columns behind it.
import { describe, expect, it } from "vitest";
import { parseTvl } from "./protocol-row.ts";
import { formatProblem } from "./problem.ts";
import { checkCsv } from "./protocols.ts";
import { csv, problemsFor, TODAY } from "./protocols-test-rows.ts";

describe("checkCsv: the TVL", () => {
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
});

describe("parseTvl", () => {
  it("converts display text to dollars", () => {
    expect(parseTvl("$2.8B")).toBe(2.8e9);
    expect(parseTvl("$350M")).toBe(350e6);
    expect(parseTvl("N/A")).toBeNull();
  });
});
