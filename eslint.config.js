import path from "node:path";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import globals from "globals";
import tseslint from "typescript-eslint";
import importCycles from "./eslint-rules/no-import-cycle.js";

// The boundaries docs/architecture.md states, as lint rules (docs/decisions/002-lint-boundaries.md).
// ESLint's own no-restricted-imports matches import specifiers, so each rule names the alias and
// the relative spellings; a later config object replaces the option list, hence one list per zone.

const SERVICE_KEY = {
  group: ["**/service-key", "**/service-key.ts"],
  message: "The service-role key never goes near browser code or the Vite config (docs/security.md).",
};
/** No browser code may reach the dev-only local API or the service-role key. */
const BROWSER_FORBIDDEN = [
  {
    group: ["**/local-api/**", "**/local-api"],
    message: "local-api/ is dev and test tooling: browser code must not import it (docs/architecture.md).",
  },
  SERVICE_KEY,
];

const FEATURES = ["compare", "protocols", "waitlist"];
/**
 * The other features each feature may import (docs/decisions/010-compare-builds-on-protocols.md):
 * the comparison builds on the protocols feature's pieces (badges, tags, links, best values,
 * types), never the other way; protocols and waitlist import no other feature.
 */
const MAY_IMPORT = { compare: ["protocols"], protocols: [], waitlist: [] };

/** Pages compose features; a feature imports only the features MAY_IMPORT names. */
function crossFeatureZone(feature) {
  const patterns = FEATURES.filter((other) => other !== feature && !MAY_IMPORT[feature].includes(other)).map(
    (other) => ({
      group: [`@/features/${other}/*`, `../${other}/*`, `../../features/${other}/*`],
      message: `features/${feature} may not import features/${other}: compose them in a page, or move the shared piece to components/ or lib/ (docs/decisions/010-compare-builds-on-protocols.md).`,
    }),
  );
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    // Tests may build their input with another feature's parser.
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [...BROWSER_FORBIDDEN, ...patterns, ABOVE_FEATURES] }] },
  };
}

/** Features sit below the pages and the app's composition (src/app/): they never import them. */
const ABOVE_FEATURES = {
  group: ["@/pages/*", "@/app/*", "../../pages/*", "../../app/*", "../../../pages/*", "../../../app/*"],
  message:
    "features/ may not import pages/ or app/: a page composes features, not the other way round (docs/architecture.md).",
};

/**
 * Raw Tailwind palette colours (`text-slate-600`, `hover:bg-teal-800`, `ring-white/20`): outside
 * components/ui, components use the semantic tokens of tailwind.config.ts
 * (docs/decisions/004-tailwind-config.md). Matched in every string and template-literal piece, so
 * className, cn() and cva() arguments and class constants are all covered. `navy` was a second
 * palette of our own (navy-900 is `primary`); Tailwind would draw its classes in no colour now.
 */
const PALETTE =
  "slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|navy";
const COLOUR_UTILITY =
  "bg|text|border(?:-[xytrblse])?|divide|outline|ring(?:-offset)?|inset-ring|shadow|inset-shadow|drop-shadow|text-shadow|decoration|fill|stroke|from|via|to|accent|caret|placeholder";
const RAW_PALETTE_CLASS = `(?:^|[^\\w-])(?:${COLOUR_UTILITY})-(?:(?:${PALETTE})-\\d{2,3}|white|black)(?![\\w-])`;
const RAW_PALETTE_MESSAGE =
  "Raw Tailwind palette colour: use a semantic token from tailwind.config.ts, or add one whose value is the colour (docs/decisions/004-tailwind-config.md).";
const rawPaletteSelectors = [
  { selector: `Literal[value=/${RAW_PALETTE_CLASS}/]`, message: RAW_PALETTE_MESSAGE },
  { selector: `TemplateElement[value.raw=/${RAW_PALETTE_CLASS}/]`, message: RAW_PALETTE_MESSAGE },
];

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;

/** File names are kebab-case (protocol-card.tsx, use-selection.ts). */
const fileNames = {
  rules: {
    "kebab-case": {
      meta: { type: "suggestion", schema: [], messages: { name: "File name '{{name}}' is not kebab-case." } },
      create(context) {
        const name = path.basename(context.filename);
        return {
          Program(node) {
            if (!KEBAB_CASE.test(name)) context.report({ node, messageId: "name", data: { name } });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-*",
      "node_modules",
      "coverage",
      "test-results",
      "playwright-report",
      "e2e/screenshots",
      "bench/.out",
      ".local-data",
      "supabase/functions/**/index.ts",
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ["**/*.{ts,tsx}"],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "react-refresh": reactRefresh, files: fileNames, imports: importCycles },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // shadcn's variant helpers sit beside their component; loadSelect is the select's warm-up, used by tests.
      // onDemandComponent (lib/on-demand-component.tsx) makes a component, as React.lazy does.
      "react-refresh/only-export-components": [
        "warn",
        {
          allowConstantExport: true,
          allowExportNames: ["badgeVariants", "buttonVariants", "loadSelect"],
          extraHOCs: ["onDemandComponent"],
        },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "files/kebab-case": "error",
      "imports/no-cycle": "error",
    },
  },
  // No source or test file over 300 lines: a longer one is split by what its parts do (a file a
  // newcomer reads without scrolling). Blank lines and comments count: they are read too.
  { files: ["**/*.{ts,tsx,js,mjs}"], rules: { "max-lines": ["error", { max: 300 }] } },
  // Deno's convention for test files (handler_test.ts) wins inside the Edge Functions.
  { files: ["supabase/functions/**"], rules: { "files/kebab-case": "off" } },
  // Fast refresh does not apply to test helpers.
  { files: ["tests/**", "**/*.test.{ts,tsx}"], rules: { "react-refresh/only-export-components": "off" } },
  { files: ["src/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: BROWSER_FORBIDDEN }] } },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/components/ui/**"],
    rules: { "no-restricted-syntax": ["error", ...rawPaletteSelectors] },
  },
  // Shared code sits below the features and pages: lib/ and components/ never import them (tests may
  // compose a feature to check a shared piece in place).
  {
    files: ["src/lib/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...BROWSER_FORBIDDEN,
            {
              group: ["@/features/*", "@/pages/*", "@/app/*", "**/features/*", "**/pages/*", "**/src/app/*"],
              message:
                "lib/ and components/ are shared code below the features, pages and app/: they may not import them (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  // The build reads the local API's public defaults (URL, anon key), never its service key.
  {
    files: ["vite.config.ts", "build/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [SERVICE_KEY] }] },
  },
  ...FEATURES.map(crossFeatureZone),
);
