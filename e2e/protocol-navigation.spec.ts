// Between the directory and a protocol page: back keeps the filters and the selection, Compare
// and the fourth pick work as on home, and a slow page keeps the directory on screen meanwhile.
import { slugify } from "../src/features/protocols/model/slug.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  card,
  cardToggle,
  chooseFilter,
  expectShowing,
  filterSelect,
  gotoHome,
  selectionBar,
  waitlistDialog,
} from "./support/home.ts";
import { protocolHeading, serveHistory } from "./support/protocol-page.ts";
import { applyFilters, fetchSeed, type ProtocolRow } from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

test("card -> page -> back keeps the filters and the selection; Compare toggles into it", async ({ page }) => {
  await serveHistory(page, []);
  const assetClass = "Private Credit";
  const shown = applyFilters(seed, { assetClass });
  const [picked, visited] = shown;
  await gotoHome(page);
  await chooseFilter(page, "asset class", assetClass);
  await expectShowing(page, shown.length, seed.length);
  await cardToggle(page, picked!.name).click();

  await card(page, visited!.name).getByRole("link", { name: visited!.name, exact: true }).click();
  await expect(protocolHeading(page, visited!.name)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/protocols/${slugify(visited!.name)}$`));
  await expect(selectionBar(page)).toContainText("1/3");
  const toggle = page.getByRole("checkbox", { name: `Select ${visited!.name} for comparison` });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(selectionBar(page)).toContainText("2/3");

  await page.getByRole("link", { name: "Back to directory" }).click();
  await expectShowing(page, shown.length, seed.length);
  await expect(filterSelect(page, "asset class")).toContainText(assetClass);
  await expect(cardToggle(page, picked!.name)).toBeChecked();
  await expect(cardToggle(page, visited!.name)).toBeChecked();

  // The browser's own back button returns to the page, and back again to the same directory view.
  await page.goBack();
  await expect(protocolHeading(page, visited!.name)).toBeVisible();
  await page.goBack();
  await expect(filterSelect(page, "asset class")).toContainText(assetClass);
});

test("a fourth pick on a protocol page opens the limit-reached waitlist dialog, as on home", async ({ page }) => {
  await serveHistory(page, []);
  const [a, b, c, d] = seed;
  await gotoHome(page);
  for (const row of [a, b, c]) await cardToggle(page, row!.name).click();
  await card(page, d!.name).getByRole("link", { name: d!.name, exact: true }).click();
  await expect(protocolHeading(page, d!.name)).toBeVisible();
  await expect(selectionBar(page)).toContainText("3/3");

  await page.getByRole("checkbox", { name: `Select ${d!.name} for comparison` }).click();
  const limit = waitlistDialog(page);
  await expect(limit).toBeVisible();
  await expect(limit.getByText("Comparison Limit Reached")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(limit).toBeHidden();
  await expect(selectionBar(page)).toContainText("3/3");
  await expect(page.getByRole("checkbox", { name: `Select ${d!.name} for comparison` })).not.toBeChecked();
});

test("a slow page keeps the directory on screen, under a progress bar, until it arrives", async ({ page }) => {
  await serveHistory(page, []);
  const [first] = seed;
  await gotoHome(page);
  // The protocol page's code is held back, as on a slow line.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/protocol-*.js*", async (route) => {
    await held;
    await route.continue();
  });
  await card(page, first!.name).getByRole("link", { name: first!.name, exact: true }).click();

  await expect(page.locator(".route-progress")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading page..." })).toBeAttached();
  await expect(card(page, first!.name)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  release();
  await expect(protocolHeading(page, first!.name)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/protocols/${slugify(first!.name)}$`));
  await expect(page.locator(".route-progress")).toHaveCount(0);
});
