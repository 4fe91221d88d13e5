import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { describeClassConflicts, stopWatchingClassConflicts, watchClassConflicts } from "./class-conflicts";
import { server } from "./msw/server";

// findBy*/waitFor wait up to 5 s, not 1 s: a whole-page render on a busy 2-core machine can take
// longer than a second, and a timing limit belongs in a benchmark, not in a behaviour test.
configure({ asyncUtilTimeout: 5000 });

// Radix Select uses pointer capture and scrollIntoView, which jsdom lacks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Unhandled requests fail the test, and so does any console.error (React warnings included),
// unless a test expects one and says so with vi.spyOn(console, "error").mockImplementation(...).
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let consoleErrors: unknown[][] = [];
const originalError = console.error;
beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  };
  sessionStorage.clear();
  localStorage.clear();
  watchClassConflicts();
});
afterEach(() => {
  // A page that rendered two classes setting the same thing fails its test (tests/class-conflicts.ts).
  const conflicts = stopWatchingClassConflicts();
  cleanup();
  // sonner keeps open toasts in module state and replays them into the next test's toaster.
  toast.dismiss();
  console.error = originalError;
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]!.map(String).join(" ");
    consoleErrors = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
  if (conflicts.length > 0) {
    throw new Error(`Classes that set the same thing, rendered during the test:\n${describeClassConflicts(conflicts)}`);
  }
});
