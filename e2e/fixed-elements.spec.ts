// The floating 'Join Waitlist' button keeps the spec's rule while the directory scrolls: shown past
// 400 px, wherever it is, even over a card's figures (a floating action button may pass over
// content; issue 28). The page keeps room at its end, so at the end nothing fixed rests on a card's
// figures; the button rises above the comparison tray, and on a phone folds into it while it shows.
// Checked by scrolling the directory step by step and comparing bounding boxes.
import type { Page } from "@playwright/test";
import { expect, PHONE, test } from "./support/fixtures.ts";
import { cardToggle, gotoHome, selectionBar } from "./support/home.ts";
import { fetchSeed } from "./support/seed.ts";

type Box = { left: number; top: number; right: number; bottom: number };
type Step = {
  scrollY: number;
  /** The floating button's box while it is shown (not folded into the tray), else null. */
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

/**
 * Scroll positions `step` px apart from the directory's top to the end of the page. Cards repeat
 * one layout, so past the first `span` px of the directory only the last `span` px before the end
 * are walked (the last cards, the footer and the room it keeps): the same cases, in a third of the
 * time on the desktop's 80 expanded cards.
 */
async function scrollPositions(page: Page, step: number, span = 4000): Promise<number[]> {
  const { from, to } = await page.evaluate(() => ({
    from: Math.round(document.getElementById("directory")!.getBoundingClientRect().top + window.scrollY) - 200,
    to: document.documentElement.scrollHeight - window.innerHeight,
  }));
  const positions: number[] = [];
  for (let y = Math.max(0, from); y < to; y += step) if (y < from + span || y > to - span) positions.push(y);
  positions.push(to);
  return positions;
}

test.describe("the floating button over the directory", PHONE, () => {
  // Dozens of scroll positions, each measured after the page has reacted.
  test.slow();

  test("past 400 px it shows at every step, over figures too, and at the end rests on none", async ({
    page,
    isMobile,
  }) => {
    await gotoHome(page);
    // Every card on the desktop's three columns; a phone's single column of 15 is long enough.
    if (!isMobile) await page.getByRole("button", { name: /^Show All \d+ Protocols$/ }).click();
    let shownOverFigures = 0;
    for (const y of await scrollPositions(page, 110)) {
      const step = await measureAt(page, y);
      if (step.scrollY <= 400) expect(step.button, `at scrollY ${step.scrollY} the button is hidden`).toBeNull();
      else {
        expect(step.button, `at scrollY ${step.scrollY} the button shows`).not.toBeNull();
        if (step.figures.some((figures) => overlap(figures, step.button!))) shownOverFigures++;
      }
    }
    // The spec's rule holds where figures pass beneath it: it does not step aside for them.
    expect(shownOverFigures, "positions where the button passes over a card's figures").toBeGreaterThan(0);

    // Room at the end of the page: there the button rests on no card's figures.
    const end = await measureAt(page, 1e7);
    expect(end.button).not.toBeNull();
    expect(end.figures.filter((figures) => overlap(figures, end.button!))).toEqual([]);
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
      } else if (step.scrollY > 400) {
        expect(step.button, `at scrollY ${step.scrollY} the button shows`).not.toBeNull();
        expect(overlap(step.button!, step.tray!), `at scrollY ${step.scrollY} the button and the tray overlap`).toBe(
          false,
        );
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
