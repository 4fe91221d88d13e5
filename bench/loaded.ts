// What `/` actually fetches on its own, observed in Chromium: every JS and CSS file under
// assets/ requested from navigation until the network has been quiet for a while, with no
// user input. A static reading of index.html misses code the entry pulls in with import() at
// boot (for example after the first paint), which is still needed before the page is
// interactive; this catches it.
import { createReadStream, existsSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./chromium";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** A static host for dist/: files as they are, index.html for every other path (SPA fallback). */
function serve(distDir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = path.resolve(distDir, `.${pathname}`);
    if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(distDir, "index.html");
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Rows in the table's shape, enough to fill both grids, so the page loads what real data needs. */
function fixtureRows(count: number) {
  const now = "2025-10-01T00:00:00Z";
  return Array.from({ length: count }, (_, k) => {
    const i = k + 1;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      name: `Bench Protocol ${String(i).padStart(2, "0")}`,
      description: `Fixture row ${i} used to observe which code the home page loads.`,
      asset_classes: [["US Treasuries", "Private Credit", "Real Estate"][i % 3]],
      blockchains: ["Ethereum", "Solana", "Polygon", "Base"].slice(0, 1 + (i % 4)),
      tvl: `$${10 * i}M`,
      yield_range: "4-6%",
      risk_level: ["Low", "Medium", "High", "Very High"][i % 4],
      min_investment: "$1",
      url: `https://example.com/${i}`,
      source_url: null,
      as_of: null,
      notes: null,
      created_at: now,
      updated_at: now,
    };
  });
}

export type ObservedLoad = { files: string[]; quietAfterMs: number };

export async function observeInitialLoad(distDir: string, chromePath: string): Promise<ObservedLoad> {
  const root = path.resolve(distDir);
  const server = await serve(root);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    // A phone, as Lighthouse's mobile preset emulates.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const rows = JSON.stringify(fixtureRows(30));
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        const url = route.request().url();
        if (url.includes("/rest/v1/protocols")) {
          return route.fulfill({ status: 200, contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body: rows });
        }
        return route.abort();
      },
    );
    const page = await context.newPage();
    const files = new Set<string>();
    let last = Date.now();
    const start = Date.now();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && /\.(m?js|css)$/.test(url.pathname)) {
        files.add(url.pathname.replace(/^\//, ""));
        last = Date.now();
      }
    });
    await page.goto(`${origin}/`, { waitUntil: "load", timeout: 60_000 });
    // Quiet for 2 s (no new script or stylesheet), or 20 s at most.
    while (Date.now() - last < 2000 && Date.now() - start < 20_000) await page.waitForTimeout(250);
    return { files: [...files].sort(), quietAfterMs: last - start };
  } finally {
    await browser.close().catch(() => undefined);
    await new Promise((resolve) => server.close(resolve));
  }
}
