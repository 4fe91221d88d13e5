import type { Route } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { cards, gotoHome, showingLine } from "./support/home.ts";

const PROTOCOLS_ROUTE = "**/rest/v1/protocols**";
const CORS = { "access-control-allow-origin": "*" };

// docs/product.md, 'The directory', States: a failed read has no automatic retry. Retries
// (supabase-js's own on 503/network errors, React Query's) would also hold the error back for
// many seconds; so each failure test counts the GETs, after giving any retry time to show.
const RETRY_WINDOW = { timeout: 20_000 };
const SPEC_ONE_REQUEST =
  "the protocols GET must be made once, without retries (docs/product.md, 'The directory': no automatic retry)";

/** Answers the GET (the preflight, if any, goes to the real API) and counts it. */
function failWith(status: number, body: unknown, counter: { calls: number }) {
  return async (route: Route) => {
    if (route.request().method() !== "GET") return route.continue();
    counter.calls += 1;
    await route.fulfill({ status, headers: CORS, contentType: "application/json", body: JSON.stringify(body) });
  };
}

test("a failed load shows the server's message, and no retry button", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 503/);
  const counter = { calls: 0 };
  const body = {
    code: "PGRST002",
    message: "Could not query the database for the schema cache",
    details: null,
    hint: null,
  };
  await page.route(PROTOCOLS_ROUTE, failWith(503, body, counter));
  await page.goto("/");

  await expect(page.getByText("Error loading protocols")).toBeVisible(RETRY_WINDOW);
  await expect(page.getByText("Could not query the database for the schema cache")).toBeVisible();
  await expect(page.getByText("Failed to load protocols")).toHaveCount(0);
  await expect(page.getByText("Loading protocols...")).toHaveCount(0);
  await expect(showingLine(page)).toHaveCount(0);
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /retry|try again/i })).toHaveCount(0);
  expect(counter.calls, SPEC_ONE_REQUEST).toBe(1);
});

test("a failed load without a message says 'Failed to load protocols'", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500/);
  const counter = { calls: 0 };
  await page.route(PROTOCOLS_ROUTE, failWith(500, {}, counter));
  await page.goto("/");

  await expect(page.getByText("Error loading protocols")).toBeVisible(RETRY_WINDOW);
  await expect(page.getByText("Failed to load protocols")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect(counter.calls, SPEC_ONE_REQUEST).toBe(1);
});

test("a network failure is an error state too", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/net::ERR_|Failed to load resource/);
  let calls = 0;
  await page.route(PROTOCOLS_ROUTE, (route) => {
    calls += 1;
    return route.abort("connectionrefused");
  });
  await page.goto("/");

  await expect(page.getByText("Error loading protocols")).toBeVisible(RETRY_WINDOW);
  await expect(page.getByText(/Failed to fetch/)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect(calls, SPEC_ONE_REQUEST).toBe(1);
});

test("while the request is open the page says 'Loading protocols...', then shows the data", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(PROTOCOLS_ROUTE, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");

  await expect(page.getByText("Loading protocols...")).toBeVisible();
  await expect(showingLine(page)).toHaveCount(0);
  // The page around it is already usable: header and the waitlist entry points.
  await expect(page.getByRole("banner")).toBeVisible();

  release();
  await expect(page.getByText("Loading protocols...")).toBeHidden();
  await expect(showingLine(page)).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
});

// A deploy replaces the hashed chunks under an open tab, or the line drops: the code of a lazy
// page or of the waitlist dialog fails to download. Neither may leave a blank page.
const CHUNK_FAILURE = /net::ERR_FAILED|Failed to load resource|dynamically imported module/;

test("a page whose code fails to download shows 'Something went wrong', and the next visit fetches it anew", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(CHUNK_FAILURE);
  consoleErrors.allow(/Unhandled UI error/);
  await gotoHome(page);
  // Every request for the chunk fails, retries (a fresh `?retry=` URL) included, until unrouted.
  const privacyChunk = "**/assets/privacy-policy-*.js*";
  const requested: string[] = [];
  await page.route(privacyChunk, (route) => {
    requested.push(new URL(route.request().url()).search);
    return route.abort("failed");
  });
  await page.getByRole("link", { name: "Privacy Policy" }).click();

  const fallback = page.getByRole("alert");
  await expect(fallback.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(
    fallback.getByText("An unexpected error stopped this page from loading. Reloading usually fixes it."),
  ).toBeVisible();
  await expect(fallback.getByRole("button", { name: "Reload" })).toBeVisible();
  await expect.poll(() => consoleErrors.all().some((text) => text.startsWith("Unhandled UI error:"))).toBe(true);

  // Another route clears the error: the directory is back.
  await page.goBack();
  await expect(showingLine(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

  // Coming back asks the network again, under a URL the browser has not failed on (Chromium keeps
  // a failed module failed for the page's life): with the line still down, the error again.
  await page.goForward();
  await expect(fallback.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  expect(requested.at(-1)).toMatch(/^\?retry=\d+$/);

  // With the line back, the next visit shows the page, without a reload.
  await page.unroute(privacyChunk);
  await page.goBack();
  await expect(showingLine(page)).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

  // 'Reload' is the way out in place: it downloads everything again.
  await page.route(privacyChunk, (route) => route.abort("failed"));
  await page.reload();
  await expect(fallback.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await page.unroute(privacyChunk);
  await fallback.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
});

// The app's own code (the entry's chunks: React and the router, the app, the data layer) fails to
// arrive: a dropped line, a deploy that replaced the files, a dev server whose dependencies were
// re-optimized under it ("504 Outdated Optimize Dep"). The page says so, never blank or frozen.
for (const [chunk, path, heading] of [
  ["render-app", "/", null],
  ["ui-libs", "/privacy-policy", "Privacy Policy"],
] as const) {
  test(`the app's code failing to load (${chunk} on ${path}) shows 'Something went wrong', and 'Reload' starts again`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(CHUNK_FAILURE);
    consoleErrors.allow(/The app failed to load/);
    const appChunk = `**/assets/${chunk}-*.js`;
    await page.route(appChunk, (route) => route.abort("failed"));
    await page.goto(path);

    const failure = page.getByRole("alert");
    await expect(failure.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(
      failure.getByText("An unexpected error stopped this page from loading. Reloading usually fixes it."),
    ).toBeVisible();
    // The prerendered frame does not stay behind, looking alive.
    await expect(page.getByText("Loading protocols...")).toHaveCount(0);
    await expect.poll(() => consoleErrors.all().some((text) => text.startsWith("The app failed to load:"))).toBe(true);

    await page.unroute(appChunk);
    await failure.getByRole("button", { name: "Reload" }).click();
    if (heading) await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    else await expect(showingLine(page)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  });
}

test("a waitlist dialog that fails to download says so in a toast and leaves the page working", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(CHUNK_FAILURE);
  consoleErrors.allow(/The waitlist dialog failed to load/);
  await gotoHome(page);
  // Every request for the chunk fails, retries (a fresh `?retry=` URL) included, until unrouted.
  const dialogChunk = "**/assets/waitlist-dialog-*.js*";
  await page.route(dialogChunk, (route) => route.abort("failed"));
  const join = page
    .getByRole("complementary", { name: "Announcement" })
    .getByRole("button", { name: "Get Early Access" });
  await join.click();

  await expect(page.getByText("Something went wrong. Please try again.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(showingLine(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

  // The next press downloads the dialog again (under a fresh URL: Chromium keeps a failed module
  // failed for the life of the page), the keyboard's as much as the mouse's.
  await page.unroute(dialogChunk);
  await join.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
});
