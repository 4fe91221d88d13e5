import { expect, test } from "./support/fixtures.ts";
import { compareButton, comparisonDialog, selectionBar } from "./support/home.ts";
import { settleAnimations } from "./support/axe.ts";

// The README's picture of the analyst features: a shared comparison link, opened. Written to the
// ignored e2e/screenshots/; `npm run screenshots:readme` copies it into docs/screenshots/.

test("README screenshot: the comparison with best values, Source row, Copy link and Download CSV", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "one desktop picture for the README");
  await page.goto("/?sort=tvl&compare=blackrock-buidl-securitize,maple-finance-syrup,ondo-finance-ousg-usdy");
  await expect(selectionBar(page)).toContainText("3/3");
  await compareButton(page).click();
  const dialog = comparisonDialog(page);
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(dialog.locator("[data-best]").first()).toBeVisible();
  await settleAnimations(page);
  await page.screenshot({ path: "e2e/screenshots/compare-desktop.png" });
});
