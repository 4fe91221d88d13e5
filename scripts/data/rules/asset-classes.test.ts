import { describe, expect, it } from "vitest";
import { checkAssetClassCsv } from "./asset-classes.ts";
import { formatProblem } from "./problem.ts";

const HEADER = "defillama_slug,asset_classes,source_url,reviewed_on";

describe("data/asset-classes.csv", () => {
  it("maps reviewed slugs to their classes", () => {
    const text = `${HEADER}\nhamilton-lane-senior-credit-opportunities-securitize-fund,Private Credit,https://securitize.io/primary-market/hamilton-lane,2026-11-25\nvnx,Commodities;US Treasuries,https://vnx.li/products,2026-11-25\n`;
    const { map, problems } = checkAssetClassCsv(text, "2026-11-25");
    expect(problems).toEqual([]);
    expect(map).toEqual(
      new Map([
        ["hamilton-lane-senior-credit-opportunities-securitize-fund", ["Private Credit"]],
        ["vnx", ["Commodities", "US Treasuries"]],
      ]),
    );
  });

  it("reports each bad entry as line N, column: message", () => {
    const text = [
      HEADER,
      "Bad Slug,Equities,https://x.io/page,2026-11-25",
      "vnx,Gold,https://x.io/page,2026-11-25",
      "vnx,Equities;Equities,http://x.io/page,2026-11-31",
      "other,,https://x.io/page,2099-01-01",
    ].join("\n");
    // A future day is judged against the later of the given day and the clock, so the given day
    // is one the clock cannot pass: the message stays the same whenever the suite runs.
    expect(checkAssetClassCsv(text, "2098-12-31").problems.map(formatProblem)).toEqual([
      "line 2, defillama_slug: 'Bad Slug' is not a DefiLlama slug (lower case letters, digits, '.', '_' and '-')",
      "line 3, asset_classes: 'Gold' is not one of US Treasuries, Private Credit, Real Estate, Commodities, Carbon Credits, Equities",
      "line 4, defillama_slug: duplicates the slug on line 3",
      "line 4, asset_classes: lists 'Equities' more than once",
      "line 4, source_url: 'http://x.io/page' is not an https page: cite the page that shows the asset class",
      "line 4, reviewed_on: '2026-11-31' is not a real date in YYYY-MM-DD form",
      "line 5, asset_classes: is required",
      "line 5, reviewed_on: 2099-01-01 is in the future (today is 2098-12-31)",
    ]);
  });

  it("requires the exact header", () => {
    expect(checkAssetClassCsv("slug,classes\n", "2026-11-25").problems.map(formatProblem)).toEqual([
      `line 1, header: must be exactly ${HEADER}`,
    ]);
  });
});
