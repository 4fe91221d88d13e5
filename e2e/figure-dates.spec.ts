// Dates that say what they mean (issue 33), on the served seed: a curated figure gives its page's
// own date and the day it was read, a minimum its products', the risk level its evidence's review;
// the notes are short labelled lines whose links are named, never raw URLs.
import { slugify } from "../src/features/protocols/model/slug.ts";
import { formatDay, formatDocumentDate } from "../src/lib/source-provenance.ts";
import { expect, test } from "./support/fixtures.ts";
import { protocolHeading, serveHistory } from "./support/protocol-page.ts";
import { fetchSeed, type ProtocolRow } from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

const byName = (name: string) => seed.find((row) => row.name === name)!;

async function open(page: import("@playwright/test").Page, row: ProtocolRow) {
  await serveHistory(page, []);
  await page.goto(`/protocols/${slugify(row.name)}`);
  await expect(protocolHeading(page, row.name)).toBeVisible();
  return page.getByRole("region", { name: "Key figures" });
}

/** A key figure's card: its term, then the card around it (the notes may use the same label). */
const figure = (figures: import("@playwright/test").Locator, label: string) =>
  figures
    .locator("div")
    .filter({ has: figures.page().locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .last();

test("BENJI's curated yield gives its fact sheet's date and the day read; its minimum and risk say where theirs are", async ({
  page,
}) => {
  const benji = byName("Franklin Templeton BENJI (FOBXX)");
  expect(benji.yield_source).toBe("curated");
  const figures = await open(page, benji);

  const yieldFigure = figure(figures, "Yield");
  await expect(yieldFigure).toContainText(
    `${benji.yield_source_kind}, ${formatDocumentDate(benji.yield_document_date!)} · read on ${formatDay(benji.yield_as_of!)}`,
  );
  await expect(yieldFigure.getByRole("link", { name: /^Yield source: franklintempleton\.com/ })).toHaveAttribute(
    "href",
    benji.yield_source_url!,
  );
  // A year-old figure read this week: the Stale mark follows the page's date.
  await expect(yieldFigure.getByText(/^Stale/)).toBeVisible();

  await expect(figure(figures, "Min Investment").getByRole("link", { name: "Per product, below" })).toHaveAttribute(
    "href",
    "#products",
  );
  const risk = figure(figures, "Risk");
  await expect(risk.getByRole("link", { name: "Evidence below" })).toHaveAttribute("href", "#risk");
  await expect(risk).toContainText(`reviewed ${formatDay(benji.as_of!)}`);
  await expect(figures.getByText(/As of/)).toHaveCount(0);
});

// Tagged for the phone project (main's e2e/support/fixtures.ts PHONE): a phone lays the notes out
// otherwise (each label above its line) and must not scroll sideways.
test("Ondo's notes are labelled lines whose links are named, with no raw URL", { tag: "@phone" }, async ({ page }) => {
  const ondo = byName("Ondo Finance (OUSG + USDY)");
  await open(page, ondo);
  const notes = page.getByRole("region", { name: "Notes on the figures" });
  await expect(notes.getByRole("term").first()).toHaveText("TVL");
  await expect(notes.getByRole("term").filter({ hasText: /^Minimum \(USDY\)$/ })).toBeVisible();
  const faq = notes.getByRole("link", { name: "Ondo's USDY FAQ (opens in a new tab)" });
  await expect(faq).toHaveAttribute(
    "href",
    "https://docs.ondo.finance/general-access-products/usdy/faq/investing-and-redeeming",
  );
  await expect(faq).toHaveAttribute("target", "_blank");
  await expect(notes).not.toContainText("https://");
  // Each line is short enough to read at a glance, on a phone too: nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
