import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { card, cards, chooseFilter, expectShowing, filterSelect, gotoHome, searchBox } from "./support/home.ts";
import {
  applyFilters,
  dataAsOfMonth,
  distinctCount,
  fetchSeed,
  minimumShown,
  mostCommon,
  totalTvl,
  type ProtocolRow,
} from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

/**
 * What a person sees of `rows` while the second grid is collapsed: the first grid's 9, then
 * the second grid's first 3 (the next 3 are faded and hidden from assistive tech, the rest
 * are not shown). A second grid of 3 or fewer is shown whole.
 */
function perceived(rows: ProtocolRow[]): string[] {
  const names = rows.map((row) => row.name);
  return names.length - 9 > 3 ? names.slice(0, 12) : names;
}

async function expectCards(page: Page, rows: ProtocolRow[]): Promise<void> {
  await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText(perceived(rows));
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
  // Only the spec's six count: not 'Unclassified' (a tracked row's class, not reviewed yet) nor
  // 'Other' (reviewed assets outside the six).
  await expect(stats).toContainText(
    String(
      distinctCount(seed, (row) =>
        row.asset_classes.filter((assetClass) => assetClass !== "Unclassified" && assetClass !== "Other"),
      ),
    ),
  );

  // The grids show the rows in the database's name order.
  await expectCards(page, seed);

  // A card shows every field the spec lists.
  // A reviewed row: a tracked one says 'Not rated' for its risk (tested in yields-tracked-chains.spec.ts).
  const reviewed = seed.slice(0, 9).filter((row) => row.review_status !== "tracked");
  const withManyChains = reviewed.find((row) => row.blockchains.length > 3) ?? reviewed[0]!;
  const shown = card(page, withManyChains.name);
  await expect(shown).toContainText(withManyChains.description);
  await expect(shown).toContainText(withManyChains.tvl);
  await expect(shown).toContainText(withManyChains.yield_range);
  await expect(shown).toContainText(withManyChains.risk_level ?? "Not rated");
  await expect(shown).toContainText(minimumShown(withManyChains));
  for (const assetClass of withManyChains.asset_classes) await expect(shown).toContainText(assetClass);
  for (const chain of withManyChains.blockchains.slice(0, 3)) await expect(shown).toContainText(chain);
  if (withManyChains.blockchains.length > 3) {
    await expect(shown.getByText(`+${withManyChains.blockchains.length - 3}`, { exact: true })).toBeVisible();
    for (const chain of withManyChains.blockchains.slice(3)) {
      await expect(shown.getByText(chain, { exact: true })).toHaveCount(0);
    }
  }
  const visit = shown.getByRole("link", { name: /Visit Protocol/ });
  await expect(visit).toHaveAttribute("href", withManyChains.url!);
  await expect(visit).toHaveAttribute("target", "_blank");
  await expect(visit).toHaveAttribute("rel", /noopener/);

  // The promo block shows because there are results.
  await expect(page.getByText("Want Portfolio Analytics?")).toBeVisible();
  await expect(page.getByText("COMING SOON", { exact: true })).toBeVisible();
  await expect(page.getByText(`Data as of ${dataAsOfMonth(seed)} • Updated monthly`)).toBeVisible();
});

test("search, each dropdown, their combination, back to all, and zero results", async ({ page }) => {
  // A long journey (a dozen filter changes over 79 cards).
  test.slow();
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
  await expectCards(page, bySearch);
  await searchBox(page).fill("");
  await expectShowing(page, total, total);

  // Each dropdown alone.
  const assetClass = mostCommon(seed, (row) => row.asset_classes);
  await chooseFilter(page, "asset class", assetClass);
  const byAsset = applyFilters(seed, { assetClass });
  await expectShowing(page, byAsset.length, total);
  await expectCards(page, byAsset);
  await chooseFilter(page, "asset class", "all");
  await expectShowing(page, total, total);

  await chooseFilter(page, "risk level", "Low");
  const byRisk = applyFilters(seed, { risk: "Low" });
  await expectShowing(page, byRisk.length, total);
  await expectCards(page, byRisk);
  await chooseFilter(page, "risk level", "all");
  await expectShowing(page, total, total);

  const chain = mostCommon(seed, (row) => row.blockchains);
  await chooseFilter(page, "blockchain", chain);
  const byChain = applyFilters(seed, { blockchain: chain });
  await expectShowing(page, byChain.length, total);
  await expectCards(page, byChain);

  // Combination: filters AND together. Class, chain and level the rated rows share most (tracked
  // rows are 'Unclassified' and 'Not rated', so the directory's most common values may not combine).
  const rated = seed.filter((row) => row.risk_level !== null);
  const comboClass = mostCommon(rated, (row) => row.asset_classes);
  const comboChain = mostCommon(applyFilters(rated, { assetClass: comboClass }), (row) => row.blockchains);
  const risk = mostCommon(applyFilters(rated, { assetClass: comboClass, blockchain: comboChain }), (row) => [
    row.risk_level!,
  ]);
  await chooseFilter(page, "asset class", comboClass);
  await chooseFilter(page, "blockchain", comboChain);
  await chooseFilter(page, "risk level", risk);
  const combined = applyFilters(seed, { assetClass: comboClass, risk, blockchain: comboChain });
  await expectShowing(page, combined.length, total);
  expect(combined.length).toBeGreaterThan(0);
  await expectCards(page, combined);
  const narrow = combined[0]!.name.slice(0, 4).toLowerCase();
  await searchBox(page).fill(narrow);
  const combinedWithSearch = applyFilters(seed, {
    assetClass: comboClass,
    risk,
    blockchain: comboChain,
    search: narrow,
  });
  await expectShowing(page, combinedWithSearch.length, total);

  // Back to 'all' everywhere.
  await searchBox(page).fill("");
  for (const filter of ["asset class", "risk level", "blockchain"] as const) await chooseFilter(page, filter, "all");
  await expectShowing(page, total, total);

  // Zero results: no cards, no promo, no second-grid toggle.
  await searchBox(page).fill("no protocol has this name");
  await expectShowing(page, 0, total);
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("No protocols match your filters.")).toBeVisible();
  await expect(page.getByText("Want Portfolio Analytics?")).toBeHidden();
  await expect(page.getByRole("button", { name: /^Show All/ })).toHaveCount(0);

  // The empty state's own way out.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expectShowing(page, total, total);
  await expect(searchBox(page)).toHaveValue("");
});

test("the second grid: 3 shown, 3 faded, the rest hidden; 'Show All' expands, 'Show Less' collapses", async ({
  page,
}) => {
  // The data must give a second grid with hidden cards (9 + 3 shown + 3 faded + at least 1 hidden).
  expect(seed.length, "the seed needs at least 16 protocols for this test").toBeGreaterThanOrEqual(9 + 7);
  await gotoHome(page, seed.length);
  const second = seed.slice(9);
  const toggle = page.getByRole("button", { name: `Show All ${seed.length} Protocols` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  // Collapsed: 3 clear cards, 3 faded and blurred ones (out of reach), nothing beyond.
  await expectCards(page, seed);
  for (const row of second.slice(0, 3)) await expect(card(page, row.name)).toBeVisible();
  for (const row of second.slice(3, 6)) {
    const faded = page.getByRole("heading", { name: row.name, exact: true, includeHidden: true });
    await expect(faded).toHaveCount(1);
    await expect(card(page, row.name)).toHaveCount(0);
    const look = await faded.evaluate((element) => {
      let opacity = 1;
      let filter = "";
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        opacity *= Number(style.opacity);
        if (style.filter !== "none") filter += style.filter;
      }
      return { opacity, filter };
    });
    expect(look.opacity).toBeLessThan(0.75);
    expect(look.filter).toContain("blur");
  }
  for (const row of second.slice(6)) {
    await expect(page.getByText(row.name, { exact: true })).toHaveCount(0);
  }
  const region = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  expect((await region.boundingBox())!.height).toBeLessThanOrEqual(600);

  // Expanded: every result, and the button now offers 'Show Less'.
  await toggle.click();
  const less = page.getByRole("button", { name: "Show Less" });
  await expect(less).toHaveAttribute("aria-expanded", "true");
  await expect(cards(page)).toHaveCount(seed.length);
  await expect(card(page, seed.at(-1)!.name)).toBeVisible();
  await card(page, seed.at(-1)!.name).scrollIntoViewIfNeeded();
  await expect(card(page, seed.at(-1)!.name)).toBeInViewport();

  await less.click();
  await expect(page.getByRole("button", { name: `Show All ${seed.length} Protocols` })).toBeVisible();
  await expectCards(page, seed);
});

for (const count of [12, 13]) {
  test(`with ${count} protocols the 'Show All' button ${count === 12 ? "is absent" : "appears"} (only when more than 3 remain)`, async ({
    page,
  }) => {
    // Serve the first `count` real rows: the second grid then holds count - 9.
    await page.route("**/rest/v1/protocols**", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      const rows = (await response.json()) as ProtocolRow[];
      await route.fulfill({ response, json: rows.slice(0, count) });
    });
    const rows = seed.slice(0, count);
    await gotoHome(page, count);
    if (count === 12) {
      await expect(cards(page)).toHaveCount(12);
      await expect(page.getByRole("button", { name: /^Show All/ })).toHaveCount(0);
    } else {
      await expectCards(page, rows);
      await expect(cards(page)).toHaveCount(12);
      await page.getByRole("button", { name: "Show All 13 Protocols" }).click();
      await expect(cards(page)).toHaveCount(13);
    }
  });
}
