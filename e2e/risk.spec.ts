// The risk rating on the site: the protocol page's Risk section, the card's badge that links to it, the
// comparison's factor rows and /methodology (also without JavaScript). Runs on the desktop (1280)
// and the phone (375) projects. Expectations come from what the local API serves, never hard-coded.
import type { Locator, Page } from "@playwright/test";
import { slugify } from "../src/features/protocols/model/slug.ts";
import { FACTOR_LABELS, RATING_VERSION, RISK_FACTORS, RISK_STEPS } from "../src/lib/risk-rating.ts";
import { formatDay, formatDocumentDate } from "../src/lib/source-provenance.ts";
import { SOURCE_TIER_DATA } from "../src/lib/source-tiers.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PHONE, test } from "./support/fixtures.ts";
import { card, compareButton, comparisonDialog, gotoHome, selectionBar } from "./support/home.ts";
import {
  fetchRatingChanges,
  fetchRiskFactors,
  fetchSeed,
  type ProtocolRow,
  type RatingChangeRow,
  type RiskFactorRow,
} from "./support/seed.ts";

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, "");

let seed: ProtocolRow[];
let factors: Map<string, RiskFactorRow[]>;
let changes: Map<string, RatingChangeRow[]>;
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
  factors = await fetchRiskFactors(request);
  changes = await fetchRatingChanges(request);
});

const evidenceOf = (row: ProtocolRow) => factors.get(row.id) ?? [];
const changesOf = (row: ProtocolRow, field: string | null) =>
  (changes.get(row.id) ?? [])
    .filter((c) => c.field === field)
    .sort((a, b) => b.day.localeCompare(a.day))
    .map((c) => `Changed on ${formatDay(c.day)}: ${c.old_value} → ${c.new_value}`);
const overallOf = (row: ProtocolRow) => row.risk_level ?? "Not rated";

function riskSection(page: Page): Locator {
  return page.getByRole("region", { name: "Risk", exact: true });
}

test("a protocol page's Risk section: the overall level, then every factor with its evidence or 'Unknown'", async ({
  page,
}) => {
  // Seven lines of several checks each, and axe, on a 2-core machine shared with the API.
  test.setTimeout(90_000);
  // A protocol with evidence for some factors and none for others shows both kinds of line; one
  // whose rating changed (the seed's change log) shows its changes too, and one with a computed
  // factor its line.
  const candidates = seed.filter((row) => evidenceOf(row).length > 0);
  expect(candidates.length, "the seed serves risk evidence").toBeGreaterThan(0);
  const score = (row: ProtocolRow) =>
    (evidenceOf(row).length < RISK_FACTORS.length ? 4 : 0) +
    ((changes.get(row.id) ?? []).length > 0 ? 2 : 0) +
    (evidenceOf(row).some((e) => e.computed) ? 1 : 0);
  const protocol = [...candidates].sort(
    (a, b) => score(b) - score(a) || evidenceOf(b).length - evidenceOf(a).length,
  )[0]!;
  const evidence = evidenceOf(protocol);

  await page.goto(`/protocols/${slugify(protocol.name)}`);
  const section = riskSection(page);
  const list = section.getByRole("list", { name: `Risk factors of ${protocol.name}` });
  // The factors load after the page (like the history); on a loaded 2-core machine that can take a while.
  await expect(list).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText("Overall", { exact: true }).locator("..")).toHaveText(`Overall${overallOf(protocol)}`);
  await expect(section).toContainText(`${evidence.length} of 7 factors have evidence`);
  await expect(section).toContainText(`Rule version ${RATING_VERSION}.`);
  const overall = changesOf(protocol, null);
  if (overall.length > 0)
    await expect(section.getByRole("list", { name: "Changes to the overall level" }).getByRole("listitem")).toHaveText(
      overall,
    );

  // The factors themselves (each may hold a list of its changes).
  const items = list.locator(":scope > li");
  await expect(items).toHaveCount(RISK_FACTORS.length);
  for (const [index, factor] of RISK_FACTORS.entries()) {
    const item = items.nth(index);
    const label = FACTOR_LABELS[factor];
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(label);
    const found = evidence.find((row) => row.factor === factor);
    if (!found) {
      // Unknown: said in words, muted, with the reason; never blank, never a link.
      await expect(item).toContainText("Assessment: Unknown");
      await expect(item.getByText("No evidence found yet")).toBeVisible();
      await expect(item.getByRole("link")).toHaveCount(0);
    }
    const changed = changesOf(protocol, factor);
    if (changed.length > 0)
      await expect(item.getByRole("list", { name: `Changes to ${label}` }).getByRole("listitem")).toHaveText(changed);
    else await expect(item.getByRole("list")).toHaveCount(0);
    if (!found) continue;
    await expect(item).toContainText(`Assessment: ${found.level}`);
    await expect(item.getByText(found.level, { exact: true })).toBeVisible();
    await expect(item).toContainText(found.finding);
    // Where the finding comes from: the kind of document, its own date, the day read and the tier.
    await expect(item).toContainText(
      found.computed
        ? `Computed from DefiLlama data of ${formatDay(found.read_on)}`
        : `${found.source_kind}, ${formatDocumentDate(found.document_date)} · read ${formatDay(found.read_on)} · ${found.source_tier}`,
    );
    const source = item.getByRole("link", {
      name: `${label} source for ${protocol.name}: ${hostOf(found.source_url)} (opens in a new tab)`,
    });
    await expect(source).toHaveAttribute("href", found.source_url);
    await expect(source).toHaveAttribute("target", "_blank");
    await expect(source).toHaveAttribute("rel", /noopener/);
  }
  await expectNoAxeViolations(page, "a protocol page's Risk section");

  await section.getByRole("link", { name: "How we rate risk" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "How we rate risk" })).toBeVisible();
  await expect(page).toHaveURL(/\/methodology$/);
});

test("a card's risk badge opens the protocol page at its Risk section", async ({ page }) => {
  const protocol = seed[0]!;
  await gotoHome(page, seed.length);
  const badge = card(page, protocol.name).getByRole("link", {
    name: `Risk: ${overallOf(protocol)}, ${protocol.risk_level === null ? "see why" : "see the evidence"}`,
  });
  await expect(badge).toHaveText(overallOf(protocol));
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/protocols/${slugify(protocol.name)}#risk$`));
  await expect(riskSection(page).getByRole("list", { name: `Risk factors of ${protocol.name}` })).toBeVisible();
  await expect(riskSection(page).getByRole("heading", { level: 2, name: "Risk" })).toBeInViewport();
});

test("/methodology states the factors, the rule, Unknown and Not rated, is linked from the footer and in the sitemap, and passes axe", async ({
  page,
  request,
}) => {
  // A long page for axe.
  test.setTimeout(60_000);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "How we rate risk" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "How we rate risk" })).toBeVisible();
  await expect(page).toHaveTitle("Risk rating methodology | RWA Atlas");
  const factorsSection = page.getByRole("region", { name: "The seven factors" });
  await expect(factorsSection.getByRole("heading", { level: 3 })).toHaveText(
    RISK_FACTORS.map((factor, index) => `${index + 1}. ${FACTOR_LABELS[factor]}`),
  );
  for (const step of RISK_STEPS) await expect(factorsSection.getByText(step, { exact: true }).first()).toBeVisible();
  const rule = page.getByRole("region", { name: "The rule" }).getByRole("listitem");
  await expect(rule).toHaveCount(4);
  await expect(rule.first()).toHaveText(
    "A factor with evidence is evidenced. A protocol with fewer than five evidenced factors is 'Not rated': we do not guess.",
  );
  await expect(page.getByRole("region", { name: "Unknown and Not rated" })).toContainText("No evidence found yet");
  await expect(page.getByText(/^It is not investment advice/)).toBeVisible();
  // The source tiers and the never list, from data/source-tiers.json.
  const sources = page.getByRole("region", { name: "Sources" });
  await expect(sources.getByRole("heading", { level: 3 })).toHaveText([
    "Primary sources",
    "Secondary sources",
    "Never a source",
  ]);
  for (const entry of SOURCE_TIER_DATA.never) await expect(sources).toContainText(`${entry.category}: ${entry.reason}`);
  await expectNoAxeViolations(page, "/methodology");

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/methodology<\/loc>/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/methodology is served whole: the factors, their steps and the rule are in the HTML", async ({ page }) => {
    const response = await page.goto("/methodology");
    expect(await response!.text()).toContain('data-prerendered="/methodology"');
    await expect(page.getByRole("heading", { level: 1, name: "How we rate risk" })).toBeVisible();
    await expect(page).toHaveTitle("Risk rating methodology | RWA Atlas");
    await expect(
      page.getByRole("region", { name: "The seven factors" }).getByRole("heading", { level: 3 }),
    ).toHaveCount(RISK_FACTORS.length);
    await expect(page.getByRole("region", { name: "The rule" })).toContainText(
      "The overall score is the mean of the seven scores, rounded half up to a step",
    );
    await expect(page.getByText(`Version ${RATING_VERSION} · published`, { exact: false })).toBeVisible();
    // Plain links, so a reader without JavaScript can still move on.
    await expect(page.getByRole("link", { name: "Back to directory" })).toHaveAttribute("href", "/");
  });
});

test(
  "the comparison has a row per risk factor with each protocol's assessment, the lowest risk marked Best",
  PHONE,
  async ({ page, isMobile }) => {
    // Seven rows and axe over the open dialog, on a 2-core machine shared with the API.
    test.setTimeout(60_000);
    // Three of the first grid's protocols with evidence, with different assessments where the seed allows.
    const firstGrid = seed.slice(0, 9).filter((row) => evidenceOf(row).length > 0);
    expect(firstGrid.length, "the first grid has protocols with evidence").toBeGreaterThanOrEqual(2);
    const picked = firstGrid.slice(0, 3);

    // Selected through the shared link (compare.spec.ts covers selecting by hand).
    await page.goto(`/?compare=${picked.map((row) => slugify(row.name)).join(",")}`);
    await expect(selectionBar(page)).toContainText(`${picked.length}/3`);
    await compareButton(page).click();
    const dialog = comparisonDialog(page);
    await expect(dialog).toBeVisible();

    const table = dialog.getByRole("table");
    const rowOf = (label: string) =>
      table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) });
    // A factor's values in compared order, with their Best marks: the table's cells, or the phone's stacked entries.
    const valuesOf = async (label: string) => {
      const values = isMobile
        ? dialog.getByRole("region", { name: `Risk factor: ${label}`, exact: true }).locator(":scope > ul > li")
        : rowOf(label).getByRole("cell");
      await expect(values).toHaveCount(picked.length);
      return values.evaluateAll((elements) =>
        elements.map((element) => ({ text: element.textContent ?? "", best: element.hasAttribute("data-best") })),
      );
    };

    // Every compared protocol's factors are in before anything is ranked.
    await expect(dialog.getByText("Loading...", { exact: true })).toHaveCount(0, { timeout: 15_000 });
    if (!isMobile) {
      // The factor rows come right after Risk Level, in the method's order.
      const headers = await table.getByRole("rowheader").allTextContents();
      const at = headers.indexOf("Risk Level");
      expect(headers.slice(at + 1, at + 1 + RISK_FACTORS.length)).toEqual(
        RISK_FACTORS.map((factor) => FACTOR_LABELS[factor]),
      );
    }

    for (const factor of RISK_FACTORS) {
      const label = FACTOR_LABELS[factor];
      const assessments = picked.map((row) => evidenceOf(row).find((e) => e.factor === factor)?.level ?? "Unknown");
      // The rule the other rows follow (model/best-values.ts): marked only when every compared
      // assessment is known (a level); then the lowest, every holder on a tie, unless all are the
      // same. Otherwise no cell is marked and the row says why beside its name.
      const unknown = picked.filter((_, index) => assessments[index] === "Unknown");
      const levels = assessments.map((a) => RISK_STEPS.indexOf(a as never));
      const lowest = Math.min(...levels);
      const reason =
        unknown.length > 0
          ? `Not ranked: not every protocol's evidence on this factor is known (${unknown
              .map((row) => `${row.name}: Unknown`)
              .join("; ")}).`
          : new Set(assessments).size < 2
            ? "Not ranked: every value is the same."
            : null;
      const values = await valuesOf(label);
      // The phone's entry reads key, name, then the assessment.
      expect(
        values.map((value, index) => value.text.endsWith(assessments[index]!)),
        `${label}: ${assessments.join(", ")}`,
      ).toEqual(assessments.map(() => true));
      expect(
        values.map((value) => value.best),
        `${label}: Best`,
      ).toEqual(levels.map((level) => reason === null && level === lowest));
      const why = (
        isMobile ? dialog.getByRole("region", { name: `Risk factor: ${label}`, exact: true }) : rowOf(label)
      ).getByRole("button", { name: "Why no Best mark" });
      if (reason === null) await expect(why, `${label}: no reason`).toHaveCount(0);
      else await expect(why, `${label}: the reason`).toHaveAttribute("data-reason", reason);
    }
    await expectNoAxeViolations(page, "the comparison with its factor rows");
  },
);
