// data:push with data/products.json: the products go with the protocols in one transaction
// (public.sync_protocols_and_products), the protocol row's summary follows them, and a reviewed
// product's changed term is recorded once in public.protocol_changes (issue 28).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pushData, resolveTarget } from "./push-core.ts";
import { FIXTURE, memoryApi } from "./test-api.ts";

const memory = memoryApi();
const csvText = readFileSync(FIXTURE.csv, "utf8")
  .replace("2025-05-31", "2025-10-31")
  .replace(",2025-07-31,", ",2025-10-31,");
const ONDO = "Ondo Finance (OUSG + USDY)";

const source = (path: string, read_on = "2026-11-27") => ({
  url: `https://docs.ondo.finance/${path}`,
  document_date: "undated",
  read_on,
  tier: "primary",
  kind: "Documentation",
});

function product(symbol: string, access: string, min: number, minSource = source(`${symbol}/minimum`)) {
  return {
    protocol: ONDO,
    symbol,
    name: `Ondo ${symbol}`,
    chains: ["Ethereum"],
    asset_class: "US Treasuries",
    pool_symbols: [symbol],
    investor_access: access,
    kyc: "yes",
    min_investment_usd: min,
    min_investment_note: null,
    redemption: "days",
    redemption_days: 1,
    redemption_window: null,
    redemption_note: null,
    instant_facility: null,
    management_fee_pct: null,
    subscription_fee_pct: null,
    redemption_fee_pct: null,
    fees_note: null,
    stated_yield: null,
    pool_yield_net_of_management_fee: null,
    sources: {
      investor_access: source(`${symbol}/eligibility`),
      kyc: source(`${symbol}/eligibility`),
      min_investment: minSource,
      redemption: source(`${symbol}/redemption`),
    },
    notes: [],
  };
}

async function push(products: unknown[], dryRun = false) {
  const lines: string[] = [];
  const result = await pushData({
    csvText,
    csvLabel: "csv",
    today: "2025-12-19",
    dryRun,
    target: { ...resolveTarget({}), url: memory.api.url },
    productsText: JSON.stringify(products),
    productsLabel: "products.json",
    log: (line) => lines.push(...line.split("\n")),
  });
  return { result, lines };
}

async function summary() {
  const { rows } = await memory.db.query<Record<string, unknown>>(
    "select product_count, product_min_investment_usd::text as min, product_investor_access as access from public.protocols where name = $1",
    [ONDO],
  );
  return rows[0];
}

describe("data:push with the products", () => {
  it("writes them with the protocols, keeps the row's summary, and records a changed term once", async () => {
    await memory.reseed();
    const both = [product("OUSG", "qualified-purchaser", 100_000), product("USDY", "retail-non-us", 500)];

    const dry = await push(both, true);
    expect(dry.result).toBe("dry-run");
    expect(dry.lines).toContain("Products (products.json): 2 added, 0 removed, 0 changed; 0 term change(s) to record.");
    expect(await summary()).toEqual({ product_count: 0, min: null, access: null });

    const first = await push(both);
    expect(first.result).toMatchObject({ products: { inserted: 2, updated: 0, deleted: 0 }, changes: { recorded: 0 } });
    expect(first.lines).toContain("Verified: the database matches csv and products.json.");
    expect(await summary()).toEqual({ product_count: 2, min: "500", access: "retail-non-us" });
    expect((await push(both)).result).toBe("no-changes");

    // USDY's minimum moves to $1,000 on a page read later: one 'terms' row, dated that day, once.
    const raised = [both[0]!, product("USDY", "retail-non-us", 1000, source("USDY/minimum-2026", "2026-11-20"))];
    const second = await push(raised);
    expect(second.lines).toContain(`  ${ONDO} / USDY min_investment: $500 -> $1,000 (2026-11-20)`);
    expect(second.result).toMatchObject({ products: { updated: 1 }, changes: { recorded: 1 } });
    const { rows } = await memory.db.query<Record<string, unknown>>(
      `select to_char(c.day, 'YYYY-MM-DD') as day, c.product_symbol, c.kind, c.field, c.old_value, c.new_value,
              c.source_url, c.recorded_by
       from public.protocol_changes c join public.protocols p on p.id = c.protocol_id where p.name = $1`,
      [ONDO],
    );
    expect(rows).toEqual([
      {
        day: "2026-11-20",
        product_symbol: "USDY",
        kind: "terms",
        field: "min_investment",
        old_value: "$500",
        new_value: "$1,000",
        source_url: "https://docs.ondo.finance/USDY/minimum-2026",
        recorded_by: "review",
      },
    ]);
    expect((await push(raised)).result).toBe("no-changes");

    // Removing a product removes it, and the summary follows.
    await push([both[0]!]);
    expect(await summary()).toEqual({ product_count: 1, min: "100000", access: "qualified-purchaser" });
  });

  it("refuses products data:check refuses, before writing anything", async () => {
    await memory.reseed();
    await expect(push([{ ...product("USDY", "anyone", 500) }])).rejects.toThrow(
      "data:push refused: products.json has 1 problem(s) (see npm run data:check).",
    );
    expect(await summary()).toEqual({ product_count: 0, min: null, access: null });
  });
});
