import { test as base, expect } from "@playwright/test";

/**
 * Every test fails on an unexpected browser console error or uncaught exception (a CSP
 * violation, a React error, a failed request nobody planned). Tests that provoke an error on
 * purpose (routed failures, the 404 log) declare it with `consoleErrors.allow(pattern)`.
 */
export type ConsoleErrors = {
  allow(pattern: RegExp): void;
  /** Everything logged at error level so far, allowed or not. */
  all(): string[];
};

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`Uncaught ${error.name}: ${error.message}`));

      await use({ allow: (pattern) => allowed.push(pattern), all: () => [...errors] });

      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, `unexpected browser console errors:\n${unexpected.join("\n")}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Marks a test the phone project runs too (playwright.config.ts: the phone project runs only these).
 * A test earns it when a phone lays out or behaves differently for it: the first screen, the folded
 * filters, the drawer, the tray and the floating button, the stacked comparison, toasts, chart
 * labels, axe on the phone's own overlays. Behaviour that does not depend on the screen (data,
 * URLs, filters' logic, exports, error states, the waitlist's flow) runs once, on the desktop.
 */
export const PHONE = { tag: "@phone" } as const;

/**
 * Marks a test only the phone runs (a phone's own control or layout: the drawer, the stacked
 * comparison). The desktop project leaves these out (`grepInvert`) instead of opening a page for
 * each only to skip it.
 */
export const PHONE_ONLY = { tag: ["@phone", "@phone-only"] };
