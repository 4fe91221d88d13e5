/**
 * Unit test files that replace a module (vi.mock), fake the clock or stub globals and env: in the
 * unit project's shared module graph (vite.config.ts, `isolate: false`) a mock would not reach a
 * module another file already imported, and a stub could outlive its file. These run in the
 * `unit-isolated` project, each with a fresh graph. tests/integration/vitest-isolation.test.ts
 * keeps the list complete.
 */
export const ISOLATED_UNIT_TESTS = [
  "src/components/near-viewport.test.tsx",
  "src/components/ui/lazy-select.test.tsx",
  "src/features/protocols/directory/use-directory-view.test.tsx",
  "src/features/protocols/history/history-chart.test.tsx",
  "src/features/protocols/risk/risk-section.test.tsx",
  "src/features/waitlist/waitlist-dialog.test.tsx",
  "src/features/waitlist/waitlist-provider.test.tsx",
  "src/main.test.ts",
  "src/pages/launch-target.test.tsx",
  "src/pages/protocol-data.test.tsx",
  "src/pages/protocol-products.test.tsx",
  "src/pages/protocol-tvl-history.test.tsx",
  "src/pages/protocol-yield-history.test.tsx",
  "src/pages/protocol.test.tsx",
];
