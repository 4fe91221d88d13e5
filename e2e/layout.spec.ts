import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PHONE, PHONE_ONLY, test } from "./support/fixtures.ts";
import { cards, gotoHome, waitlistDialog } from "./support/home.ts";

const CONTACT = "mailto:hello@rwaatlas.com";

function banner(page: Page) {
  return page.getByRole("complementary", { name: "Announcement" });
}

/** The floating button, told apart from the header's button of the same name by not being in a nav. */
function floatingJoin(page: Page) {
  return page
    .getByRole("button", { name: "Join Waitlist", exact: true })
    .and(page.locator("xpath=//button[not(ancestor::nav)]"));
}

test("the dismissed banner stays closed after a reload", async ({ page }) => {
  await gotoHome(page);
  await expect(banner(page)).toContainText(
    "Portfolio Analytics Platform Coming Soon - Join the waitlist for early access",
  );
  await expect(banner(page).getByRole("button", { name: "Get Early Access" })).toBeVisible();

  await banner(page).getByRole("button", { name: "Dismiss banner" }).click();
  await expect(banner(page)).toBeHidden();

  await page.reload();
  await expect(page.getByText(/^Showing \d+ of \d+ protocols/)).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test("the floating 'Join Waitlist' button appears past 400 px and hides above", PHONE, async ({ page }) => {
  await gotoHome(page);
  await expect(floatingJoin(page)).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 380));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(380);
  await expect(floatingJoin(page)).toBeHidden();

  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  await expect(floatingJoin(page)).toBeVisible();
  await expect(floatingJoin(page)).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 100));
  await expect(floatingJoin(page)).toBeHidden();

  // It opens the waitlist.
  await page.evaluate(() => window.scrollTo(0, 600));
  await floatingJoin(page).click();
  await expect(waitlistDialog(page)).toBeVisible();
});

test("'Contact Us' is a mail link to the contact address", async ({ page }, testInfo) => {
  await gotoHome(page);
  if (testInfo.project.name === "desktop") {
    const contact = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" });
    await expect(contact).toBeVisible();
    await expect(contact).toHaveAttribute("href", CONTACT);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  } else {
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  }
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" })).toHaveAttribute(
    "href",
    CONTACT,
  );
});

test("desktop lays the cards out in three columns", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "column count at 1280 px");
  await gotoHome(page);
  const boxes = await Promise.all([0, 1, 2, 3].map((index) => cards(page).nth(index).boundingBox()));
  const [first, second, third, fourth] = boxes.map((box) => box!);
  expect(second!.y).toBeCloseTo(first!.y, 0);
  expect(third!.y).toBeCloseTo(first!.y, 0);
  expect(fourth!.y).toBeGreaterThan(first!.y + first!.height - 1);
});

test.describe("phone", PHONE_ONLY, () => {
  test.skip(({ isMobile }) => !isMobile, "narrow-screen behaviour");

  test("the menu opens a drawer from the right with the contact link", async ({ page }) => {
    await gotoHome(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", CONTACT);

    // Anchored to the right edge, not covering the whole width. Poll: it may be sliding in.
    const viewport = page.viewportSize()!;
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? Math.round(box.x + box.width) : -1;
      })
      .toBe(viewport.width);
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);

    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    // The drawer's join action hands over to the waitlist dialog.
    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(drawer).toBeHidden();
    await expect(waitlistDialog(page)).toBeVisible();
  });

  test("one card per row, nothing wider than the screen", async ({ page }) => {
    await gotoHome(page);
    const [first, second] = await Promise.all([cards(page).nth(0).boundingBox(), cards(page).nth(1).boundingBox()]);
    expect(second!.x).toBeCloseTo(first!.x, 0);
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
    const viewport = page.viewportSize()!;
    expect(first!.width).toBeGreaterThan(viewport.width * 0.8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});

// Opened straight from the address bar (a cold load: the boot once left every route but / blank
// until a fallback timer), and scanned by axe.
test("privacy policy page, with header, footer and the waitlist dialog; axe passes", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page).toHaveTitle(/Privacy Policy/);
  await expect(page.getByText("Last updated October 2025")).toBeVisible();
  const sections = [
    "Information We Collect",
    "How We Use Your Information",
    "Third-Party Services",
    "Data Storage and Security",
    "Your Rights",
    "Cookies",
    "Changes",
    "Contact Us",
  ];
  for (const [index, section] of sections.entries()) {
    await expect(
      page.getByRole("heading", { level: 2, name: new RegExp(`^${index + 1}\\. ${section}`) }),
    ).toBeVisible();
  }
  const contact = page.getByRole("region", { name: /Contact Us/ });
  await expect(contact.getByRole("link", { name: "hello@rwaatlas.com" })).toHaveAttribute("href", CONTACT);
  await expect(page.getByRole("banner")).toBeVisible();
  // No protocols loaded on this page: the build's configured month (that of the committed data).
  await expect(page.getByRole("contentinfo")).toContainText(/Data as of \w+ \d{4} • Updated monthly/);
  await expectNoAxeViolations(page, "the privacy policy");

  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(waitlistDialog(page)).toBeVisible();
});

test("an unknown path shows the 404 page, logs the path, passes axe and leads home", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/no-such-page/);
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));

  await page.goto("/no-such-page?from=e2e");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect.poll(() => logged.some((text) => text.includes("/no-such-page"))).toBe(true);
  await expectNoAxeViolations(page, "the 404 page");

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(/^Showing \d+ of \d+ protocols/)).toBeVisible();
});

test("served with a Content-Security-Policy that nothing on the page violates", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");

  // Exercise what loads on demand: the lazy dialogs, a route change, the waitlist call's preflight.
  await expect(page.getByText(/^Showing \d+ of \d+ protocols/)).toBeVisible();
  await page
    .getByRole("complementary", { name: "Announcement" })
    .getByRole("button", { name: "Get Early Access" })
    .click();
  await expect(waitlistDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await cards(page).first().getByRole("checkbox").click();
  await page.getByRole("button", { name: "Compare in Dashboard" }).click();
  await expect(page.getByRole("dialog", { name: "Protocol Comparison Dashboard" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
