// The "This wasn't me: stop" link every confirmation mail carries (issue 30, item 2), end to end:
// the local API's outbox, the /confirm page, and the database behind it.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { gotoHome, toast, waitlistDialog } from "./support/home.ts";
import { fetchOutbox, fetchWaitlist } from "./support/seed.ts";

const SUCCESS = "Success! You're on the waitlist. Check your email for confirmation.";

/** A fresh mailbox per test and project: the e2e database is shared by the whole run. */
function uniqueLocal(testInfo: TestInfo): string {
  return `e2e.stop.${testInfo.project.name}.${Date.now().toString(36)}${testInfo.workerIndex}`;
}

async function join(page: Page, address: string) {
  await page
    .getByRole("complementary", { name: "Announcement" })
    .getByRole("button", { name: "Get Early Access" })
    .click();
  const dialog = waitlistDialog(page);
  await dialog.getByRole("textbox", { name: "Email address" }).fill(address);
  await dialog.getByRole("button", { name: "Get Early Access" }).click();
  await expect(toast(page, SUCCESS)).toBeVisible();
}

test("the mail's stop link stops nothing on opening, then every mail to the inbox on the press", async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // three full page loads
  const local = uniqueLocal(testInfo);
  const mailed = `${local}+x@example.com`;
  await gotoHome(page);
  await join(page, mailed);
  await expect
    .poll(async () => (await fetchOutbox(request)).filter((mail) => mail.to === mailed), { timeout: 15_000 })
    .toHaveLength(1);
  const { stopLink, link } = (await fetchOutbox(request)).find((mail) => mail.to === mailed)!;
  const url = new URL(stopLink);
  expect(url.pathname).toBe("/confirm");
  expect(url.search).toBe("");
  const token = new URLSearchParams(url.hash.slice(1)).get("stop")!;
  expect(token).toBe(new URLSearchParams(new URL(link).hash.slice(1)).get("token"));

  await page.goto(stopLink);
  const press = page.getByRole("button", { name: "Stop emails" });
  await expect(press).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Stop emails to this address?" })).toBeVisible();
  // Taken out of the address bar in an effect, just after the first paint.
  await expect.poll(() => page.url()).not.toContain(token);
  await press.click();
  await expect(page.getByRole("heading", { level: 1, name: "We won't email you again" })).toBeVisible({
    timeout: 15_000,
  });

  // The confirm link of the same mail no longer works, and no spelling of the inbox is stored or
  // mailed again: the visitor still sees the spec's success.
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "This link has expired or isn't valid" })).toBeVisible({
    timeout: 15_000,
  });
  await gotoHome(page);
  await join(page, `${local}@example.com`);
  const rows = (await fetchWaitlist(request)).filter((row) => row.email.startsWith(local));
  expect(rows.map((row) => row.email)).toEqual([mailed]);
  expect((await fetchOutbox(request)).filter((mail) => mail.to.startsWith(local))).toHaveLength(1);
});
