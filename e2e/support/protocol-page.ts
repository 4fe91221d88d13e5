// The protocol page's specs' pieces: the TVL history answered from the test (rows or an error),
// the figures' formats as the page writes them, and the page's heading.
import { expect, type Locator, type Page } from "@playwright/test";
import { LIVE_ATTRIBUTE } from "../../src/app/live-mark.ts";
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
 * Waits until the live page holds `#root` (src/app/live-mark.ts): a scroll aimed at a prerendered frame's
 * part is lost when the live page replaces it.
 */
export async function waitForLivePage(page: Page): Promise<void> {
  await page.locator(`#root[${LIVE_ATTRIBUTE}]`).waitFor({ state: "attached" });
}

/**
 * Scrolls a history panel to the screen, as a visitor would (its chart's code loads only as the
 * panel nears the viewport), once the live page is in, and waits for the chart's canvas.
 */
export async function scrollToChart(section: Locator, chart: Locator): Promise<void> {
  await waitForLivePage(section.page());
  await section.scrollIntoViewIfNeeded();
  await expect(chart.locator("canvas")).toBeVisible();
}
