import type { Page, TestInfo } from "@playwright/test";
import { renderSkippedContent, settleAnimations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { cardToggle, compareButton, comparisonDialog, gotoHome, waitlistDialog } from "./support/home.ts";
import { fetchHistory, fetchSeed } from "./support/seed.ts";
import { slugify } from "../src/features/protocols/model/slug.ts";
import { scrollToChart, waitForLivePage } from "./support/protocol-page.ts";

// Review screenshots of every screen and overlay at both sizes, written to e2e/screenshots/
// (gitignored). `npm run screenshots:readme` copies home-desktop into docs/screenshots/.

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  await settleAnimations(page);
  // Fonts and images done, so a screenshot never catches a fallback font or a half-drawn icon.
  await page.evaluate(() => document.fonts.ready);
  if (fullPage) await renderSkippedContent(page);
  await page.screenshot({
    path: `e2e/screenshots/${name}-${testInfo.project.name.replace(/^screenshots-/, "")}.png`,
    fullPage,
    animations: "disabled",
  });
}

test("home", async ({ page }, testInfo) => {
  await gotoHome(page);
  await shoot(page, testInfo, "home-top");
  await shoot(page, testInfo, "home", true);
});

test("comparison and both waitlist variants", async ({ page, request }, testInfo) => {
  const names = (await fetchSeed(request)).slice(0, 4).map((row) => row.name);
  await gotoHome(page);

  await page
    .getByRole("complementary", { name: "Announcement" })
    .getByRole("button", { name: "Get Early Access" })
    .click();
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

test("protocol page", async ({ page, request }, testInfo) => {
  // The history as the local API serves it (the live-data issue's table and backfilled seed). Should
  // no protocol have two points, the chart is reviewed with a stand-in year, and those files say so
  // in their name ('protocol-standin-*'): never copy one of them into docs/.
  // The protocol with the longest served history.
  const seed = await fetchSeed(request);
  let protocol = seed.find((row) => row.name.startsWith("BlackRock BUIDL"))!;
  let longest = 0;
  for (const row of seed) {
    const count = (await fetchHistory(request, row.id)).length;
    if (count > longest) [protocol, longest] = [row, count];
  }
  const standIn = longest < 2;
  if (standIn) {
    await page.route("**/rest/v1/protocol_tvl_history**", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const rows = Array.from({ length: 13 }, (_, i) => ({
        day: new Date(Date.UTC(2024, 10 + i, 0)).toISOString().slice(0, 10),
        tvl_usd: 1_900_000_000 + i * 75_000_000 + (i % 3) * 40_000_000,
        source: "defillama",
      }));
      await route.fulfill({
        headers: { "access-control-allow-origin": "*" },
        contentType: "application/json",
        body: JSON.stringify(rows),
      });
    });
  }
  const name = standIn ? "protocol-standin" : "protocol";
  await page.goto(standIn ? "/protocols/blackrock-buidl-securitize" : `/protocols/${slugify(protocol.name)}`);
  // The chart loads as its panel nears the screen; the pictures then start from the top.
  await scrollToChart(page.getByRole("region", { name: "TVL history" }), page.getByTestId("tvl-chart"));
  await page.evaluate(() => window.scrollTo(0, 0));
  // The README's picture: header and key figures, all served data whatever the history holds.
  await settleAnimations(page);
  const figures = (await page.getByRole("region", { name: "Key figures" }).boundingBox())!;
  await page.screenshot({
    path: `e2e/screenshots/protocol-figures-${testInfo.project.name.replace(/^screenshots-/, "")}.png`,
    clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: Math.ceil(figures.y + figures.height + 32) },
    animations: "disabled",
  });
  await shoot(page, testInfo, `${name}-top`);
  await shoot(page, testInfo, name, true);
  const box = (await page.getByTestId("tvl-chart").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.getByRole("region", { name: "TVL history" }).getByText("Show data").click();
  await shoot(page, testInfo, `${name}-data`, true);
});

test("change log", async ({ page }, testInfo) => {
  await page.goto("/changes");
  await expect(page.getByText(/^The newest \d+ of \d+ are listed\.$/)).toBeVisible();
  await shoot(page, testInfo, "changes-top");
  // The end of the first page: the count of what is listed and the button for the older changes,
  // scrolled to once the live page has replaced the prerendered one.
  const more = page.getByRole("button", { name: /^Show \d+ older changes?$/ });
  await waitForLivePage(page);
  await more.scrollIntoViewIfNeeded();
  await expect(more).toBeInViewport();
  await shoot(page, testInfo, "changes-more");
});
