// Cold loads of each route a visitor can open directly: a fresh browser context (no cache), the
// page's URL typed in, and the time until its h1 is visible. The bug this guards against: the boot
// waited for a first paint that a hidden frame never made, and every route other than / showed
// nothing for 5.5 s. Timings belong here, not in the e2e suite (tests/setup.ts): the suite checks
// what each route shows; this phase measures how soon, with a budget.
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
import { median, ms, row, type Row } from "./report";

/** A route must show its heading within this on a cold load (measured ~2 s at load 15-25 on 2 cores). */
export const ROUTE_HEADING_BUDGET_MS = 4000;

export const COLD_ROUTES: ReadonlyArray<{ path: string; heading: RegExp }> = [
  { path: "/", heading: /Bringing/ },
  { path: "/protocols/blackrock-buidl-securitize", heading: /BlackRock BUIDL/ },
  { path: "/changes", heading: /^What changed$/ },
  { path: "/api", heading: /^Build on the data$/ },
  { path: "/privacy-policy", heading: /^Privacy Policy$/ },
  { path: "/no-such-page", heading: /^Oops! Page not found$/ },
];

export async function runRoutes(appUrl: string, runs = 3): Promise<{ rows: Row[] }> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const rows: Row[] = [];
  try {
    for (const { path, heading } of COLD_ROUTES) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const started = Date.now();
        await page.goto(new URL(path, appUrl).href, { waitUntil: "commit" });
        await page.getByRole("heading", { level: 1, name: heading }).waitFor({ state: "visible", timeout: 20_000 });
        times.push(Date.now() - started);
        await context.close();
      }
      const value = median(times);
      rows.push(
        row("routes", `${path}: h1 visible on a cold load (median of ${runs})`, ms(value), {
          pass: value <= ROUTE_HEADING_BUDGET_MS,
          target: `<= ${ROUTE_HEADING_BUDGET_MS} ms`,
        }),
      );
    }
  } finally {
    await browser.close();
  }
  return { rows };
}
