import { expect, test } from "./support/fixtures.ts";
import {
  card,
  cards,
  chooseFilter,
  expectShowing,
  filterSelect,
  gotoHome,
  searchBox,
} from "./support/home.ts";
import { applyFilters, distinctCount, fetchSeed, mostCommon, totalTvl, type ProtocolRow } from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

/** Names of the cards in the first grid, in page order. */
async function firstGridNames(page: import("@playwright/test").Page): Promise<string[]> {
  return cards(page).getByRole("heading").allTextContents();
}

test("loads the real seed data once and shows it with its statistics", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/rest/v1/protocols")) requests.push(request.url());
  });

  await gotoHome(page, seed.length);

  // One read, exactly the contract's query.
  expect(requests).toHaveLength(1);
  expect(new URL(requests[0] ?? "").search).toBe("?select=*&order=name.asc");

  // Statistics, derived from the seed with the spec's rules.
  const stats = page.locator("section").filter({
    has: page.getByRole("heading", { name: "Explore the RWA Protocol Ecosystem" }),
  });
  await expect(stats).toContainText(String(seed.length));
  await expect(stats).toContainText(totalTvl(seed));
  await expect(stats).toContainText(String(distinctCount(seed, (row) => row.asset_classes)));

  // The first grid shows the first 9, in the database's name order.
  const firstNine = seed.slice(0, 9).map((row) => row.name);
  expect((await firstGridNames(page)).slice(0, 9)).toEqual(firstNine);

  // A card shows every field the spec lists.
  const withManyChains = seed.slice(0, 9).find((row) => row.blockchains.length > 3) ?? seed[0]!;
  const shown = card(page, withManyChains.name);
  await expect(shown).toContainText(withManyChains.description);
  await expect(shown).toContainText(withManyChains.tvl);
  await expect(shown).toContainText(withManyChains.yield_range);
  await expect(shown).toContainText(withManyChains.risk_level);
  await expect(shown).toContainText(withManyChains.min_investment);
  for (const assetClass of withManyChains.asset_classes) await expect(shown).toContainText(assetClass);
  for (const chain of withManyChains.blockchains.slice(0, 3)) await expect(shown).toContainText(chain);
  if (withManyChains.blockchains.length > 3) {
    await expect(shown.getByText(`+${withManyChains.blockchains.length - 3}`, { exact: true })).toBeVisible();
    for (const chain of withManyChains.blockchains.slice(3)) {
      await expect(shown.getByText(chain, { exact: true })).toHaveCount(0);
    }
  }
  const visit = shown.getByRole("link", { name: /Visit Protocol/ });
  await expect(visit).toHaveAttribute("href", withManyChains.url);
  await expect(visit).toHaveAttribute("target", "_blank");
  await expect(visit).toHaveAttribute("rel", /noopener/);

  // The promo block shows because there are results.
  await expect(page.getByText("Want Portfolio Analytics?")).toBeVisible();
  await expect(page.getByText("COMING SOON")).toBeVisible();
  await expect(page.getByText("Data as of October 2025 • Updated monthly")).toBeVisible();
});

test("search, each dropdown, their combination, back to all, and zero results", async ({ page }) => {
  const total = seed.length;
  await gotoHome(page, total);

  for (const filter of ["asset class", "risk level", "blockchain"] as const) {
    await expect(filterSelect(page, filter)).toContainText(/all/i);
  }

  // Search: case-insensitive substring of the name.
  const target = seed[Math.floor(seed.length / 2)]!;
  const fragment = target.name.slice(0, Math.min(5, target.name.length)).toUpperCase();
  await searchBox(page).fill(fragment);
  const bySearch = applyFilters(seed, { search: fragment });
  await expectShowing(page, bySearch.length, total);
  expect((await firstGridNames(page)).slice(0, 9)).toEqual(bySearch.slice(0, 9).map((row) => row.name));
  await searchBox(page).fill("");
  await expectShowing(page, total, total);

  // Each dropdown alone.
  const assetClass = mostCommon(seed, (row) => row.asset_classes);
  await chooseFilter(page, "asset class", assetClass);
  const byAsset = applyFilters(seed, { assetClass });
  await expectShowing(page, byAsset.length, total);
  expect((await firstGridNames(page)).slice(0, 9)).toEqual(byAsset.slice(0, 9).map((row) => row.name));
  await chooseFilter(page, "asset class", "all");
  await expectShowing(page, total, total);

  await chooseFilter(page, "risk level", "Low");
  const byRisk = applyFilters(seed, { risk: "Low" });
  await expectShowing(page, byRisk.length, total);
  expect((await firstGridNames(page)).slice(0, 9)).toEqual(byRisk.slice(0, 9).map((row) => row.name));
  await chooseFilter(page, "risk level", "all");
  await expectShowing(page, total, total);

  const chain = mostCommon(seed, (row) => row.blockchains);
  await chooseFilter(page, "blockchain", chain);
  const byChain = applyFilters(seed, { blockchain: chain });
  await expectShowing(page, byChain.length, total);
  expect((await firstGridNames(page)).slice(0, 9)).toEqual(byChain.slice(0, 9).map((row) => row.name));

  // Combination: filters AND together.
  await chooseFilter(page, "asset class", assetClass);
  await chooseFilter(page, "risk level", "Low");
  const combined = applyFilters(seed, { assetClass, risk: "Low", blockchain: chain });
  await expectShowing(page, combined.length, total);
  expect(combined.length).toBeGreaterThan(0);
  expect(await firstGridNames(page)).toEqual(combined.map((row) => row.name).slice(0, 9));
  const narrow = combined[0]!.name.slice(0, 4).toLowerCase();
  await searchBox(page).fill(narrow);
  const combinedWithSearch = applyFilters(seed, { assetClass, risk: "Low", blockchain: chain, search: narrow });
  await expectShowing(page, combinedWithSearch.length, total);

  // Back to 'all' everywhere.
  await searchBox(page).fill("");
  for (const filter of ["asset class", "risk level", "blockchain"] as const) await chooseFilter(page, filter, "all");
  await expectShowing(page, total, total);

  // Zero results: no cards, no promo, no second-grid toggle.
  await searchBox(page).fill("no protocol has this name");
  await expectShowing(page, 0, total);
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("Want Portfolio Analytics?")).toBeHidden();
  await expect(page.getByRole("button", { name: /^Show All/ })).toHaveCount(0);
});
