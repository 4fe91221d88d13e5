import { LOCAL_ANON_KEY } from "../local-api/defaults.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PHONE_ONLY, test } from "./support/fixtures.ts";
import { E2E_API_URL } from "./support/ports.ts";

// The change log at both sizes: /changes opens on the build's frame and gives way to the live log
// (the seed's, replayed from the committed history), filters by kind and asset class, and passes
// axe; a protocol page lists its own changes; every page announces the feed; /api explains it all.

type Change = { id: number; day: string; kind: string; protocol_id: string };

async function seededChanges(request: import("@playwright/test").APIRequestContext): Promise<Change[]> {
  const response = await request.get(`${E2E_API_URL}/rest/v1/protocol_changes?select=id,day,kind,protocol_id`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Change[];
}

test("/changes lists the change log a page at a time, filters it, and passes axe", async ({ page, request }) => {
  const changes = await seededChanges(request);
  await page.goto("/changes");
  await expect(page.getByRole("heading", { level: 1, name: "What changed" })).toBeVisible();
  await expect(page.getByText(`Showing ${changes.length} of ${changes.length} changes`)).toBeVisible();
  await expect(page).toHaveTitle("What changed | RWA Atlas");

  const items = page
    .getByRole("list")
    .filter({ has: page.locator("time") })
    .getByRole("listitem");
  // The newest page of them (the seed's log is longer than a page), with its size in words.
  const listedLine = page.getByText(/^The newest \d+ of \d+ are listed\.$/);
  await expect(listedLine).toHaveText(new RegExp(`^The newest \\d+ of ${changes.length} are listed\\.$`));
  const pageSize = Number(/\d+/.exec((await listedLine.textContent())!)![0]);
  expect(pageSize).toBeGreaterThanOrEqual(20);
  await expect(items).toHaveCount(pageSize);
  await expectNoAxeViolations(page, "/changes");
  // Every change is a press or a few away, newest first.
  for (let listed = pageSize; listed < changes.length; listed += pageSize) {
    const next = Math.min(pageSize, changes.length - listed);
    await page.getByRole("button", { name: `Show ${next} older ${next === 1 ? "change" : "changes"}` }).click();
    await expect(items).toHaveCount(listed + next);
  }
  await expect(page.getByRole("button", { name: /older change/ })).toHaveCount(0);
  const days = await items.locator("time").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("datetime")));
  expect(days).toEqual(
    changes
      .map((c) => c.day)
      .sort()
      .reverse(),
  );

  await page.getByRole("combobox", { name: "Kind" }).click();
  await page.getByRole("option", { name: "TVL" }).click();
  const tvl = changes.filter((c) => c.kind === "tvl").length;
  await expect(page.getByText(`Showing ${tvl} of ${changes.length} changes`)).toBeVisible();
  await expect(page).toHaveURL(/kind=tvl/);
  await page.getByRole("combobox", { name: "Asset class" }).click();
  await page.getByRole("option", { name: "Carbon Credits" }).click();
  await expect(page).toHaveURL(/class=Carbon\+Credits/);
  await expect(page.getByText(/^Showing \d+ of \d+ changes$/)).toBeVisible();

  // An entry's sentence opens its protocol's page.
  await page.goto("/changes");
  const first = items.first().getByRole("link").first();
  const title = await first.textContent();
  await first.click();
  await expect(page).toHaveURL(/\/protocols\//);
  await expect(page.getByRole("region", { name: "Recent changes" }).getByText(title!)).toBeVisible();
});

test("the page has no sideways scroll on a phone and passes axe", PHONE_ONLY, async ({ page, isMobile }) => {
  test.skip(!isMobile, "a phone's width");
  for (const path of ["/changes", "/api"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `${path} on a phone`);
  }
});

test("every page announces the feed; a protocol page also its own; the feed is Atom", async ({ page, request }) => {
  await page.goto("/protocols/frax-usd");
  await expect(page.getByRole("heading", { level: 1, name: "Frax USD" })).toBeVisible();
  const alternates = page.locator('link[rel="alternate"][type="application/atom+xml"]');
  await expect(alternates).toHaveCount(2);
  expect(await alternates.first().getAttribute("href")).toBe(`${E2E_API_URL}/functions/v1/feed`);
  expect(await alternates.nth(1).getAttribute("href")).toBe(`${E2E_API_URL}/functions/v1/feed?protocol=frax-usd`);

  const section = page.getByRole("region", { name: "Recent changes" });
  await expect(section.getByRole("link", { name: "Follow Frax USD's changes (Atom feed)" })).toHaveAttribute(
    "href",
    `${E2E_API_URL}/functions/v1/feed?protocol=frax-usd`,
  );
  const feed = await request.get(`${E2E_API_URL}/functions/v1/feed?protocol=frax-usd`);
  expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const atom = await feed.text();
  // The seed's log: the review's rating (newest) and the history's TVL moves, in the same words.
  expect(atom).toContain('<title type="text">Frax USD TVL fell 24% to $83M</title>');
  const newest = /<entry>[\s\S]*?<title type="text">([^<]+)<\/title>/.exec(atom)?.[1];
  expect(newest).toBe("Frax USD rated Medium risk");
  await expect(section.getByRole("listitem").first()).toContainText("Frax USD rated Medium risk");
  await expect(section.getByText("Frax USD: Regulation assessed High")).toBeVisible();
});

test("/api explains the open API and passes axe", async ({ page }) => {
  await page.goto("/api");
  await expect(page.getByRole("heading", { level: 1, name: "Build on the data" })).toBeVisible();
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute("href", "/openapi.json");
  await expectNoAxeViolations(page, "/api");
  const document = await page.request.get("/openapi.json");
  expect(document.ok()).toBe(true);
  expect(((await document.json()) as { openapi: string }).openapi).toBe("3.1.0");
});
