import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PHONE, PHONE_ONLY, test } from "./support/fixtures.ts";
import { cardToggle, compareButton, comparisonDialog, gotoHome, waitlistDialog } from "./support/home.ts";
import { fetchSeed } from "./support/seed.ts";

// axe on every screen and every overlay, at both sizes: zero violations. The loaded home page is
// scanned with the comparison tray up (below), the privacy policy and the 404 page where
// layout.spec.ts opens them, the other pages in their own specs.

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

test("the loaded home page with the comparison tray, then the comparison dialog", PHONE, async ({ page, request }) => {
  // Two full-page axe scans: the loaded directory with the tray, then three protocols' rows.
  test.slow();
  const names = (await fetchSeed(request)).slice(0, 3).map((row) => row.name);
  await gotoHome(page);
  for (const name of names) await cardToggle(page, name).click();
  await expectNoAxeViolations(page, "the loaded home page with the selection bar");
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
