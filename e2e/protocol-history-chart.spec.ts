// The protocol page's TVL history chart: a gap drawn as a gap, moves of more than 50% marked with
// labels that never overlap, an empty range disabled.
import { slugify } from "../src/features/protocols/model/slug.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PHONE, test } from "./support/fixtures.ts";
import { scrollToChart, serveHistory } from "./support/protocol-page.ts";
import { fetchSeed, type HistoryRow, type ProtocolRow } from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
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
    ...days("2025-09-24", 5).map((day, i) => ({ day, tvl_usd: 25_000_000 + i * 250_000, source: "defillama" })),
  ];
  await serveHistory(page, rows);
  await page.goto(`/protocols/${slugify(protocol.name)}`);
  const chart = page.getByTestId("tvl-chart");
  const section = page.getByRole("region", { name: "TVL history" });
  // The chart's code loads as its panel nears the screen, as a visitor scrolls down to it.
  await scrollToChart(section, chart);
  // A history with a long gap opens on its newest stretch ('Latest': the five days after the gap),
  // not on the gap; All shows the whole history, the gap named.
  const latest = section.getByRole("button", { name: "Latest: latest stretch without a gap" });
  await expect(latest).toHaveAttribute("aria-pressed", "true");
  await expect(section.getByText(/^TVL went from/)).toContainText(
    "TVL went from $25M on Sep 24, 2025 to $26M on Sep 28, 2025 (+4.0%), over 4 days and 5 data points.",
  );
  await expect(section.getByText(/^TVL went from/)).not.toContainText("No data");
  await expect(section.getByText("No data", { exact: true })).toHaveCount(0);
  await section.getByRole("button", { name: "All: all recorded history" }).click();
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

test(
  "moves of more than 50% a few days apart keep a ring each, and their labels never print over each other or the line",
  PHONE,
  async ({ page }) => {
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
    await scrollToChart(section, page.getByTestId("tvl-chart"));
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
    // No label covers the line: the canvas under each shown label holds no pixel of the line's
    // colour (teal-700, opaque; the faint fill under the line is not the line).
    const canvas = page.getByTestId("tvl-chart").locator("canvas");
    const covered = await canvas.evaluate((element, shown) => {
      const drawing = element as HTMLCanvasElement;
      const frame = drawing.getBoundingClientRect();
      const ratio = drawing.width / frame.width;
      const context = drawing.getContext("2d")!;
      return shown.map((box) => {
        const { data } = context.getImageData(
          Math.floor((box.x - frame.x) * ratio),
          Math.floor((box.y - frame.y) * ratio),
          Math.ceil(box.width * ratio),
          Math.ceil(box.height * ratio),
        );
        let pixels = 0;
        for (let i = 0; i < data.length; i += 4)
          if (Math.abs(data[i]! - 15) < 40 && Math.abs(data[i + 1]! - 118) < 40 && Math.abs(data[i + 2]! - 110) < 40)
            if (data[i + 3]! > 200) pixels += 1;
        return pixels;
      });
    }, boxes);
    expect(covered, "line pixels under each shown label").toEqual(boxes.map(() => 0));
  },
);
