// Nothing fixed covers a card's figures. The floating 'Join Waitlist' button
// steps aside while a card's figures pass beneath it, the page leaves room at its end for what is
// fixed at the bottom, and on a phone the button folds into the comparison tray while it shows.
// Checked by scrolling the directory step by step and comparing bounding boxes.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { cardToggle, gotoHome, selectionBar } from "./support/home.ts";
import { fetchSeed } from "./support/seed.ts";

type Box = { left: number; top: number; right: number; bottom: number };
type Step = {
  scrollY: number;
  /** The floating button's box while it is shown (not stepping aside, not folded), else null. */
  button: Box | null;
  /** The comparison tray's box while it is shown, else null. */
  tray: Box | null;
  /** Every card's figures box that is on screen. */
  figures: Box[];
};

/** Scrolls to `y`, lets the page react (scroll handlers run once a frame), and measures. */
function measureAt(page: Page, y: number): Promise<Step> {
  return page.evaluate(async (scrollTo) => {
    window.scrollTo(0, scrollTo);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))));
    // A button sliding in or out is measured where it comes to rest.
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {})));
    const box = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const holder = document.querySelector("[data-floating-join]");
    const shown =
      holder !== null && holder.getAttribute("aria-hidden") !== "true" && getComputedStyle(holder).display !== "none";
    const tray = document.querySelector("[data-selection-bar]");
    return {
      scrollY: window.scrollY,
      button: shown ? box(holder.querySelector("button")!) : null,
      tray: tray ? box(tray) : null,
      // A faded preview card under the collapsed list's fade is inert: no figures a visitor reads
      // (and those past its clipped height are not painted at all).
      figures: [...document.querySelectorAll("[data-card-figures]")]
        .filter((figures) => !figures.closest("[inert]"))
        .map(box)
        .filter((b) => b.bottom > 0 && b.top < window.innerHeight && b.right > b.left),
    };
  }, y);
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every scroll position from the directory's top to the end of the page, `step` px apart. */
async function scrollPositions(page: Page, step: number): Promise<number[]> {
  const { from, to } = await page.evaluate(() => ({
    from: Math.round(document.getElementById("directory")!.getBoundingClientRect().top + window.scrollY) - 200,
    to: document.documentElement.scrollHeight - window.innerHeight,
  }));
  const positions: number[] = [];
  for (let y = Math.max(0, from); y < to; y += step) positions.push(y);
  positions.push(to);
  return positions;
}

test.describe("nothing fixed covers a card's figures", () => {
  // Dozens of scroll positions, each measured after the page has reacted.
  test.slow();

  test("the floating button steps aside wherever a card's figures pass beneath it", async ({ page, isMobile }) => {
    await gotoHome(page);
    // Every card on the desktop's three columns; a phone's single column of 15 is long enough.
    if (!isMobile) await page.getByRole("button", { name: /^Show All \d+ Protocols$/ }).click();
    let shownOverCards = 0;
    // Steps shorter than a card's figures (about 140 px), so none can slip between two looks.
    for (const y of await scrollPositions(page, 110)) {
      const step = await measureAt(page, y);
      if (step.button === null) continue;
      const covered = step.figures.filter((figures) => overlap(figures, step.button!));
      expect(covered, `at scrollY ${step.scrollY} the floating button covers a card's figures`).toEqual([]);
      if (step.figures.length > 0) shownOverCards++;
    }
    // It still shows among the cards, wherever it covers no figure (between them, beside them).
    expect(shownOverCards, "the button shows somewhere along the directory").toBeGreaterThan(0);

    // Room at the end of the page: at the very end nothing fixed is over a card's figures, and the
    // footer holds the room the button needs below its last line.
    const end = await measureAt(page, 1e7);
    for (const fixed of [end.button, end.tray].filter((b): b is Box => b !== null))
      expect(end.figures.filter((figures) => overlap(figures, fixed))).toEqual([]);
  });

  test("with the comparison tray shown: the button rises above it, or on a phone folds into it", async ({
    page,
    request,
    isMobile,
  }) => {
    const [a, b] = await fetchSeed(request);
    await gotoHome(page);
    await cardToggle(page, a!.name).click();
    await cardToggle(page, b!.name).click();
    await expect(selectionBar(page)).toContainText("2/3");
    const trayJoin = selectionBar(page).getByRole("button", { name: "Join Waitlist", exact: true });

    for (const y of await scrollPositions(page, 120)) {
      const step = await measureAt(page, y);
      expect(step.tray, "the tray shows").not.toBeNull();
      if (isMobile) {
        expect(step.button, `at scrollY ${step.scrollY} the floating button is folded into the tray`).toBeNull();
      } else if (step.button !== null) {
        expect(overlap(step.button, step.tray!), `at scrollY ${step.scrollY} the button and the tray overlap`).toBe(
          false,
        );
        const covered = step.figures.filter((figures) => overlap(figures, step.button!));
        expect(covered, `at scrollY ${step.scrollY} the floating button covers a card's figures`).toEqual([]);
      }
    }

    // At the end of the page no card's figures are under the tray (or the button): there is room.
    const end = await measureAt(page, 1e7);
    for (const fixed of [end.button, end.tray].filter((b): b is Box => b !== null))
      expect(end.figures.filter((figures) => overlap(figures, fixed))).toEqual([]);

    if (isMobile) {
      // The tray carries the join button past the spec's 400 px, and it opens the waitlist.
      await expect(trayJoin).toBeVisible();
      await trayJoin.click();
      await expect(page.getByRole("dialog", { name: "Join the Waitlist" })).toBeVisible();
      await page.keyboard.press("Escape");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(trayJoin).toBeHidden();
    } else {
      await expect(trayJoin).toBeHidden();
    }
  });
});
