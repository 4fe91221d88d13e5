import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { chunkUrls } from "./build/chunk-urls.ts";
import { defaultDataAsOf } from "./build/data-as-of.ts";
import { checkBuildEnv, explicitProductionMode, localBackendWarning } from "./build/env-guard.ts";
import { openData } from "./build/open-data.ts";
import { openApi } from "./build/openapi.ts";
import { prerenderShell } from "./build/prerender.ts";
import { securityHeaders } from "./build/security-headers.ts";
import { siteFiles } from "./build/site-files.ts";
import { ISOLATED_UNIT_TESTS } from "./tests/isolated-unit-tests.ts";
import { LOCAL_ANON_KEY, LOCAL_API_URL } from "./local-api/defaults.ts";
import { DEFAULT_LAUNCH_TARGET, isLaunchTargetPast, launchTargetWarning } from "./src/lib/launch-target.ts";

const DEFAULT_SITE_URL = "https://rwaatlas.com";

export default defineConfig(({ mode, command, isSsrBuild, isPreview }) => {
  const env = { ...loadEnv(mode, process.cwd(), "VITE_"), ...pickViteEnv(process.env) };
  // Refuse to build a secret into the bundle, or a deploy build without a backend.
  const check = checkBuildEnv(env, { deploy: command === "build" && explicitProductionMode(process.argv) });
  for (const warning of check.warnings) console.warn(`[env] ${warning}`);
  if (check.errors.length > 0) {
    throw new Error(`Build stopped by the environment check:\n${check.errors.map((e) => `  - ${e}`).join("\n")}`);
  }
  // No backend configured: the app talks to the zero-config local API (npm run dev starts it).
  const useLocal = !env.VITE_SUPABASE_URL && !env.VITE_SUPABASE_ANON_KEY;
  if (useLocal && command === "build") console.warn(localBackendWarning(LOCAL_API_URL));
  const supabaseUrl = useLocal ? LOCAL_API_URL : (env.VITE_SUPABASE_URL ?? "");
  const anonKey = useLocal ? LOCAL_ANON_KEY : (env.VITE_SUPABASE_ANON_KEY ?? "");
  // The production origin for canonical/Open Graph URLs, robots.txt and sitemap.xml. Vite fills
  // %VITE_SITE_URL% in index.html from the env it loads after this config, so set the default here.
  const siteUrl = (env.VITE_SITE_URL ?? DEFAULT_SITE_URL).replace(/\/+$/, "");
  process.env.VITE_SITE_URL = siteUrl;
  // Every page announces the change log's Atom feed (index.html's <link rel="alternate">).
  process.env.VITE_FEED_URL = `${supabaseUrl.replace(/\/+$/, "")}/functions/v1/feed`;
  // 'Data as of' before data arrives (and on backends without TVL dates): the month the committed
  // data refers to, unless VITE_DATA_AS_OF says otherwise (src/config/site.ts).
  const dataAsOf = env.VITE_DATA_AS_OF ?? defaultDataAsOf() ?? "";
  // No text may promise a launch date that has passed: the page says 'opening soon' then, and the
  // build says why, naming the variable to update.
  const now = new Date();
  const launchWarning = launchTargetWarning(env.VITE_LAUNCH_TARGET, DEFAULT_LAUNCH_TARGET, now);
  // Once per build (not again for the prerender's SSR pass) and per dev server; not for a
  // preview of a finished build, nor in Vitest.
  if (launchWarning && !isSsrBuild && !isPreview && mode !== "test") console.warn(`[env] ${launchWarning}`);
  const launchPastAtBuild = isLaunchTargetPast(env.VITE_LAUNCH_TARGET?.trim() || DEFAULT_LAUNCH_TARGET, now);

  return {
    plugins: [
      react(),
      tailwindcss(),
      // The signup's bot check (src/features/waitlist/turnstile.ts) needs Cloudflare in the CSP.
      securityHeaders({ supabaseUrl, turnstile: Boolean(env.VITE_TURNSTILE_SITE_KEY?.trim()) }),
      siteFiles({ siteUrl }),
      openData({ siteUrl }),
      openApi({ apiUrl: supabaseUrl, siteUrl }),
      prerenderShell(),
      // Each lazy import knows its chunk's URL, for a retry after a failed download (lib/on-demand.ts).
      chunkUrls(),
    ],
    resolve: {
      alias: [
        { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
        // React Router's package exports only its development build, whose dev warnings (their
        // checks and messages) would ship to every visitor; a build takes the production one, the
        // same code with ENABLE_DEV_WARNINGS off. The dev server and the tests keep the warnings.
        ...(command === "build" ? REACT_ROUTER_PRODUCTION : []),
      ],
    },
    define: {
      "import.meta.env.VITE_SUPABASE_URL": JSON.stringify(supabaseUrl),
      "import.meta.env.VITE_SUPABASE_ANON_KEY": JSON.stringify(anonKey),
      "import.meta.env.VITE_DATA_AS_OF": JSON.stringify(dataAsOf),
      // What the prerendered HTML says about the launch target; hydration starts from the same.
      __LAUNCH_PAST_AT_BUILD__: JSON.stringify(launchPastAtBuild),
    },
    server: { host: "127.0.0.1", port: 5173, strictPort: true },
    preview: { host: "127.0.0.1", port: 4173, strictPort: true },
    build: {
      // Every browser we support preloads modules natively (Chrome/Edge 66+, Safari 17+, Firefox 115+);
      // the polyfill cost the first load ~0.3 KB gzip (2026-11-23), which the 160 KB boot budget needed.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // The boot's code in three chunks. Left to the automatic split, the lazily loaded
          // protocol page (which shares most of the app with the home page) scatters the shared
          // modules over a dozen small chunks, costing `/` 2-3 KB gzip of glue (2026-11-23;
          // budget 160 KB). Lazy pages and dialogs are dynamic imports, so no group captures them.
          codeSplitting: {
            groups: [
              // Vite's preload helper stays with the entry (main.tsx must import nothing before the
              // first paint): a group of its own keeps the app group below from taking it.
              { name: "index", priority: 4, test: /vite[\\/]preload-helper/ },
              // What main.tsx needs to send the protocols request, kept small so the request
              // leaves before React has even downloaded. (No postgrest-js: the read is a plain
              // fetch, lib/postgrest.ts; naming it here would pull the waitlist's copy into boot.) The slug
              // rule is the Edge Functions' shared one (supabase/functions/_shared/slug.ts). A group
              // takes what it names wherever it is used, so the observers of mutations (the waitlist's
              // signup) and of several queries (the comparison) are left to the lazy chunks that use
              // them, as are their hooks below: 1.4 KB gzip off every page (measured 2026-11-28).
              {
                name: "data",
                priority: 3,
                test: /node_modules[\\/](@tanstack[\\/]query-core[\\/](?!.*[\\/](mutationObserver|queriesObserver)\.js$)|@tanstack[\\/]react-query[\\/].*[\\/]queryOptions\.js$)|src[\\/](config[\\/]\w+|lib[\\/]postgrest|features[\\/]protocols[\\/]model[\\/](queries|model|slug))\.tsx?$|supabase[\\/]functions[\\/]_shared[\\/]slug\.ts$/,
              },
              // React, the router and the UI libraries.
              {
                name: "ui-libs",
                priority: 2,
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]react-query(?=[\\/])(?!.*[\\/](useMutation|useQueries)\.js$)|clsx|class-variance-authority|lucide-react)[\\/]/,
              },
              // The app: render-app.tsx and every module it imports statically (the router, the
              // layout), and what the home page shares with the other pages. Left to the automatic
              // split, those shared modules became eight small chunks, which cost `/` 3.4 KB gzip
              // and a protocol page 3.2 KB more than one (2026-11-28).
              { name: "render-app", priority: 1, test: sourceFiles(SHARED_APP_MODULES) },
            ],
          },
        },
      },
    },
    test: {
      // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine. Two
      // halve the suite's wall time there (docs/decisions/018-ci-under-twelve-minutes.md).
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            environment: "jsdom",
            // One module graph per worker, not per file: importing React, Radix and the app again for
            // each of ~80 files was half the unit run (features/protocols: 118 s -> 55 s;
            // docs/decisions/018-ci-under-twelve-minutes.md). The files share nothing a test leaves
            // behind: tests/setup.ts cleans the DOM, storage, toasts, MSW handlers and mocks after
            // each test. Files that mock a module, fake the clock or stub globals run isolated, below.
            isolate: false,
            include: ["src/**/*.test.{ts,tsx}"],
            exclude: ISOLATED_UNIT_TESTS,
            setupFiles: ["tests/setup.ts"],
            // Page-level tests drive many interactions; on a loaded 2-core machine 5 s is too tight.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: "unit-isolated",
            environment: "jsdom",
            include: ISOLATED_UNIT_TESTS,
            setupFiles: ["tests/setup.ts"],
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: "integration",
            environment: "node",
            // One module graph per worker here too (PGlite, the local API, Vite and Playwright are
            // imported once, not per file): 138 s -> 96 s of wall time for the project's 84 files
            // (docs/decisions/018-ci-under-twelve-minutes.md). No file mocks, fakes the clock or
            // stubs globals or env (tests/integration/vitest-isolation.test.ts keeps it so).
            isolate: false,
            include: [
              "tests/integration/**/*.test.ts",
              "local-api/**/*.test.ts",
              "scripts/**/*.test.ts",
              "bench/**/*.test.ts",
              "build/**/*.test.ts",
            ],
            // Builds one migrated PGlite snapshot per run; each file loads it instead of migrating again.
            globalSetup: ["tests/integration/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});

/** React Router's two entries the app imports (through react-router-dom), as its production build. */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: routerFile("index.mjs") },
  { find: /^react-router\/dom$/, replacement: routerFile("dom-export.mjs") },
];

function routerFile(name: string): string {
  return fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));
}

/**
 * The modules the home page shares with the other pages (a protocol page, the change log), each
 * with everything it imports: the comparison tray and the URL's compare list, the directory's error
 * and URL state, the card's parts a protocol page shows too (risk badge, tags, links, the tracked
 * note, the compare toggle), the figures' provenance, the search input and the page title.
 */
const SHARED_APP_MODULES = [
  "render-app.tsx",
  "app/compare-tray.tsx",
  "app/use-compare-slugs.ts",
  "features/protocols/directory/directory-status.tsx",
  "features/protocols/directory/url-state.ts",
  "features/protocols/card/risk-badge.tsx",
  "features/protocols/card/protocol-tags.tsx",
  "features/protocols/card/tracked-note.tsx",
  "features/protocols/card/protocol-link.tsx",
  "features/protocols/card/compare-toggle.tsx",
  "features/protocols/card/visit-protocol-link.tsx",
  "features/protocols/model/figure-provenance.ts",
  "components/ui/input.tsx",
  "components/layout/use-page-title.ts",
  "components/tvl-source.tsx",
  "components/use-launch-target.ts",
  "lib/tvl-provenance.ts",
];

/** A module id test for these files under src/ (either path separator). */
function sourceFiles(files: readonly string[]): RegExp {
  const escaped = files.map((file) => file.replace(/\./g, "\\.").replace(/\//g, "[\\\\/]"));
  return new RegExp(`src[\\\\/](${escaped.join("|")})$`);
}

function pickViteEnv(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (e): e is [string, string] => e[0].startsWith("VITE_") && e[1] !== undefined && e[1] !== "",
    ),
  );
}
