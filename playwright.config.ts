import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./bench/chromium.ts";
import { E2E_API_PORT, E2E_API_URL, E2E_APP_PORT, E2E_APP_URL } from "./e2e/support/ports.ts";

// E2E runs against the production build and its own in-memory local API, on ports of its
// own, so a developer's running `npm run dev` (5173 / 54321) and its data are never touched.
const CI = Boolean(process.env.CI);
const PREBUILT = process.env.E2E_PREBUILT === "1";
const SCREENSHOT_SPECS = /screenshots\.spec\.ts$/;
const DESKTOP = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: CI,
  // Traces are recorded on the retry only: recording one for every test (to keep it on a failure)
  // cost a third of the suite's time (three specs: 122.5 s with, 85.5 s without, same machine,
  // 2026-11-28; docs/decisions/018-ci-under-twelve-minutes.md). So a failing test runs once more,
  // traced; one that passes only on that retry is flaky and fails the run all the same.
  retries: 1,
  failOnFlakyTests: true,
  // Two cores: more workers only make every test slower.
  workers: 2,
  // Budgets for a 2-core CI machine running two workers, the preview and the local API beside
  // them: a journey over the 79-row directory with an axe scan took 25-38 s there (measured
  // 2026-11-25). Timing goals live in the bench (`npm run bench`), not here: these only stop a hang.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI
    ? [["line"], ["json", { outputFile: "test-results/e2e-results.json" }], ["html", { open: "never" }]]
    : [["list"], ["json", { outputFile: "test-results/e2e-results.json" }], ["html", { open: "never" }]],
  use: {
    baseURL: E2E_APP_URL,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions(),
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    locale: "en-US",
    timezoneId: "UTC",
    serviceWorkers: "block",
  },
  // The suite runs on a desktop and a phone. The screenshot specs are their own projects, run by
  // `npm run screenshots` / `npm run screenshots:readme`, never by `npm run test:e2e`: pictures are
  // for people to look at, not assertions.
  projects: [
    // The tests only a phone runs (PHONE_ONLY) are left out here, rather than each opening a page to skip.
    { name: "desktop", testIgnore: SCREENSHOT_SPECS, grepInvert: /@phone-only/, use: DESKTOP },
    // The phone runs the tests tagged @phone (e2e/support/fixtures.ts PHONE): what a phone lays out
    // or does differently. The rest is the same code on any screen and runs once, on the desktop
    // (docs/decisions/018-ci-under-twelve-minutes.md has the measurement).
    { name: "phone", testIgnore: SCREENSHOT_SPECS, grep: /@phone/, use: PHONE },
    { name: "screenshots-desktop", testMatch: SCREENSHOT_SPECS, use: DESKTOP },
    { name: "screenshots-phone", testMatch: SCREENSHOT_SPECS, use: PHONE },
  ],
  webServer: [
    {
      name: "local-api",
      command: "npm run local-api",
      url: `${E2E_API_URL}/health`,
      env: {
        LOCAL_API_PORT: String(E2E_API_PORT),
        LOCAL_API_DATA_DIR: "memory",
        LOCAL_API_RATE_LIMIT: "off",
        // The preview origin the suite runs on, whatever E2E_APP_PORT says.
        LOCAL_API_ALLOWED_ORIGINS: E2E_APP_URL,
      },
      reuseExistingServer: !CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      name: "app",
      // Build inside the entry so `npm run test:e2e` alone always tests the current code; CI has
      // built dist-e2e already (its build step, which the byte budgets check) and says E2E_PREBUILT=1.
      command: `${PREBUILT ? "" : "npm run -s build:e2e && "}npx vite preview --outDir dist-e2e --port ${E2E_APP_PORT} --strictPort`,
      url: E2E_APP_URL,
      reuseExistingServer: !CI,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
