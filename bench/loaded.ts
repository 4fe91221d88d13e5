// What `/` actually fetches on its own, observed in Chromium: every JS and CSS file under
// assets/ requested from navigation until the network has been quiet for 2 s, with no user
// input. Reading index.html alone misses code the entry pulls in with import() at boot (after
// the first paint), which is still needed before the page is interactive.
import path from "node:path";
import { chromium } from "@playwright/test";
import { preview } from "vite";
import { CHROMIUM_FLAGS } from "./chromium";

/** Rows in the table's shape, enough to fill both grids, so the page loads what real data needs. */
function fixtureRows(count: number) {
  return Array.from({ length: count }, (_, k) => ({
    id: `00000000-0000-4000-8000-${String(k + 1).padStart(12, "0")}`,
    name: `Bench Protocol ${String(k + 1).padStart(2, "0")}`,
    description: `Fixture row ${k + 1} used to observe which code the home page loads.`,
    asset_classes: [["US Treasuries", "Private Credit", "Real Estate"][k % 3]],
    blockchains: ["Ethereum", "Solana", "Polygon", "Base"].slice(0, 1 + (k % 4)),
    tvl: `$${10 * (k + 1)}M`,
    yield_range: "4-6%",
    risk_level: ["Low", "Medium", "High", "Very High"][k % 4],
    min_investment: "$1",
    url: `https://example.com/${k + 1}`,
    source_url: null,
    as_of: null,
    notes: null,
    created_at: "2025-10-01T00:00:00Z",
    updated_at: "2025-10-01T00:00:00Z",
  }));
}

/** Dist-relative paths of the JS and CSS `/` fetched before any input. */
export async function observeInitialLoad(distDir: string, chromePath: string): Promise<string[]> {
  // vite preview as the static host (SPA fallback included); port 0: any free port.
  const server = await preview({
    configFile: false,
    logLevel: "silent",
    build: { outDir: path.resolve(distDir) },
    preview: { host: "127.0.0.1", port: 0 },
  });
  const origin = new URL(server.resolvedUrls!.local[0]!).origin;
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    // A phone, as Lighthouse's mobile preset emulates.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const body = JSON.stringify(fixtureRows(30));
    await context.route(
      (url) => url.origin !== origin,
      (route) =>
        route.request().url().includes("/rest/v1/protocols")
          ? route.fulfill({ contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body })
          : route.abort(),
    );
    const page = await context.newPage();
    const files = new Set<string>();
    const start = Date.now();
    let last = start;
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && /\.(m?js|css)$/.test(url.pathname)) {
        files.add(url.pathname.slice(1));
        last = Date.now();
      }
    });
    await page.goto(`${origin}/`, { waitUntil: "load", timeout: 60_000 });
    // Quiet for 2 s (no new script or stylesheet), or 20 s at most.
    while (Date.now() - last < 2000 && Date.now() - start < 20_000) await page.waitForTimeout(250);
    return [...files].sort();
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
}
