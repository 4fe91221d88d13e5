import type { Locator, Page, TestInfo } from "@playwright/test";
import { slugify } from "../src/features/protocols/model/slug.ts";
import { renderSkippedContent, settleAnimations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { compareButton, comparisonDialog, gotoHome, selectionBar } from "./support/home.ts";
import { fetchRiskFactors, fetchSeed, type ProtocolRow } from "./support/seed.ts";

// Review screenshots of the risk rating's screens at both sizes: the protocol page's Risk section, a card's
// risk badge, /methodology and the comparison's factor rows. Written to e2e/screenshots/ (gitignored),
// or to SHOTS_DIR when set.
const DIR = process.env.SHOTS_DIR ?? "e2e/screenshots";

async function shoot(target: Page | Locator, page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await settleAnimations(page);
  await page.evaluate(() => document.fonts.ready);
  const path = `${DIR}/${name}-${testInfo.project.name.replace(/^screenshots-/, "")}.png`;
  if (fullPage) await renderSkippedContent(page);
  await target.screenshot({ path, animations: "disabled", ...(fullPage ? { fullPage } : {}) });
}

let seed: ProtocolRow[];
let withEvidence: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
  const factors = await fetchRiskFactors(request);
  // The most evidenced first: reviewed protocols, with researched and computed factors side by side.
  const count = (row: ProtocolRow) => factors.get(row.id)?.length ?? 0;
  withEvidence = seed.filter((row) => count(row) > 0).sort((a, b) => count(b) - count(a));
});

test("risk section and card badge", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const protocol = withEvidence[0]!;
  await page.goto(`/protocols/${slugify(protocol.name)}#risk`);
  const section = page.getByRole("region", { name: "Risk", exact: true });
  await expect(section.getByRole("list", { name: /^Risk factors of / })).toBeVisible({ timeout: 30_000 });
  await shoot(page, page, testInfo, "risk-viewport");
  await shoot(section, page, testInfo, "risk-section");

  await gotoHome(page);
  const badge = page.getByRole("link", { name: /^Risk: .*, see (the evidence|why)$/ }).first();
  await badge.hover();
  await shoot(page.getByRole("article").first(), page, testInfo, "card-badge-hover");
});

test("methodology", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/methodology");
  await expect(page.getByRole("heading", { level: 1, name: "How we rate risk" })).toBeVisible();
  await shoot(page, page, testInfo, "methodology-top");
  await shoot(page, page, testInfo, "methodology", true);
});

test("comparison factor rows", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const picked = withEvidence.slice(0, 3);
  await page.goto(`/?compare=${picked.map((row) => slugify(row.name)).join(",")}`);
  await expect(selectionBar(page)).toContainText(`${picked.length}/3`);
  await compareButton(page).click();
  const dialog = comparisonDialog(page);
  await expect(dialog.getByText("Loading...", { exact: true })).toHaveCount(0, { timeout: 30_000 });
  const first = testInfo.project.name.endsWith("phone")
    ? dialog.getByRole("heading", { name: "Risk Level", exact: true })
    : dialog.getByRole("rowheader", { name: "Risk Level" });
  await first.scrollIntoViewIfNeeded();
  await first.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await shoot(page, page, testInfo, "comparison-factors");
});
