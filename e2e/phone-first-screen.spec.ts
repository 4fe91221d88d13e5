// How far a visitor scrolls to reach the protocols, and the filters that fold to keep it short
// (docs/decisions/017-phone-first-screen.md). Bounds on layout in pixels, never on time.
import { expect, PHONE, PHONE_ONLY, test } from "./support/fixtures.ts";
import { cards, chooseFilter, filterSelect, filtersToggle, gotoHome, showingLine } from "./support/home.ts";

/**
 * The first card's top at 375x812, banner shown: 939 px when measured on 2026-11-27 (2,757 px
 * before the compact hero and the folded filters). About one screen, with room for a line more.
 */
const PHONE_FIRST_CARD_MAX_PX = 1_000;

const pageTop = (element: Element) => element.getBoundingClientRect().top + window.scrollY;

test(
  "on a phone the first card is about a screen down; the selects fold behind 'Filters', which counts them",
  PHONE_ONLY,
  async ({ page, isMobile }) => {
    test.skip(!isMobile, "the phone's first screen");
    await gotoHome(page);
    await expect(page.getByRole("complementary", { name: "Announcement" })).toBeVisible();
    expect(await cards(page).first().evaluate(pageTop)).toBeLessThanOrEqual(PHONE_FIRST_CARD_MAX_PX);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The spec's section and its search are there; its dropdowns wait behind one button.
    const panel = page.getByRole("region", { name: "Filter Protocols" });
    await expect(panel.getByPlaceholder("Search protocols...")).toBeVisible();
    await expect(filtersToggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(filterSelect(page, "asset class")).toBeHidden();
    await filtersToggle(page).click();
    for (const label of ["Asset class", "Risk level", "Blockchain", "Investor type", "Sort by"]) {
      await expect(panel.getByText(label, { exact: true })).toBeVisible();
      await expect(panel.getByRole("combobox", { name: label })).toBeVisible();
    }
    await expect(filtersToggle(page)).toHaveAccessibleName("Filters");

    // It says how many filters are on, folded too (a shared link, a reload).
    await chooseFilter(page, "risk level", "Low");
    await chooseFilter(page, "blockchain", "Ethereum");
    await expect(filtersToggle(page)).toHaveAccessibleName(/^Filters, 2 active$/);
    await page.reload();
    await expect(showingLine(page)).toBeVisible();
    await expect(filtersToggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(filtersToggle(page)).toHaveAccessibleName(/^Filters, 2 active$/);
    await expect(filterSelect(page, "risk level")).toContainText("Low");
  },
);

test("from md up every select shows, with no 'Filters' button", async ({ page, isMobile }) => {
  test.skip(isMobile, "the desktop's filter panel");
  await gotoHome(page);
  await expect(filtersToggle(page)).toBeHidden();
  for (const filter of ["asset class", "risk level", "blockchain"] as const)
    await expect(filterSelect(page, filter)).toBeVisible();
});

test(
  "'Skip to protocols' is the second stop from the top and lands on the count above the cards",
  PHONE,
  async ({ page }) => {
    await gotoHome(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to protocols" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#protocols")).toBeFocused();
    await expect(showingLine(page)).toBeInViewport();
    await expect(cards(page).first()).toBeInViewport();
  },
);
