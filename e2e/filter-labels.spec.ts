// Every filter label and every select's text reads in full, never cut to
// 'All asset class…' or 'Any investor t…', at 1280, 1024, 768 and 375 px. A cut text is one whose
// box is narrower than its content (scrollWidth > clientWidth) under the trigger's truncation.
import type { Page } from "@playwright/test";
import { expect, PHONE_ONLY, test } from "./support/fixtures.ts";
import { showFilters } from "./support/home.ts";

// The defaults (the longest 'all' labels), then the longest option of each select: 'Minimum
// investment (low to high)', 'Carbon Credits', 'Gnosis Chain', 'US accredited', 'Very High'.
const STATES = ["/", "/?asset=Carbon+Credits&risk=Very+High&chain=Gnosis+Chain&investor=us-accredited&sort=min"];

type Cut = { text: string; scrollWidth: number; clientWidth: number };

/** The filter panel's labels and select texts that do not fit their box. */
function cutTexts(page: Page): Promise<Cut[]> {
  return page.getByRole("region", { name: "Filter Protocols" }).evaluate((panel) =>
    [...panel.querySelectorAll("label, [role=combobox] > span")]
      .filter((element) => element.scrollWidth > element.clientWidth)
      .map((element) => ({
        text: element.textContent ?? "",
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      })),
  );
}

/** Checks both states at each width: each state is opened once, then laid out at every width. */
async function expectNothingCut(page: Page, widths: number[]): Promise<void> {
  for (const state of STATES) {
    await page.setViewportSize({ width: widths[0]!, height: 900 });
    await page.goto(state);
    // The first page of a run may wait on a cold server: more than expect's default.
    await expect(page.getByText(/^Showing \d+ of \d+ protocols/)).toBeVisible({ timeout: 20_000 });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // On a phone the selects fold behind one 'Filters' button: unfolded, they must read in full too.
      await showFilters(page);
      const panel = page.getByRole("region", { name: "Filter Protocols" });
      const selects = panel.getByRole("combobox");
      await expect(selects).toHaveCount(5);
      if (state !== "/") await expect(selects.nth(4)).toHaveText("Minimum investment (low to high)");
      await page.evaluate(() => document.fonts.ready);
      // Laid out at the new width before measuring.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await cutTexts(page), `cut at ${width} px on ${state}`).toEqual([]);
    }
  }
}

// The desktop project checks the wide layouts, one page per state resized through them; the phone
// project (375 px, touch) the narrow one.
test("every filter label and select text reads in full at 1280, 1024 and 768 px", async ({ page }) => {
  await expectNothingCut(page, [1280, 1024, 768]);
});

test("every filter label and select text reads in full at 375 px", PHONE_ONLY, async ({ page }) => {
  await expectNothingCut(page, [375]);
});
