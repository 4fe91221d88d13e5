import type { KnipConfig } from "knip";

// `npm run knip`: unused files, exports and dependencies (docs/decisions/002-lint-boundaries.md).
// Entries are the programs the repository runs; test files are entries through the Vitest and
// Playwright plugins, so an export a test uses counts as used.
const config: KnipConfig = {
  entry: [
    "src/entry-prerender.tsx",
    "scripts/**/*.{ts,mjs}",
    "local-api/{main,reset}.ts",
    "bench/{run,check}.ts",
    "supabase/functions/*/index.ts",
    "supabase/functions/**/*_test.ts",
    "**/*.test.{ts,tsx}",
    "**/*.bench.ts",
  ],
  project: ["**/*.{ts,tsx,mjs,css}", "!dist*/**", "!bench/.out/**"],
  // An export the same file uses is part of the module's readable API, not dead code.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // bench/load.ts loads it with createRequire (it ships no types), which knip does not follow.
    "autocannon",
  ],
};

export default config;
