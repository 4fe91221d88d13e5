// A protocol page as a visitor opens it straight from the address bar (its own prerendered file),
// the figures with their sources and history, no history, an unknown slug, a failing backend. The chart:
// protocol-history-chart.spec.ts; arriving from and returning to the directory:
// protocol-navigation.spec.ts.
import { slugify } from "../src/features/protocols/model/slug.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { CORS, formatDay, protocolHeading, scrollToChart, serveHistory, USD } from "./support/protocol-page.ts";
import { fetchHistory, fetchSeed, type HistoryRow, type ProtocolRow } from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
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

  // Straight from the address bar: the page's own prerendered file (figures in the HTML), not
  // index.html. (The other routes opened cold: layout.spec.ts, risk.spec.ts, changes.spec.ts.)
  const path = `/protocols/${slugify(protocol.name)}`;
  const response = await page.goto(path);
  expect(await response!.text()).toContain(`data-prerendered="${path}"`);
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
  // The TVL's panel (the yield's sits next to it, with buttons and a table of its own). Its chart
  // loads as the panel nears the screen.
  const section = page.getByRole("region", { name: "TVL history" });
  await scrollToChart(section, chart);
  const first = history[0]!;
  const last = history.at(-1)!;
  // A history with a long gap opens on its newest stretch ('Latest', ending on the newest point);
  // All shows the whole history, as the chart, the summary and the table below.
  const latest = section.getByRole("button", { name: "Latest: latest stretch without a gap" });
  if ((await latest.count()) > 0) {
    await expect(latest).toHaveAttribute("aria-pressed", "true");
    await expect(section.getByText(new RegExp(`^TVL went from .* to .* on ${formatDay(last.day)}`))).toBeVisible();
    await section.getByRole("button", { name: "All: all recorded history" }).click();
  }
  await expect(section.getByRole("button", { name: "All: all recorded history" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
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
  // The page logs the path in an effect after it paints: the message reaches the test a moment later.
  await expect
    .poll(() => consoleErrors.all())
    .toContain("404 Error: User attempted to access non-existent route: /protocols/no-such-protocol");
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
