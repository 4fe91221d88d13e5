// The protocol page's specs' pieces: the TVL history answered from the test (rows or an error),
// the figures' formats as the page writes them, and the page's heading.
import { expect, type Locator, type Page } from "@playwright/test";
import type { HistoryRow } from "./seed.ts";

const HISTORY_ROUTE = "**/rest/v1/protocol_tvl_history**";
export const CORS = { "access-control-allow-origin": "*" };

/** Answers the page's history GET with `rows` (the preflight goes to the real API). */
export async function serveHistory(
  page: Page,
  rows: HistoryRow[] | { status: number; message: string },
): Promise<void> {
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

export const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** The protocol page's title: its one level-1 heading. */
export function protocolHeading(page: Page, name: string) {
  return page.getByRole("heading", { level: 1, name, exact: true });
}

/**
 * Scrolls a history panel to the screen, as a visitor would (its chart's code loads only as the
 * panel nears the viewport), and waits for the chart's canvas. Retried: the live page replaces the
 * prerendered one at a moment of its own, and a scroll aimed at the frame's panel is lost.
 */
export async function scrollToChart(section: Locator, chart: Locator): Promise<void> {
  await expect(async () => {
    await section.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(chart.locator("canvas")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
