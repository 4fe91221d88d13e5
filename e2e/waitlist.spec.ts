import type { Locator, Page, Route, TestInfo } from "@playwright/test";
import { settleAnimations } from "./support/axe.ts";
import { expect, PHONE, test } from "./support/fixtures.ts";
import { gotoHome, toast, waitlistDialog } from "./support/home.ts";
import { fetchOutbox, fetchWaitlist } from "./support/seed.ts";

const FUNCTION_ROUTE = "**/functions/v1/add-to-waitlist";
const SUCCESS = "Success! You're on the waitlist. Check your email for confirmation.";
const FAILED = "Failed to join waitlist. Please try again.";
const INVALID = "Please enter a valid email address";

/** A fresh address per test and project: the e2e database is shared by the whole run. */
function uniqueEmail(testInfo: TestInfo, tag: string): string {
  return `e2e.${tag}.${testInfo.project.name}.${Date.now().toString(36)}${testInfo.workerIndex}@example.com`;
}

async function openFromBanner(page: Page) {
  await page
    .getByRole("complementary", { name: "Announcement" })
    .getByRole("button", { name: "Get Early Access" })
    .click();
  const dialog = waitlistDialog(page);
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText("Get early access to institutional-grade portfolio analytics for tokenized RWAs."),
  ).toBeVisible();
  return dialog;
}

/** Lets the preflight through (the page and the API are different origins) and hands POSTs to `onPost`. */
async function routeFunction(page: Page, onPost: (route: Route) => Promise<void>): Promise<void> {
  await page.route(FUNCTION_ROUTE, async (route) => {
    if (route.request().method() === "POST") await onPost(route);
    else await route.continue();
  });
}

test.beforeEach(async ({ page }) => {
  await gotoHome(page);
});

test("an address without '@' is refused on the spot and nothing is sent", async ({ page }) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/functions/v1/add-to-waitlist")) sent.push(request.method());
  });
  const dialog = await openFromBanner(page);
  const email = dialog.getByRole("textbox", { name: "Email address" });
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");
  // An example address: our own contact address there looked as if the field were filled in.
  await expect(email).toHaveAttribute("placeholder", "you@example.com");

  await email.fill("not-an-email");
  await dialog.getByRole("button", { name: "Get Early Access" }).click();
  await expect(toast(page, "Please enter a valid email address")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(email).toHaveValue("not-an-email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // The same words next to the field, read with it.
  await expect(dialog.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(email).toHaveAccessibleDescription("Please enter a valid email address");

  // Empty counts as invalid too.
  await email.fill("   ");
  await dialog.getByRole("button", { name: "Get Early Access" }).click();
  await expect(toast(page, "Please enter a valid email address")).toBeVisible();
  expect(sent).toEqual([]);
});

/** The on-screen box of each toast showing `text`, once they have finished moving in. */
async function toastBox(page: Page, text: string) {
  const item = page
    .getByRole("region", { name: /notifications/i })
    .getByRole("listitem")
    .filter({ hasText: text });
  await expect(item).toHaveCount(1);
  await settleAnimations(page);
  return (await item.boundingBox())!;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No heading on screen inside `root` (the page, or the open dialog above it) lies under `box`. */
async function expectNoHeadingUnder(root: Locator, box: Box) {
  const covered = await root.evaluate(
    (element, toast) =>
      [...element.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")]
        .map((heading) => ({ text: heading.textContent ?? "", rect: heading.getBoundingClientRect() }))
        .filter(
          ({ rect }) =>
            rect.width > 0 &&
            rect.x < toast.x + toast.width &&
            toast.x < rect.x + rect.width &&
            rect.y < toast.y + toast.height &&
            toast.y < rect.y + rect.height,
        )
        .map(({ text }) => text),
    box,
  );
  expect(covered, "headings under the toast").toEqual([]);
}

test("toasts cover no heading or form; a success clears the error toast", PHONE, async ({ page }, testInfo) => {
  const dialog = await openFromBanner(page);
  const email = dialog.getByRole("textbox", { name: "Email address" });
  await email.fill("not-an-email");
  await dialog.getByRole("button", { name: "Get Early Access" }).click();

  // The error toast leaves the form and the dialog's headings in view.
  const error = await toastBox(page, INVALID);
  expect(overlaps(error, (await dialog.locator("form").boundingBox())!), "the error toast covers the form").toBe(false);
  await expectNoHeadingUnder(dialog, error);

  await email.fill(uniqueEmail(testInfo, "toasts"));
  await dialog.getByRole("button", { name: "Get Early Access" }).click();
  await expect(dialog).toBeHidden();

  // The success toast stands alone (the error is cleared) and covers neither banner nor header.
  const success = await toastBox(page, SUCCESS);
  await expect(toast(page, INVALID)).toHaveCount(0);
  await expect(page.getByRole("region", { name: /notifications/i }).getByRole("listitem")).toHaveCount(1);
  for (const [what, box] of [
    ["the banner", await page.getByRole("complementary", { name: "Announcement" }).boundingBox()],
    ["the header", await page.getByRole("banner").boundingBox()],
  ] as const) {
    expect(overlaps(success, box!), `the success toast covers ${what}`).toBe(false);
  }
  // A phone's full-width toast passes over page content at the bottom edge (form, banner, header clear).
  if (!testInfo.project.use.isMobile) await expectNoHeadingUnder(page.locator("body"), success);
  // On screen, whole.
  const viewport = page.viewportSize()!;
  expect(success.y + success.height).toBeLessThanOrEqual(viewport.height);
  expect(success.x + success.width).toBeLessThanOrEqual(viewport.width);
});

test("joins, shows 'Joining...' while sending, lands in the database, and a repeat is still a success", async ({
  page,
  request,
}, testInfo) => {
  const address = uniqueEmail(testInfo, "join");

  // Hold the request to see the submitting state, then let the real function answer.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await routeFunction(page, async (route) => {
    await held;
    await route.continue();
  });

  let dialog = await openFromBanner(page);
  await dialog.getByRole("textbox", { name: "Email address" }).fill(address);
  await dialog.getByRole("button", { name: "Get Early Access" }).click();

  await expect(dialog.getByRole("button", { name: "Joining..." })).toBeDisabled();
  await expect(dialog.getByRole("textbox", { name: "Email address" })).toBeDisabled();
  release();

  await expect(toast(page, SUCCESS)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await fetchWaitlist(request)).filter((row) => row.email === address).map((row) => row.source))
    .toEqual(["banner"]);

  // Dismiss that toast, so the next success toast is unmistakably a new one.
  await page.getByRole("listitem").filter({ hasText: SUCCESS }).getByRole("button", { name: "Close toast" }).click();
  await expect(toast(page, SUCCESS)).toHaveCount(0);

  // The field was cleared: a new opening starts empty. Same address again: the same success.
  await page.unrouteAll({ behavior: "wait" });
  dialog = await openFromBanner(page);
  await expect(dialog.getByRole("textbox", { name: "Email address" })).toHaveValue("");
  await dialog.getByRole("textbox", { name: "Email address" }).fill(address.toUpperCase());
  const answered = page.waitForResponse(
    (response) => response.url().includes("/functions/v1/add-to-waitlist") && response.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Get Early Access" }).click();
  expect((await answered).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(toast(page, SUCCESS)).toBeVisible();

  // Still exactly one row for that address (unique on lower(email)).
  const rows = (await fetchWaitlist(request)).filter((row) => row.email.toLowerCase() === address.toLowerCase());
  expect(rows).toHaveLength(1);
});

test("double opt-in: the mailed link confirms on the button press, leaves no token in the address bar, and works once", async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // four full page loads and a history step
  const address = uniqueEmail(testInfo, "optin");
  const dialog = await openFromBanner(page);
  await dialog.getByRole("textbox", { name: "Email address" }).fill(address);
  await dialog.getByRole("button", { name: "Get Early Access" }).click();
  await expect(toast(page, SUCCESS)).toBeVisible();

  // The local API prints the mail and keeps it in its outbox; the link points at this site.
  // A full page load plus the lazy chunk and the confirm call: generous on a loaded machine.
  await expect
    .poll(async () => (await fetchOutbox(request)).filter((mail) => mail.to === address), { timeout: 15_000 })
    .toHaveLength(1);
  const { link } = (await fetchOutbox(request)).find((mail) => mail.to === address)!;
  const url = new URL(link);
  expect(url.origin).toBe(new URL(page.url()).origin);
  expect(url.pathname).toBe("/confirm");
  // The token is in the fragment: the static host never sees it in a request line or a log.
  expect(url.search).toBe("");
  const token = new URLSearchParams(url.hash.slice(1)).get("token")!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const hostSaw: string[] = [];
  const confirmCalls: string[] = [];
  page.on("request", (req) => {
    if (req.url().startsWith(url.origin)) hostSaw.push(req.url());
    if (req.url().includes("/functions/v1/add-to-waitlist") && req.method() === "POST") confirmCalls.push(req.url());
  });
  const confirmedAt = async () => (await fetchWaitlist(request)).find((row) => row.email === address)?.confirmed_at;
  expect(await confirmedAt()).toBeNull();

  // Opening the link (as a mail scanner that runs the page would) confirms nothing.
  await page.goto(link);
  const press = page.getByRole("button", { name: "Confirm my email" });
  await expect(press).toBeVisible({ timeout: 15_000 });
  // The page takes the token out of the address bar in an effect, just after its first paint.
  await expect.poll(() => page.url()).not.toContain(token);
  expect(await confirmedAt()).toBeNull();
  expect(confirmCalls).toEqual([]);

  await press.click();
  await expect(page.getByRole("heading", { level: 1, name: "You're on the waitlist" })).toBeVisible({
    timeout: 15_000,
  });
  // One confirm call, the button's: a call the page made by itself on load would be here too.
  expect(confirmCalls).toHaveLength(1);
  expect(page.url()).not.toContain(token);
  expect(new URL(page.url()).pathname).toBe("/confirm");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  expect(await confirmedAt()).not.toBeNull();
  expect(hostSaw.filter((seen) => seen.includes(token))).toEqual([]);

  // Back goes to the page before /confirm, never to the URL with the token.
  await page.goBack();
  expect(page.url()).not.toContain(token);

  // The same link again, in the older ?token= form of mails already sent: already confirmed.
  await page.goto(`/confirm?token=${token}`);
  await page.getByRole("button", { name: "Confirm my email" }).click({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Already confirmed" })).toBeVisible({ timeout: 15_000 });
  await page.goto(`/confirm#token=${"A".repeat(43)}`);
  await page.getByRole("button", { name: "Confirm my email" }).click({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "This link has expired or isn't valid" })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole("link", { name: "Back to directory" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a failing function keeps the dialog open with the address", async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  consoleErrors.allow(/status of 500/);
  const address = uniqueEmail(testInfo, "fail500");
  await routeFunction(page, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      headers: { "access-control-allow-origin": "*" },
      body: JSON.stringify({ error: "Internal error" }),
    }),
  );

  const dialog = await openFromBanner(page);
  await dialog.getByRole("textbox", { name: "Email address" }).fill(address);
  await dialog.getByRole("button", { name: "Get Early Access" }).click();

  await expect(toast(page, FAILED)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Email address" })).toHaveValue(address);
  await expect(dialog.getByRole("button", { name: "Get Early Access" })).toBeEnabled();
  expect((await fetchWaitlist(request)).some((row) => row.email === address)).toBe(false);
});

test("a network failure keeps the dialog open with the address", async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow(/net::ERR_FAILED|Failed to load resource/);
  const address = uniqueEmail(testInfo, "offline");
  await routeFunction(page, (route) => route.abort("failed"));

  const dialog = await openFromBanner(page);
  await dialog.getByRole("textbox", { name: "Email address" }).fill(address);
  await dialog.getByRole("button", { name: "Get Early Access" }).click();

  await expect(toast(page, FAILED)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Email address" })).toHaveValue(address);
});
