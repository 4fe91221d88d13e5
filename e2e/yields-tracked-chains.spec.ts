// Yields, tracked rows and every chain on the site, against the real seed (the 2026-09-05 data): the yield history next to
// the TVL's, tracked rows (listed from DefiLlama, not reviewed), dropped rows, and a blockchain
// filter that offers every chain. Runs on the desktop (1280) and the phone (375) projects.
import type { Page } from "@playwright/test";
import { BLOCKCHAINS } from "../src/config/domain.ts";
import { slugify } from "../src/features/protocols/model/slug.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  card,
  cards,
  chooseFilter,
  expectShowing,
  filterSelect,
  searchBox,
  showFilters,
  showingLine,
} from "./support/home.ts";
import { applyFilters, fetchSeed, fetchYieldHistory, type ProtocolRow, type YieldHistoryRow } from "./support/seed.ts";
import { scrollToChart } from "./support/protocol-page.ts";

const NOTE = "Listed from DefiLlama: terms and risk not reviewed yet";
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

/** Nothing on the page is wider than the viewport (375 px on the phone). */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("a protocol page shows the yield history next to the TVL's, with its summary, ranges and a table matching it", async ({
  page,
  request,
  isMobile,
}) => {
  test.slow();
  // The protocol with the longest yield history the seed serves.
  let protocol: ProtocolRow | null = null;
  let history: YieldHistoryRow[] = [];
  for (const row of seed.filter((candidate) => candidate.yield_source === "defillama")) {
    const points = await fetchYieldHistory(request, row.id);
    if (points.length > history.length) [protocol, history] = [row, points];
  }
  expect(history.length, "the seed serves a yield history for some DefiLlama yield").toBeGreaterThanOrEqual(1);
  if (history.length < 2) {
    // The 2026-09-05 seed holds one day of yields per protocol: the served day, with two earlier
    // days made up for this test only (served by the route, never written anywhere).
    const latest = history[0]!;
    const earlier = (day: string, up: number): YieldHistoryRow => ({
      day,
      apy_min: Math.round((latest.apy_min + up) * 100) / 100,
      apy_max: Math.round((latest.apy_max + up) * 100) / 100,
      source: "defillama",
    });
    history = [earlier("2026-08-12", 0.3), earlier("2026-08-26", 0.1), latest];
    await serveYieldHistory(page, history);
  }

  await page.goto(`/protocols/${slugify(protocol!.name)}`);
  await expect(page.getByRole("heading", { level: 1, name: protocol!.name, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  // The key figure gives the yield's own source and day.
  const figures = page.getByRole("region", { name: "Key figures" });
  await expect(figures.getByRole("link", { name: "Yield source: DefiLlama (opens in a new tab)" })).toHaveAttribute(
    "href",
    protocol!.yield_source_url!,
  );
  await expect(figures).toContainText(formatDay(protocol!.yield_as_of!));

  const section = page.getByRole("region", { name: "Yield history" });
  await scrollToChart(section, section.getByTestId("yield-chart"));
  const first = history[0]!;
  const last = history.at(-1)!;
  await expect(section.getByText(/^Yield went from/)).toContainText(
    `on ${formatDay(first.day)} to ${formatYieldRange(last)} on ${formatDay(last.day)}`,
  );

  // Next to the TVL's from lg (side by side at 1280), below it on a phone.
  const tvlBox = (await page.getByRole("region", { name: "TVL history" }).boundingBox())!;
  const yieldBox = (await section.boundingBox())!;
  if (isMobile) expect(yieldBox.y).toBeGreaterThan(tvlBox.y + tvlBox.height - 1);
  else {
    expect(Math.abs(yieldBox.y - tvlBox.y)).toBeLessThan(2);
    expect(yieldBox.x).toBeGreaterThan(tvlBox.x + tvlBox.width - 1);
  }

  await section.getByText("Show data").click();
  const rows = section.getByRole("region", { name: "Yield history data" }).locator("tr:not([data-missing])");
  await expect(rows).toHaveCount(history.length + 1);
  await expect(rows.nth(1)).toContainText(`${formatDay(first.day)}${formatYieldRange(first)}`);
  await expect(rows.last()).toContainText(`${formatDay(last.day)}${formatYieldRange(last)}`);
  await expect(section.getByRole("button", { name: "All: all recorded history" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page, "a protocol page with a yield history");
});

/** Answers the page's yield history GET with `rows` (the preflight goes to the real API). */
async function serveYieldHistory(page: Page, rows: YieldHistoryRow[]): Promise<void> {
  await page.route("**/rest/v1/protocol_yield_history**", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    await route.fulfill({
      status: 200,
      headers: { "access-control-allow-origin": "*" },
      contentType: "application/json",
      body: JSON.stringify(rows),
    });
  });
}

/** Opens `/` and waits for the directory, with room for a loaded 2-core machine. */
async function openHome(page: Page): Promise<void> {
  await page.goto("/");
  await expect(showingLine(page)).toHaveText(new RegExp(`^Showing ${seed.length} of ${seed.length} protocols`), {
    timeout: 20_000,
  });
}

test("a protocol page whose yield has one recorded day says so, and draws no yield chart", async ({
  page,
  request,
}) => {
  test.slow();
  // The seed records several days of yields for every DefiLlama yield, so the page's request is
  // answered here with the latest served day alone (routed for this test only, never written).
  let protocol: ProtocolRow | undefined;
  let history: YieldHistoryRow[] = [];
  for (const row of seed.filter((candidate) => candidate.yield_source === "defillama")) {
    history = await fetchYieldHistory(request, row.id);
    if (history.length >= 1) {
      protocol = row;
      break;
    }
  }
  expect(protocol, "a DefiLlama yield in the seed with a recorded day").toBeDefined();
  await serveYieldHistory(page, [history.at(-1)!]);
  await page.goto(`/protocols/${slugify(protocol!.name)}`);
  const section = page.getByRole("region", { name: "Yield history" });
  await expect(section.getByText("No yield history recorded yet")).toBeVisible({ timeout: 15_000 });
  await expect(section).toContainText(`records ${protocol!.name}'s yield from its DefiLlama pools`);
  await expect(section.getByTestId("yield-chart")).toHaveCount(0);
});

function formatYieldRange(point: YieldHistoryRow): string {
  const rate = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
  const [low, high] = [rate.format(point.apy_min), rate.format(point.apy_max)];
  return low === high ? `${high}%` : `${low}-${high}%`;
}

test("a tracked row's card and page say its terms and risk are not reviewed yet; reviewed cards do not", async ({
  page,
}) => {
  test.slow();
  // A tracked row nobody has researched yet: 'Not rated' (a researched one may be rated).
  const tracked = seed.find((row) => row.review_status === "tracked" && row.risk_level === null);
  expect(tracked, "the seed holds unrated tracked rows").toBeDefined();
  await openHome(page);
  await expectNoHorizontalOverflow(page);

  // The first grid: each card has the note exactly when its row is tracked.
  for (const row of seed.slice(0, 9)) {
    await expect(card(page, row.name).getByText(NOTE)).toHaveCount(row.review_status === "tracked" ? 1 : 0);
  }

  await searchBox(page).fill(tracked!.name);
  const shown = card(page, tracked!.name);
  await expect(shown.getByText(NOTE)).toBeVisible();
  await expect(shown.getByRole("link", { name: /^Risk: Not rated/ })).toBeVisible();
  if (tracked!.asset_classes.includes("Unclassified")) await expect(shown.getByText("Unclassified")).toBeVisible();
  for (const [label, value] of [
    ["Yield", tracked!.yield_range],
    ["Min Investment", tracked!.min_investment],
  ] as const) {
    // Never blank: an unstated figure says 'Unknown'.
    if (value === "Unknown")
      await expect(shown.locator("dt", { hasText: label }).locator("+ dd")).toHaveText("Unknown");
  }
  await expectNoHorizontalOverflow(page);

  await shown.getByRole("link", { name: tracked!.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: tracked!.name, exact: true })).toBeVisible();
  await expect(page.locator("header").getByText(`${NOTE}.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Key figures" }).getByText("Not rated")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page, "a tracked row's page");
});

test("a row DefiLlama dropped keeps its last TVL and says it is no longer tracked", async ({ page }) => {
  const dropped = seed.find((row) => row.defillama_dropped_on !== null);
  expect(dropped, "the seed holds a row DefiLlama no longer lists").toBeDefined();
  await openHome(page);
  await searchBox(page).fill(dropped!.name);
  const shown = card(page, dropped!.name);
  await expect(shown).toContainText(dropped!.tvl);
  await expect(shown.getByText(/^No longer tracked by DefiLlama since/)).toHaveText(
    `No longer tracked by DefiLlama since ${formatDay(dropped!.defillama_dropped_on!)}`,
  );
});

test("the blockchain filter offers the spec's eleven, then the other chains in the data, and filters on one", async ({
  page,
}) => {
  const spec = new Set<string>(BLOCKCHAINS);
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const others = [...new Set(seed.flatMap((row) => row.blockchains).filter((chain) => !spec.has(chain)))].sort(
    collator.compare,
  );
  expect(others.length, "the seed lists chains beyond the spec's eleven").toBeGreaterThan(0);
  await openHome(page);

  await showFilters(page);
  await filterSelect(page, "blockchain").click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText([
    "All blockchains",
    ...BLOCKCHAINS,
    ...others,
  ]);
  await page.keyboard.press("Escape");

  // The non-spec chain most rows are on.
  const counts = new Map<string, number>();
  for (const chain of seed.flatMap((row) => row.blockchains)) {
    if (!spec.has(chain)) counts.set(chain, (counts.get(chain) ?? 0) + 1);
  }
  const chain = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  await chooseFilter(page, "blockchain", chain);
  const expected = applyFilters(seed, { blockchain: chain });
  await expectShowing(page, expected.length, seed.length);
  await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText(
    expected.slice(0, expected.length - 9 > 3 ? 12 : expected.length).map((row) => row.name),
  );
  await expect(page).toHaveURL(new RegExp(`[?&]chain=${encodeURIComponent(chain).replace(/%20/g, "\\+")}`));
  await expectNoHorizontalOverflow(page);
});
