// The analyst additions (CSV export, figure provenance and as-of dates), on desktop and phone, against the real seed.
// Expectations come from the seed with rules re-stated here, not from the app's own code.
// Shared links, the URL's history, sorting, empty results, the cards' provenance and the data's
// month, and the social tags. What an analyst takes away (CSV, the comparison):
// analyst-exports.spec.ts.
import { expect, test } from "./support/fixtures.ts";
import { byName, byTvl, chooseSort, expectCards, perceived, query, slug, sortSelect } from "./support/analyst.ts";
import {
  cards,
  cardToggle,
  chooseFilter,
  expectSelected,
  expectShowing,
  gotoHome,
  searchBox,
  selectionBar,
  showingLine,
} from "./support/home.ts";
import { applyFilters, dataAsOfMonth, fetchSeed, type ProtocolRow } from "./support/seed.ts";

let seed: ProtocolRow[];
test.beforeAll(async ({ request }) => {
  seed = await fetchSeed(request);
});

test("a shared link reproduces filters, sort and the compared protocols, in a fresh browser too", async ({
  page,
  browser,
}) => {
  // Two filters that together still leave a list to sort (the risk rule, not this test, sets levels).
  const filtered = byTvl(applyFilters(seed, { assetClass: "US Treasuries", risk: "Medium" }));
  expect(filtered.length, "the seed needs 3+ Medium-risk US Treasuries protocols").toBeGreaterThan(2);
  const [first, second] = filtered;
  const link = `/?asset=US+Treasuries&risk=Medium&sort=tvl&compare=${slug(second!.name)},${slug(first!.name)}`;

  for (const target of [page, await (await browser.newContext()).newPage()]) {
    await target.goto(link);
    await expectShowing(target, filtered.length, seed.length);
    await expect(showingLine(target)).toContainText("2 selected");
    await expectCards(target, perceived(filtered));
    await expect(sortSelect(target)).toContainText("TVL (high to low)");
    await expect(selectionBar(target)).toContainText("2/3");
    await expectSelected(target, first!.name, true);
    await expectSelected(target, second!.name, true);
  }
});

test("the canonical URL has no query; back and forward step through filter, sort and selection", async ({ page }) => {
  await gotoHome(page, seed.length);
  expect(new URL(page.url()).search).toBe("");
  // Default order: names A-Z, case-insensitive (lowercase names sit among their letter).
  await expectCards(page, perceived([...seed].sort(byName)));

  await chooseFilter(page, "risk level", "Low");
  await expect.poll(() => query(page).get("risk")).toBe("Low");
  await chooseSort(page, "TVL (high to low)");
  await expect.poll(() => query(page).get("sort")).toBe("tvl");
  const low = byTvl(applyFilters(seed, { risk: "Low" }));
  await expectCards(page, perceived(low));
  await cardToggle(page, low[0]!.name).click();
  await expect.poll(() => query(page).get("compare")).toBe(slug(low[0]!.name));

  await page.goBack();
  await expect(selectionBar(page)).toBeHidden();
  await page.goBack();
  await expect(sortSelect(page)).toContainText("Name (A-Z)");
  await page.goBack();
  await expect(page.getByRole("combobox", { name: /risk level/i, includeHidden: true })).toContainText(/all/i);
  expect(new URL(page.url()).search).toBe("");
  await expectShowing(page, seed.length, seed.length);

  await page.goForward();
  await page.goForward();
  await expectCards(page, perceived(low));
  expect(query(page).get("sort")).toBe("tvl");

  // A search becomes one history entry once typing pauses.
  await searchBox(page).pressSequentially("gold", { delay: 30 });
  await expect.poll(() => query(page).get("q")).toBe("gold");
  await page.goBack();
  await expect(searchBox(page)).toHaveValue("");
  expect(query(page).get("q")).toBeNull();
  expect(query(page).get("sort")).toBe("tvl");
});

test("sorting by yield puts the highest upper bound first and unquoted yields last", async ({ page }) => {
  const upper = (text: string) => {
    const rates = [...text.matchAll(/(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?%/g)].map((m) =>
      Number(m[2] ?? m[1]),
    );
    return rates.length > 0 ? Math.max(...rates) : null;
  };
  const expected = [...seed].sort((a, b) => {
    const x = upper(a.yield_range);
    const y = upper(b.yield_range);
    if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
    return byName(a, b);
  });
  await gotoHome(page, seed.length);
  await chooseSort(page, "Yield (high to low)");
  await expectCards(page, perceived(expected));
  await page.getByRole("button", { name: `Show All ${seed.length} Protocols` }).click();
  const last = expected.at(-1)!;
  expect(upper(last.yield_range)).toBeNull();
  await expect(cards(page).last().getByRole("heading", { level: 3 })).toHaveText(last.name);
});

test("empty results: a clear message, 'Clear filters', and the count in a polite live region", async ({ page }) => {
  await gotoHome(page, seed.length);
  const status = page.getByRole("status").filter({ hasText: /^Showing/ });
  await expect(status).toHaveAttribute("aria-live", "polite");
  await searchBox(page).fill("no protocol has this name");
  await expectShowing(page, 0, seed.length);
  await expect(page.getByText("No protocols match your filters.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expectShowing(page, seed.length, seed.length);
});

test("cards show their TVL's source and date, stale in text past 45 days; the footer names the data's month", async ({
  page,
}) => {
  await gotoHome(page, seed.length);
  const first = [...seed].sort(byName)[0]!;
  // The data must hold what this test reads: a data change that removes it fails here, loudly.
  expect(first.tvl_source, `${first.name} (the first protocol by name) needs a DefiLlama TVL`).toBe("defillama");
  expect(first.tvl_as_of, `${first.name} needs a TVL date`).toBeTruthy();
  const day = new Date(`${first.tvl_as_of}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  const card = cards(page).first();
  await expect(card).toContainText(`TVL: DefiLlama· ${day}`);
  await expect(
    card.getByRole("link", { name: `TVL source for ${first.name}: DefiLlama (opens in a new tab)` }),
  ).toHaveAttribute("href", `https://defillama.com/protocol/${first.defillama_slug}`);
  const ageDays = (Date.now() - Date.parse(`${first.tvl_as_of}T00:00:00Z`)) / 86_400_000;
  if (ageDays > 46) await expect(card.getByText(/^Stale/)).toHaveText("Stale (older than 45 days)");
  await expect(page.getByText(`Data as of ${dataAsOfMonth(seed)} • Updated monthly`)).toBeVisible();
});

test("social tags, robots.txt and sitemap.xml are served", async ({ page, request }) => {
  await page.goto("/");
  for (const [selector, pattern] of [
    ['meta[property="og:image"]', /\/og-image\.png$/],
    ['meta[name="twitter:card"]', /^summary_large_image$/],
    ['meta[name="description"]', /real-world-asset/],
    ['link[rel="canonical"]', /^https:\/\/.+\/$/],
  ] as const) {
    await expect(page.locator(selector)).toHaveAttribute(selector.startsWith("link") ? "href" : "content", pattern);
  }
  const image = await request.get("/og-image.png");
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(630);
  expect(await (await request.get("/robots.txt")).text()).toMatch(/Sitemap: https:\/\/\S+\/sitemap\.xml/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/<\/loc>/);
  expect(sitemap).toContain("/privacy-policy</loc>");
});
