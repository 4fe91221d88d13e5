import type { Page, TestInfo } from "@playwright/test";
import { settleAnimations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { cardToggle, compareButton, comparisonDialog, gotoHome, waitlistDialog } from "./support/home.ts";
import { fetchSeed } from "./support/seed.ts";

// Review screenshots of every screen and overlay at both sizes, written to e2e/screenshots/
// (gitignored). `npm run screenshots:readme` copies home-desktop into docs/screenshots/.

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  await settleAnimations(page);
  // Fonts and images done, so a screenshot never catches a fallback font or a half-drawn icon.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `e2e/screenshots/${name}-${testInfo.project.name}.png`, fullPage, animations: "disabled" });
}

test("home", async ({ page }, testInfo) => {
  await gotoHome(page);
  await shoot(page, testInfo, "home-top");
  await shoot(page, testInfo, "home", true);
});

test("comparison and both waitlist variants", async ({ page, request }, testInfo) => {
  const names = (await fetchSeed(request)).slice(0, 4).map((row) => row.name);
  await gotoHome(page);

  await page.getByRole("complementary", { name: "Announcement" }).getByRole("button", { name: "Get Early Access" }).click();
  await expect(waitlistDialog(page)).toBeVisible();
  await shoot(page, testInfo, "waitlist");
  await page.keyboard.press("Escape");
  await expect(waitlistDialog(page)).toBeHidden();

  for (const name of names.slice(0, 3)) await cardToggle(page, name).click();
  await compareButton(page).click();
  await expect(comparisonDialog(page)).toBeVisible();
  await shoot(page, testInfo, "comparison");
  await page.keyboard.press("Escape");
  await expect(comparisonDialog(page)).toBeHidden();
  await shoot(page, testInfo, "selection-bar");

  await cardToggle(page, names[3]!).click();
  await expect(waitlistDialog(page).getByText("Comparison Limit Reached")).toBeVisible();
  await shoot(page, testInfo, "waitlist-limit");
});

test("drawer", async ({ page, isMobile }, testInfo) => {
  test.skip(!isMobile, "the menu drawer exists on narrow screens only");
  await gotoHome(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await shoot(page, testInfo, "drawer");
});

test("privacy policy", async ({ page }, testInfo) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: /Privacy Policy/ })).toBeVisible();
  await shoot(page, testInfo, "privacy", true);
});

test("404", async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow(/non-existent route/);
  await page.goto("/missing/page");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await shoot(page, testInfo, "404");
});
