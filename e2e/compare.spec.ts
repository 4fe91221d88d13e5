import type { Locator, Page } from "@playwright/test";
import { expect, PHONE, PHONE_ONLY, test } from "./support/fixtures.ts";
import {
  cardToggle,
  compareButton,
  comparisonDialog,
  expectSelected,
  gotoHome,
  selectionBar,
  showingLine,
  waitlistDialog,
} from "./support/home.ts";
import { fetchSeed, minimumShown, type ProtocolRow } from "./support/seed.ts";
import { SPEC_COMPARISON_ROWS } from "../tests/fixtures/comparison-rows.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

/** A protocol's risk as its badge reads: a tracked row (listed from DefiLlama, not reviewed) has no level yet. */
const riskText = (row: ProtocolRow) => row.risk_level ?? "Not rated";

async function select(page: Page, name: string): Promise<void> {
  await cardToggle(page, name).click();
  await expectSelected(page, name, true);
}

/** Presses Tab until `target` (found once, by role) has focus; fails past `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  const element = await target.elementHandle();
  for (let presses = 0; presses < max; presses += 1) {
    if (await element?.evaluate((node) => node === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await element?.dispose();
  await expect(target).toBeFocused();
}

test("select three, the fourth is refused with the limit dialog, remove one from the bar", async ({ page }) => {
  const [a, b, c, d] = seed.map((row) => row.name);
  await gotoHome(page, seed.length);
  await expect(selectionBar(page)).toBeHidden();

  await select(page, a!);
  await expect(selectionBar(page)).toBeVisible();
  await expect(selectionBar(page)).toContainText("1/3");
  await expect(showingLine(page)).toContainText("1 selected");
  await select(page, b!);
  await select(page, c!);
  await expect(selectionBar(page)).toContainText("3/3");
  await expect(showingLine(page)).toContainText("3 selected");
  for (const name of [a, b, c]) await expect(selectionBar(page)).toContainText(name!);

  // The fourth: refused, selection unchanged, the limit-reached waitlist variant opens.
  await cardToggle(page, d!).click();
  const limit = waitlistDialog(page);
  await expect(limit).toBeVisible();
  await expect(limit.getByText("Comparison Limit Reached")).toBeVisible();
  await expect(limit.getByText("You can compare up to 3 protocols at once with our free preview tool.")).toBeVisible();
  await expect(limit).toContainText(/unlimited comparisons/i);
  await expect(limit).toContainText(/advanced risk metrics/i);
  await expect(limit).toContainText(/real-time tracking/i);
  await page.keyboard.press("Escape");
  await expect(limit).toBeHidden();
  await expectSelected(page, d!, false);
  await expect(selectionBar(page)).toContainText("3/3");
  await expect(selectionBar(page)).not.toContainText(d!);

  // Closing reset the limit flag: the next opening is the normal variant.
  await page
    .getByRole("complementary", { name: "Announcement" })
    .getByRole("button", { name: "Get Early Access" })
    .click();
  await expect(waitlistDialog(page)).toBeVisible();
  await expect(waitlistDialog(page).getByText("Comparison Limit Reached")).toHaveCount(0);
  await expect(
    waitlistDialog(page).getByText("Get early access to institutional-grade portfolio analytics for tokenized RWAs."),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(waitlistDialog(page)).toBeHidden();

  // Remove one from the bar: the card is free again, and a fourth now fits.
  await selectionBar(page)
    .getByRole("button", { name: `Remove ${b!} from comparison` })
    .click();
  await expect(selectionBar(page)).toContainText("2/3");
  await expect(selectionBar(page)).not.toContainText(b!);
  await expectSelected(page, b!, false);
  await select(page, d!);
  await expect(selectionBar(page)).toContainText("3/3");

  // Unselect everything from the cards: the bar goes away.
  for (const name of [a, c, d]) await cardToggle(page, name!).click();
  await expect(selectionBar(page)).toBeHidden();
  await expect(showingLine(page)).not.toContainText("selected");
});

test("the comparison dialog shows every row for each selected protocol, with its link", async ({ page, isMobile }) => {
  // Three protocols with different risk levels where the seed allows, to see the badges differ.
  const picked: ProtocolRow[] = [];
  for (const row of seed.slice(0, 9)) {
    if (picked.length < 3 && !picked.some((p) => p.risk_level === row.risk_level)) picked.push(row);
  }
  for (const row of seed.slice(0, 9)) if (picked.length < 3 && !picked.includes(row)) picked.push(row);

  await gotoHome(page, seed.length);
  for (const row of picked) await select(page, row.name);
  await compareButton(page).click();

  const dialog = comparisonDialog(page);
  await expect(dialog).toBeVisible();
  // The desktop shows a table; a phone (below 640px) one block per metric, each protocol's value
  // stacked under it. The same texts either way.
  const table = dialog.getByRole("table");
  const compared = dialog.getByRole("list", { name: "Compared protocols" }).getByRole("listitem");
  const headerOf = (index: number) => (isMobile ? compared.nth(index) : table.getByRole("columnheader").nth(index + 1));
  if (isMobile) await expect(compared).toHaveCount(picked.length);
  else await expect(table.getByRole("columnheader")).toHaveCount(picked.length + 1);

  for (const label of SPEC_COMPARISON_ROWS) {
    if (isMobile) await expect(dialog.getByRole("heading", { name: label, exact: true })).toBeVisible();
    else await expect(table.getByRole("rowheader", { name: label })).toBeVisible();
  }
  const rowOf = (label: string) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) });
  const valueOf = (label: string, index: number) =>
    isMobile
      ? dialog
          .getByRole("region", { name: label, exact: true })
          .locator(":scope > ul > li")
          .nth(index)
          .locator(":scope > div > div")
      : rowOf(label).getByRole("cell").nth(index);

  for (const [index, protocol] of picked.entries()) {
    const cellOf = (label: string) => valueOf(label, index);
    await expect(headerOf(index)).toContainText(protocol.name);
    await expect(headerOf(index)).toContainText(protocol.description);
    await expect(cellOf("Total Value Locked")).toHaveText(protocol.tvl);
    await expect(cellOf("Yield Range")).toHaveText(protocol.yield_range);
    await expect(cellOf("Risk Level")).toHaveText(riskText(protocol));
    // A protocol with products shows their lowest minimum, then each product's line.
    await expect(cellOf("Min Investment")).toContainText(minimumShown(protocol));
    for (const assetClass of protocol.asset_classes) await expect(cellOf("Asset Classes")).toContainText(assetClass);
    for (const chain of protocol.blockchains) await expect(cellOf("Blockchains")).toContainText(chain);
    const link = cellOf("Website").getByRole("link", { name: `Visit ${protocol.name}` });
    await expect(link).toHaveAttribute("href", protocol.url!);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }

  // Risk badges are coloured by level: different levels, different colours.
  const colours = new Set<string>();
  for (const index of picked.keys()) {
    const badge = valueOf("Risk Level", index).getByText(riskText(picked[index]!), { exact: true });
    colours.add(await badge.evaluate((element) => getComputedStyle(element).backgroundColor));
  }
  expect(colours.size).toBe(new Set(picked.map((row) => row.risk_level)).size);

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("keyboard only: tab to a card's toggle, select, open compare, Escape returns focus", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "keyboard journey runs on desktop");
  const [first] = seed;
  await gotoHome(page, seed.length);

  const toggle = cardToggle(page, first!.name);
  await tabTo(page, toggle);
  await page.keyboard.press("Space");
  await expectSelected(page, first!.name, true);

  await tabTo(page, compareButton(page), 200);
  await page.keyboard.press("Enter");
  const dialog = comparisonDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: `Visit ${first!.name}` })).toBeVisible();
  // Focus moved into the dialog.
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(compareButton(page)).toBeFocused();
});

test("on a phone the dialogs fit the screen and scroll", PHONE_ONLY, async ({ page, isMobile }) => {
  test.skip(!isMobile, "narrow-screen behaviour");
  await gotoHome(page, seed.length);
  for (const row of seed.slice(0, 3)) await select(page, row.name);
  await compareButton(page).click();

  const dialog = comparisonDialog(page);
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.height).toBeLessThanOrEqual(viewport.height);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport();

  // The last protocol's link is off-screen at first and reachable by scrolling.
  const lastLink = dialog.getByRole("link", { name: `Visit ${seed[2]!.name}` });
  await lastLink.scrollIntoViewIfNeeded();
  await expect(lastLink).toBeInViewport();
  await page.keyboard.press("Escape");

  // The waitlist dialog: field and button on screen, usable with the on-screen keyboard's room.
  await cardToggle(page, seed[3]!.name).click();
  const waitlist = waitlistDialog(page);
  await expect(waitlist).toBeVisible();
  const waitlistBox = (await waitlist.boundingBox())!;
  expect(waitlistBox.x + waitlistBox.width).toBeLessThanOrEqual(viewport.width);
  expect(waitlistBox.height).toBeLessThanOrEqual(viewport.height);
  const submit = waitlist.getByRole("button", { name: "Get Early Access" });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  await waitlist.getByRole("textbox", { name: "Email address" }).tap();
  await expect(waitlist.getByRole("textbox", { name: "Email address" })).toBeFocused();
});

test("the comparison scrolls in one place, under its title and close button", PHONE, async ({ page, isMobile }) => {
  await gotoHome(page, seed.length);
  for (const row of seed.slice(0, 3)) await select(page, row.name);
  await compareButton(page).click();
  const dialog = comparisonDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Loading...", { exact: true })).toHaveCount(0, { timeout: 15_000 });

  // What can scroll up and down, the dialog itself included, named by role and label.
  const scrollers = () =>
    dialog.evaluate((root) =>
      [root, ...root.querySelectorAll("*")]
        .filter((element) => {
          const { overflowY } = getComputedStyle(element);
          return /auto|scroll/.test(overflowY) && element.scrollHeight > element.clientHeight + 1;
        })
        .map((element) => `${element.getAttribute("role")}: ${element.getAttribute("aria-label") ?? "(unnamed)"}`),
    );
  const title = dialog.getByRole("heading", { name: "Protocol Comparison Dashboard" });
  const lastRow = isMobile
    ? dialog.getByRole("heading", { name: "Source", exact: true })
    : dialog.getByRole("rowheader", { name: "Source", exact: true });

  if (isMobile) {
    expect(await scrollers()).toEqual(["dialog: (unnamed)"]);
  } else {
    // At 1280x900 the dialog stays put, only the table region scrolls.
    expect(await scrollers()).toEqual(["region: Comparison table"]);
    await dialog.getByRole("region", { name: "Comparison table" }).evaluate((region) => {
      region.scrollTop = region.scrollHeight;
    });
    await expect(lastRow).toBeInViewport();
    await expect(title).toBeInViewport();
    // Not even a script (or find-in-page) can scroll the dialog itself.
    expect(await dialog.evaluate((root) => ((root.scrollTop = 300), root.scrollTop))).toBe(0);
  }
  // Either way the last row is reachable, and there is still one scroller; the title and the close
  // button stay in view over it (on a phone they stick to the dialog's top).
  await lastRow.scrollIntoViewIfNeeded();
  await expect(lastRow).toBeInViewport();
  expect(await scrollers()).toHaveLength(1);
  await expect(title).toBeInViewport();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test(
  "the tray: one row of picks, 'n/3', a remove button each, at most about 96 px tall with three",
  PHONE,
  async ({ page, isMobile }) => {
    await gotoHome(page, seed.length);
    const names = seed.slice(0, 3).map((row) => row.name);
    for (const name of names) await select(page, name);
    // Past the floating button's 400 px: on a phone the tray carries 'Join Waitlist' too.
    await page.evaluate(() => window.scrollTo(0, 1500));
    const bar = selectionBar(page);
    await expect(bar).toContainText("3/3");
    if (isMobile) await expect(bar.getByRole("button", { name: "Join Waitlist", exact: true })).toBeVisible();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(96);

    const picks = bar.getByRole("list", { name: "Picked protocols" }).getByRole("listitem");
    await expect(picks).toHaveCount(3);
    const tops = await picks.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size, "the picks share one row").toBe(1);
    // Each pick names its protocol in full to assistive tech (cut or keyed on screen), and the
    // last one scrolls sideways into view with its remove button.
    for (const [index, name] of names.entries()) await expect(picks.nth(index)).toContainText(name);
    const lastRemove = bar.getByRole("button", { name: `Remove ${names[2]!} from comparison` });
    await lastRemove.scrollIntoViewIfNeeded();
    await expect(lastRemove).toBeInViewport();
    await lastRemove.click();
    await expect(bar).toContainText("2/3");
    await expectSelected(page, names[2]!, false);
  },
);
