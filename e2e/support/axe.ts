import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { classConflictsIn, describeClassConflicts } from "../../tests/class-conflicts.ts";

/**
 * Runs axe on the page as it is now and fails with a readable list of every violation, then checks
 * that no element carries two classes that set the same thing (`cn` resolves no conflict: docs/
 * decisions/021-class-names-without-merging.md; the unit tests check every render, this the screens
 * they do not reach). Every rule
 * runs; only violations are reported in detail (`resultTypes`), which spares axe describing each
 * passing node: a third of a scan of the change log's 200 entries (11.1 s -> 7.3 s, measured
 * 2026-11-27).
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const readable = violations.map((violation) =>
    [
      `[${violation.impact ?? "?"}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
      ...violation.nodes.map(
        (node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`,
      ),
    ].join("\n"),
  );
  expect(violations.length, `axe violations on ${what}:\n${readable.join("\n")}`).toBe(0);
  await expectNoClassConflicts(page, what);
}

async function expectNoClassConflicts(page: Page, what: string): Promise<void> {
  const classLists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class")!)),
  ]);
  const conflicts = classConflictsIn(classLists);
  expect(conflicts, `classes that set the same thing on ${what}:\n${describeClassConflicts(conflicts)}`).toEqual([]);
}

/** Waits for finite animations (dialogs fading in, drawers sliding) so axe sees final colours. */
export async function settleAnimations(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (animation) => animation.playState === "running" && animation.effect?.getTiming().iterations !== Infinity,
            ).length,
      ),
    )
    .toBe(0);
}

/**
 * A full-page capture paints the whole page, but the browser skips the parts with
 * `content-visibility: auto` that are off screen (a protocol page's lower sections, the directory's
 * later cards: decisions 024 and 025), which come out blank. For review pictures only.
 */
export async function renderSkippedContent(page: Page): Promise<void> {
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
}
