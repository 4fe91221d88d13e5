// `npm run build:e2e`: the production build the browser tests run against, into dist-e2e, talking
// to the e2e stack's own local API (e2e/support/ports.ts). Playwright's web server runs it before
// the preview; CI runs it once as its build step, checks the byte budgets on it and then starts
// the e2e suite with E2E_PREBUILT=1, so the app is built once per CI run, not twice.
import { spawnSync } from "node:child_process";
import { LOCAL_ANON_KEY } from "../local-api/defaults.ts";
import { E2E_API_URL } from "../e2e/support/ports.ts";

const result = spawnSync("npx", ["vite", "build", "--outDir", "dist-e2e", "--emptyOutDir", "--logLevel", "warn"], {
  stdio: "inherit",
  env: { ...process.env, VITE_SUPABASE_URL: E2E_API_URL, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
});
process.exit(result.status ?? 1);
