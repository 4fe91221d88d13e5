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

for (const width of [1280, 1024, 768, 375]) {
  test(
    `every filter label and select text reads in full at ${width} px`,
    width === 375 ? PHONE_ONLY : {},
    async ({ page, isMobile }) => {
      // The desktop project checks the wide layouts; the phone project (375 px, touch) the narrow one.
      test.skip(isMobile !== (width === 375), "checked once, by the project of that width");
      await page.setViewportSize({ width, height: 900 });
      for (const state of STATES) {
        await page.goto(state);
        // The first page of a run may wait on a cold server: more than expect's default.
        await expect(page.getByText(/^Showing \d+ of \d+ protocols/)).toBeVisible({ timeout: 20_000 });
        // On a phone the selects fold behind one 'Filters' button: unfolded, they must read in full too.
        await showFilters(page);
        const panel = page.getByRole("region", { name: "Filter Protocols" });
        const selects = panel.getByRole("combobox");
        await expect(selects).toHaveCount(5);
        if (state !== "/") await expect(selects.nth(4)).toHaveText("Minimum investment (low to high)");
        await page.evaluate(() => document.fonts.ready);
        expect(await cutTexts(page), `cut at ${width} px on ${state}`).toEqual([]);
      }
    },
  );
}
