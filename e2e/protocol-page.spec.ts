import type { Page } from "@playwright/test";
import { slugify } from "../src/features/protocols/model/slug.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  card,
  cardToggle,
  filterSelect,
  chooseFilter,
  expectShowing,
  gotoHome,
  selectionBar,
  waitlistDialog,
} from "./support/home.ts";
import { applyFilters, fetchHistory, fetchSeed, type HistoryRow, type ProtocolRow } from "./support/seed.ts";

const HISTORY_ROUTE = "**/rest/v1/protocol_tvl_history**";
const CORS = { "access-control-allow-origin": "*" };

/** Answers the page's history GET with `rows` (the preflight goes to the real API). */
async function serveHistory(page: Page, rows: HistoryRow[] | { status: number; message: string }): Promise<void> {
  await page.route(HISTORY_ROUTE, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const body = Array.isArray(rows) ? rows : { code: "XX000", message: rows.message, details: null, hint: null };
    await route.fulfill({
      status: Array.isArray(rows) ? 200 : rows.status,
      headers: CORS,
      contentType: "application/json",
      body: JSON.stringify(body),
    });
  });
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

function protocolHeading(page: Page, name: string) {
  return page.getByRole("heading", { level: 1, name, exact: true });
}

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

test.describe("every route a visitor opens directly shows its content", () => {
  // The bug: the boot waited for a first paint that a hidden frame never makes, and every route
  // but / stayed blank until a 5 s fallback. How soon each route paints is measured, with its
  // budget, by `npm run bench` (bench/routes.ts); this checks what each one shows on a cold load.
  for (const [what, path, heading] of [
    ["the privacy policy", "/privacy-policy", "Privacy Policy"],
    ["a 404", "/no-such-page", "Oops! Page not found"],
    ["a protocol page", "/protocols/centrifuge", "Centrifuge"],
  ] as const) {
    test(`${what}`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/404 Error: User attempted to access non-existent route/);
      await serveHistory(page, []);
      const response = await page.goto(path, { waitUntil: "commit" });
      // A protocol page is served its own prerendered file (figures in the HTML), not index.html.
      if (path.startsWith("/protocols/")) expect(await response!.text()).toContain(`data-prerendered="${path}"`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    });
  }
});

test("a protocol page shows its figures with sources and the TVL history, with a table matching the chart", async ({
  page,
  request,
}) => {
  // The protocol with the longest history the local API serves (the live-data issue's seed, written
  // by data:refresh --backfill from saved responses).
  let protocol = seed[0]!;
  let served: HistoryRow[] | null = null;
  for (const row of seed) {
    const points = await fetchHistory(request, row.id);
    if (points.length >= 2 && points.length > (served?.length ?? 0)) [protocol, served] = [row, points];
  }
  expect(served, "the seed serves a TVL history of at least two points for some protocol").not.toBeNull();
  const history = served!;

  await page.goto(`/protocols/${slugify(protocol.name)}`);
  await expect(protocolHeading(page, protocol.name)).toBeVisible();
  await expect(page).toHaveTitle(`${protocol.name}: TVL, yield and risk | RWA Atlas`);
  const figures = page.getByRole("region", { name: "Key figures" });
  await expect(figures).toContainText(protocol.tvl);
  await expect(figures).toContainText(protocol.yield_range);
  // The TVL's own source (the live-data issue: DefiLlama or the curated page); the others, the row's.
  if (protocol.tvl_source === "defillama") {
    await expect(figures.getByRole("link", { name: "TVL source: DefiLlama (opens in a new tab)" })).toHaveAttribute(
      "href",
      protocol.tvl_source_url!,
    );
  }
  // The yield's own source when it has one (DefiLlama's pools or the curated page), else the row's.
  if (protocol.yield_source === "defillama") {
    await expect(figures.getByRole("link", { name: "Yield source: DefiLlama (opens in a new tab)" })).toHaveAttribute(
      "href",
      protocol.yield_source_url!,
    );
  } else if (protocol.yield_source === null && protocol.review_status !== "tracked") {
    // A DefiLlama page states no yield without pools, and an 'Unknown' or 'N/A' yield has no page:
    // the notes say which page states it, or what was found.
    if (
      protocol.source_url!.startsWith("https://defillama.com/") ||
      ["Unknown", "N/A"].includes(protocol.yield_range)
    ) {
      await expect(figures.getByRole("link", { name: "Source in the notes" }).first()).toHaveAttribute(
        "href",
        "#figure-notes",
      );
    } else {
      await expect(figures.getByRole("link", { name: "Source for Yield (opens in a new tab)" })).toHaveAttribute(
        "href",
        protocol.source_url!,
      );
    }
  }

  const chart = page.getByTestId("tvl-chart");
  await expect(chart.locator("canvas")).toBeVisible();
  // The TVL's panel (the yield's sits next to it, with buttons and a table of its own).
  const section = page.getByRole("region", { name: "TVL history" });
  const first = history[0]!;
  const last = history.at(-1)!;
  await expect(
    section.getByText(new RegExp(`^TVL went from .* on ${formatDay(first.day)} to .* on ${formatDay(last.day)}`)),
  ).toBeVisible();

  // The tooltip: date and value of the point under the pointer (the latest, at the right edge).
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await expect(page.getByText(formatDay(last.day), { exact: true }).first()).toBeVisible();

  await section.getByText("Show data").click();
  // The points' rows (and the header): a stretch without data has a row of its own, marked.
  const rows = page.getByRole("region", { name: "TVL history data" }).locator("tr:not([data-missing])");
  await expect(rows).toHaveCount(history.length + 1);
  await expect(rows.nth(1)).toContainText(`${formatDay(first.day)}${USD.format(first.tvl_usd)}`);
  await expect(rows.last()).toContainText(`${formatDay(last.day)}${USD.format(last.tvl_usd)}`);

  // 3M keeps the points of the last three months only, in the chart's summary and the table.
  await section.getByRole("button", { name: "3M: last 3 months" }).click();
  await expect(section.getByRole("button", { name: "3M: last 3 months" })).toHaveAttribute("aria-pressed", "true");
  const from = new Date(`${last.day}T00:00:00Z`);
  from.setUTCMonth(from.getUTCMonth() - 3);
  const inRange = history.filter((p) => p.day >= from.toISOString().slice(0, 10)).length;
  if (inRange >= 2) await expect(rows).toHaveCount(inRange + 1);
  await expect(rows.last()).toContainText(formatDay(last.day));
  await expectNoAxeViolations(page, "a protocol page with history");
});

test("the history chart draws a gap as a gap, marks a move of more than 50% and disables an empty range", async ({
  page,
}) => {
  // Two page loads and an axe run: more than the default 30 s on a loaded 2-core machine.
  test.slow();
  const protocol = seed[0]!;
  // Two weeks of daily points, 40 days without data, then a jump from $10M to $25M (+150%).
  const days = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000)).map((date) =>
      date.toISOString().slice(0, 10),
    );
  const rows: HistoryRow[] = [
    ...days("2024-01-01", 2).map((day) => ({ day, tvl_usd: 9_000_000, source: "defillama" })),
    ...days("2025-08-01", 14).map((day) => ({ day, tvl_usd: 10_000_000, source: "defillama" })),
    ...days("2025-09-24", 5).map((day) => ({ day, tvl_usd: 25_000_000, source: "defillama" })),
  ];
  await serveHistory(page, rows);
  await page.goto(`/protocols/${slugify(protocol.name)}`);
  const chart = page.getByTestId("tvl-chart");
  // The page's own frame first, then the live page: slow on a loaded machine.
  await expect(chart.locator("canvas")).toBeVisible({ timeout: 15_000 });
  const section = page.getByRole("region", { name: "TVL history" });
  // Drawn: a 'No data' band over the gap (between the first two points too) and the move's figure.
  await expect(section.getByText("No data", { exact: true }).first()).toBeVisible();
  await expect(section.getByText("+150.0%", { exact: true })).toBeVisible();
  // Said: the summary names the missing stretches and the move.
  const summary = section.getByText(/^TVL went from/);
  await expect(summary).toContainText("No data from Aug 15, 2025 to Sep 23, 2025 (40 days).");
  await expect(summary).toContainText("A move of more than 50% between two points: +150.0% on Sep 24, 2025.");
  // Listed: the table has a row for the stretch and a note on the move.
  await section.getByText("Show data").click();
  const table = section.getByRole("region", { name: "TVL history data" });
  await expect(table.getByRole("row", { name: "No data from Aug 15, 2025 to Sep 23, 2025 (40 days)" })).toBeVisible();
  await expect(table.getByRole("row", { name: /Sep 24, 2025.*\+150\.0% since Aug 14, 2025/ })).toBeVisible();
  // 1Y holds 19 points, 3M only the last 5 days plus the 14: both can be chosen and draw a window of their own.
  await section.getByRole("button", { name: "3M: last 3 months" }).click();
  await expect(summary).toContainText("No data before Aug 1, 2025.");
  await expectNoAxeViolations(page, "a protocol page whose history has a gap and a large move");

  // A history whose last three months hold a single point: 3M cannot be chosen, and says why.
  await page.unrouteAll();
  await serveHistory(page, [rows[0]!, rows[1]!, { day: "2025-10-31", tvl_usd: 1_000_000, source: "defillama" }]);
  await page.reload();
  const threeMonths = section.getByRole("button", { name: "3M: last 3 months" });
  await expect(threeMonths).toHaveAttribute("aria-disabled", "true", { timeout: 15_000 });
  await expect(section.getByText("3M is unavailable: only 1 data point in the last 3 months.")).toBeVisible();
  await expect(section.getByRole("button", { name: "All: all recorded history" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("moves of more than 50% a few days apart keep a ring each, and their labels never print over each other", async ({
  page,
}) => {
  const protocol = seed[0]!;
  // A year of quiet, then four large moves within three weeks at the right edge (as DefiLlama
  // published KlimaDAO: 0, then back, then 0 again).
  const rows: HistoryRow[] = [
    { day: "2025-09-01", tvl_usd: 2_000_000, source: "defillama" },
    { day: "2025-09-08", tvl_usd: 2_100_000, source: "defillama" },
    { day: "2026-08-12", tvl_usd: 0, source: "defillama" },
    { day: "2026-08-16", tvl_usd: 14_000, source: "defillama" },
    { day: "2026-08-20", tvl_usd: 15_000, source: "defillama" },
    { day: "2026-08-24", tvl_usd: 0, source: "defillama" },
    { day: "2026-09-05", tvl_usd: 16_000, source: "defillama" },
  ];
  await serveHistory(page, rows);
  await page.goto(`/protocols/${slugify(protocol.name)}`);
  const section = page.getByRole("region", { name: "TVL history" });
  await expect(page.getByTestId("tvl-chart").locator("canvas")).toBeVisible({ timeout: 15_000 });
  // Every move is still said and listed, whatever the chart has room to print.
  await expect(section.getByText(/^TVL went from/)).toContainText("4 moves of more than 50% between two points");
  const labels = section.locator('[data-mark="jump"]');
  await expect(labels).toHaveCount(4);
  const boxes = [];
  for (const label of await labels.all()) if (await label.isVisible()) boxes.push((await label.boundingBox())!);
  expect(boxes.length, "at least the largest move keeps its label").toBeGreaterThanOrEqual(1);
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
        `labels at ${a.x},${a.y} and ${b.x},${b.y} overlap`,
      ).toBe(true);
});

test("a protocol page with no history says so, and passes axe", async ({ page }) => {
  const protocol = seed[0]!;
  await serveHistory(page, []);
  await page.goto(`/protocols/${slugify(protocol.name)}`);
  await expect(protocolHeading(page, protocol.name)).toBeVisible();
  await expect(page.getByText("No history recorded yet")).toBeVisible();
  await expect(page.getByTestId("tvl-chart")).toHaveCount(0);
  await expectNoAxeViolations(page, "a protocol page with no history");
});

test("an unknown slug gives the 404 page and logs the path", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/404 Error: User attempted to access non-existent route/);
  await page.goto("/protocols/no-such-protocol");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  expect(consoleErrors.all()).toContain(
    "404 Error: User attempted to access non-existent route: /protocols/no-such-protocol",
  );
  await expectNoAxeViolations(page, "the 404 for an unknown protocol");
});

test("a failing backend shows the spec's error on a protocol page", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 503/);
  await page.route("**/rest/v1/protocols**", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    await route.fulfill({
      status: 503,
      headers: CORS,
      contentType: "application/json",
      body: JSON.stringify({ message: "Service Unavailable: the database is restarting" }),
    });
  });
  await page.goto("/protocols/centrifuge");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Error loading protocols", { timeout: 10_000 });
  await expect(alert).toContainText("Service Unavailable: the database is restarting");
  await expectNoAxeViolations(page, "a protocol page whose backend fails");
});

test("card -> page -> back keeps the filters and the selection; Compare toggles into it", async ({ page }) => {
  await serveHistory(page, []);
  const assetClass = "Private Credit";
  const shown = applyFilters(seed, { assetClass });
  const [picked, visited] = shown;
  await gotoHome(page);
  await chooseFilter(page, "asset class", assetClass);
  await expectShowing(page, shown.length, seed.length);
  await cardToggle(page, picked!.name).click();

  await card(page, visited!.name).getByRole("link", { name: visited!.name, exact: true }).click();
  await expect(protocolHeading(page, visited!.name)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/protocols/${slugify(visited!.name)}$`));
  await expect(selectionBar(page)).toContainText("1/3");
  const toggle = page.getByRole("checkbox", { name: `Select ${visited!.name} for comparison` });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(selectionBar(page)).toContainText("2/3");

  await page.getByRole("link", { name: "Back to directory" }).click();
  await expectShowing(page, shown.length, seed.length);
  await expect(filterSelect(page, "asset class")).toContainText(assetClass);
  await expect(cardToggle(page, picked!.name)).toBeChecked();
  await expect(cardToggle(page, visited!.name)).toBeChecked();

  // The browser's own back button returns to the page, and back again to the same directory view.
  await page.goBack();
  await expect(protocolHeading(page, visited!.name)).toBeVisible();
  await page.goBack();
  await expect(filterSelect(page, "asset class")).toContainText(assetClass);
});

test("a fourth pick on a protocol page opens the limit-reached waitlist dialog, as on home", async ({ page }) => {
  await serveHistory(page, []);
  const [a, b, c, d] = seed;
  await gotoHome(page);
  for (const row of [a, b, c]) await cardToggle(page, row!.name).click();
  await card(page, d!.name).getByRole("link", { name: d!.name, exact: true }).click();
  await expect(protocolHeading(page, d!.name)).toBeVisible();
  await expect(selectionBar(page)).toContainText("3/3");

  await page.getByRole("checkbox", { name: `Select ${d!.name} for comparison` }).click();
  const limit = waitlistDialog(page);
  await expect(limit).toBeVisible();
  await expect(limit.getByText("Comparison Limit Reached")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(limit).toBeHidden();
  await expect(selectionBar(page)).toContainText("3/3");
  await expect(page.getByRole("checkbox", { name: `Select ${d!.name} for comparison` })).not.toBeChecked();
});

test("a slow page keeps the directory on screen, under a progress bar, until it arrives", async ({ page }) => {
  await serveHistory(page, []);
  const [first] = seed;
  await gotoHome(page);
  // The protocol page's code is held back, as on a slow line.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/protocol-*.js*", async (route) => {
    await held;
    await route.continue();
  });
  await card(page, first!.name).getByRole("link", { name: first!.name, exact: true }).click();

  await expect(page.locator(".route-progress")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading page..." })).toBeAttached();
  await expect(card(page, first!.name)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  release();
  await expect(protocolHeading(page, first!.name)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/protocols/${slugify(first!.name)}$`));
  await expect(page.locator(".route-progress")).toHaveCount(0);
});
