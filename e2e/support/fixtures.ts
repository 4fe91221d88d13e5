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
