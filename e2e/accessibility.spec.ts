import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PHONE, PHONE_ONLY, test } from "./support/fixtures.ts";
import { cardToggle, compareButton, comparisonDialog, gotoHome, waitlistDialog } from "./support/home.ts";
import { fetchSeed } from "./support/seed.ts";

// axe on every screen and every overlay, at both sizes: zero violations.

test("home, loaded", PHONE, async ({ page }) => {
  await gotoHome(page);
  await expectNoAxeViolations(page, "the loaded home page");
});

test("waitlist dialog, normal and limit-reached", PHONE, async ({ page, request }) => {
  // Two full-page axe scans of the 79-card directory and two dialogs: past a minute on two busy cores.
  test.slow();
  const names = (await fetchSeed(request)).slice(0, 4).map((row) => row.name);
  await gotoHome(page);

  await page
    .getByRole("complementary", { name: "Announcement" })
    .getByRole("button", { name: "Get Early Access" })
    .click();
  await expect(waitlistDialog(page)).toBeVisible();
  await expectNoAxeViolations(page, "the waitlist dialog");
  await page.keyboard.press("Escape");
  await expect(waitlistDialog(page)).toBeHidden();

  for (const name of names.slice(0, 3)) await cardToggle(page, name).click();
  await cardToggle(page, names[3]!).click();
  await expect(waitlistDialog(page).getByText("Comparison Limit Reached")).toBeVisible();
  await expectNoAxeViolations(page, "the limit-reached waitlist dialog");
});

test("comparison dialog", PHONE, async ({ page, request }) => {
  // Two full-page axe scans, one over three protocols' seven factor rows.
  test.slow();
  const names = (await fetchSeed(request)).slice(0, 3).map((row) => row.name);
  await gotoHome(page);
  for (const name of names) await cardToggle(page, name).click();
  await expectNoAxeViolations(page, "the home page with the selection bar");
  await compareButton(page).click();
  await expect(comparisonDialog(page)).toBeVisible();
  await expectNoAxeViolations(page, "the comparison dialog");
});

test("menu drawer", PHONE_ONLY, async ({ page, isMobile }) => {
  test.skip(!isMobile, "the menu exists on narrow screens only");
  await gotoHome(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await expectNoAxeViolations(page, "the open menu drawer");
});

test("privacy policy", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: /Privacy Policy/ })).toBeVisible();
  await expectNoAxeViolations(page, "the privacy policy");
});

test("404", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/non-existent route/);
  await page.goto("/missing/page");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expectNoAxeViolations(page, "the 404 page");
});
