// `npm run bench` (never `npm test`): the directory's pure functions over 10,000 rows, the
// scale the page must stay fast at (a hundred times the data, docs/performance.md). Rows follow the local API's synthetic set.
import { expect, test } from "vitest";
import { ASSET_CLASSES, BLOCKCHAINS, RISK_LEVELS } from "@/config/site";
import { DEFAULT_FILTERS, filterProtocols } from "../filters/filter";
import { computeStats } from "../model/stats";
import { totalTvl } from "../model/tvl";
import type { Protocol } from "../model/types";

const ROWS = 10_000;

function syntheticProtocol(i: number): Protocol {
  const name = `Synthetic Protocol ${String(i).padStart(6, "0")}`;
  const assetClasses = [ASSET_CLASSES[i % 6]!, ...(i % 4 === 0 ? [ASSET_CLASSES[(i + 1) % 6]!] : [])];
  const blockchains = Array.from({ length: (i % 5) + 1 }, (_, k) => BLOCKCHAINS[(i + k * 3) % 11]!);
  const tvl = i % 17 === 0 ? "N/A" : i % 3 === 0 ? `$${1 + (i % 9)}.${i % 10}B` : `$${1 + ((i * 37) % 999)}M`;
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    slug: name.toLowerCase().replace(/\s+/g, "-"),
    name,
    // Written out like model.test.ts's expected row: the bench builds its rows as literals.
    terms: {
      investorAccess: (
        ["retail", "retail-non-us", "accredited", "qualified-purchaser", "institutional", "unknown"] as const
      )[i % 6]!,
      kyc: "unknown",
      redemption: "unknown",
      redemptionDays: null,
      fees: "unknown",
      sourceUrl: null,
      asOf: null,
    },
    description: `Synthetic test row ${i} for scale testing. Not a real protocol and not market data.`,
    assetClasses,
    blockchains,
    tvl,
    yieldRange: `${2 + (i % 5)}-${6 + (i % 7)}%`,
    riskLevel: RISK_LEVELS[i % 4]!,
    minInvestment: i % 2 === 0 ? "None" : `$${1 + ((i * 13) % 100_000)}`,
    url: `https://example.com/synthetic/${i}`,
    sourceUrl: null,
    asOf: null,
    tvlUsd: null,
    tvlAsOf: null,
    tvlSourceUrl: null,
    tvlSource: null,
    notes: null,
    yieldApyMin: null,
    yieldApyMax: null,
    yieldAsOf: null,
    yieldSource: null,
    yieldSourceUrl: null,
    minInvestmentSourceUrl: null,
    reviewStatus: "reviewed",
    defillamaDroppedOn: null,
    defillamaListedAt: null,
    defillamaAudits: null,
    // As local-api/synthetic.ts writes them: 1 to 3 products, the investor filter reads their summary.
    products: {
      count: 1 + (i % 3),
      minInvestmentUsd: i % 2 === 0 ? 0 : 1 + ((i * 13) % 100_000),
      investorAccess: (["retail", "retail-non-us", "accredited", "qualified-purchaser", "institutional"] as const)[
        i % 5
      ]!,
    },
    yieldNote: null,
    yieldDocumentDate: null,
    yieldSourceKind: null,
  };
}

const protocols: readonly Protocol[] = Array.from({ length: ROWS }, (_, i) => syntheticProtocol(i + 1));

test("filter 10,000 protocols", async ({ bench }) => {
  // Sanity first, so a broken filter cannot post a fast time.
  expect(filterProtocols(protocols, DEFAULT_FILTERS)).toHaveLength(ROWS);
  expect(filterProtocols(protocols, { ...DEFAULT_FILTERS, searchQuery: "protocol 0001" })).toHaveLength(100);
  let kept = 0;
  await bench.compare(
    bench("no filter", () => {
      kept += filterProtocols(protocols, DEFAULT_FILTERS).length;
    }),
    bench("search 'protocol 0001'", () => {
      kept += filterProtocols(protocols, { ...DEFAULT_FILTERS, searchQuery: "protocol 0001" }).length;
    }),
    // Each bench spells out its whole filter set, so its name and what it measures cannot drift apart.
    bench("all four filters", () => {
      kept += filterProtocols(protocols, {
        searchQuery: "1",
        selectedAssetClass: "Private Credit",
        selectedRisk: "Medium",
        selectedBlockchain: "Ethereum",
        selectedInvestor: "all",
      }).length;
    }),
    bench("all five filters", () => {
      kept += filterProtocols(protocols, {
        searchQuery: "1",
        selectedAssetClass: "Private Credit",
        selectedRisk: "Medium",
        selectedBlockchain: "Ethereum",
        selectedInvestor: "us-accredited",
      }).length;
    }),
  );
  expect(kept).toBeGreaterThan(0);
});

test("TVL total and stats over 10,000 protocols", async ({ bench }) => {
  expect(totalTvl(protocols)).toMatch(/^\$\d+\.\dB$/);
  let length = 0;
  await bench.compare(
    bench("totalTvl", () => {
      length += totalTvl(protocols).length;
    }),
    bench("computeStats", () => {
      length += computeStats(protocols).totalTVL.length;
    }),
  );
  expect(length).toBeGreaterThan(0);
});
