// Lighthouse's CLI with its default config, the mobile preset (Moto G Power emulation, simulated
// slow 4G, 4x CPU slowdown): N runs, each in a fresh headless Chromium, medians per metric. Each
// run's HTML and JSON reports stay in bench/.out/.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import type { Result } from "lighthouse";
import { chromiumPath, CHROMIUM_FLAGS } from "./chromium";
import path from "node:path";
import { sizes } from "./bytes";
import { BASELINE, BUDGETS, code, kb, median, ms, row } from "./report";

const CLI = new URL("../node_modules/lighthouse/cli/index.js", import.meta.url).pathname;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
} as const;
type Run = Record<(typeof CATEGORIES)[number] | keyof typeof METRICS, number>;

/** One run: its scores and metrics, and the audits that cost points (metrics aside: they are in the table). */
async function oneRun(url: string, outPath: string) {
  const args = [url, "--output=json", "--output=html", `--output-path=${outPath}`];
  args.push(`--only-categories=${CATEGORIES.join(",")}`, `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(" ")}`);
  const env = { ...process.env, CHROME_PATH: chromiumPath() };
  await promisify(execFile)(process.execPath, [CLI, ...args], { env, timeout: 120_000 }).catch(
    (error: { stderr?: string }) => {
      throw new Error(`Lighthouse failed: ${(error.stderr ?? String(error)).trim().split("\n").slice(-3).join(" ")}`);
    },
  );
  const lhr = JSON.parse(readFileSync(`${outPath}.report.json`, "utf8")) as Result;
  // The scripts the page loaded from its own origin (its data came from the local API meanwhile).
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] })
    ?.items;
  const scripts = (requests ?? [])
    .filter((r) => r.resourceType === "Script" && new URL(r.url).origin === new URL(url).origin)
    .map((r) => new URL(r.url).pathname.slice(1));
  const run = {} as Run;
  for (const id of CATEGORIES) run[id] = Math.round((lhr.categories[id]?.score ?? 0) * 100);
  for (const [key, id] of Object.entries(METRICS))
    run[key as keyof typeof METRICS] = lhr.audits[id]?.numericValue ?? NaN;
  const findings = Object.values(lhr.audits)
    .filter(
      (a) => a.score !== null && a.score < 0.9 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
    )
    .filter((a) => !(Object.values(METRICS) as string[]).includes(a.id))
    .map((a) => {
      // For console errors, what was logged: the title alone does not say which error.
      const logged = (a.details as { items?: { description?: string }[] } | undefined)?.items?.[0]?.description;
      const detail = a.id === "errors-in-console" && logged ? `: ${logged.split("\n")[0]!.slice(0, 160)}` : "";
      return `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}${detail}`;
    });
  return { run, findings, scripts, version: lhr.lighthouseVersion };
}

export type PageBudgets = {
  lcpMs?: number;
  tbtMs?: number;
  /** With `distDir`: the gzip total of the JS the page loads (every run's scripts, with its data). */
  jsGzip?: number;
  distDir?: string;
};

/**
 * `page`: the path measured; the reports are `${outPath}-<run>.report.{html,json}`. `budgets`: the
 * page's own (a protocol page's, /changes' LCP) where it has them, else the site's.
 */
export async function runLighthouse(
  origin: string,
  page: string,
  runs: number,
  outPath: string,
  budgets: PageBudgets = {},
) {
  const lcpBudgetMs = budgets.lcpMs ?? BUDGETS.lcpMs;
  const tbtBudgetMs = budgets.tbtMs ?? BUDGETS.tbtMs;
  const results: Awaited<ReturnType<typeof oneRun>>[] = [];
  for (let i = 1; i <= runs; i++) {
    const url = new URL(page, origin).href;
    // A trace can come back broken on a loaded machine (NO_NAVSTART, NO_FCP): one retry per run.
    const result = await oneRun(url, `${outPath}-${i}`).catch((error: Error) => {
      console.log(`  ${page} run ${i} failed (${error.message}); retrying once`);
      return oneRun(url, `${outPath}-${i}`);
    });
    results.push(result);
  }
  const m = Object.fromEntries(
    Object.keys(results[0]!.run).map((k) => [k, median(results.map((r) => r.run[k as keyof Run]))]),
  ) as Run;
  const section = `Lighthouse${page === "/" ? "" : ` ${page}`} (median of ${runs})`;
  const score = (metric: string, id: (typeof CATEGORIES)[number]) =>
    row(section, metric, String(m[id]), {
      baseline: BASELINE.scores[id]?.toString(),
      target: `>= ${BUDGETS.scores[id]}`,
      pass: m[id] >= BUDGETS.scores[id],
    });
  const time = (metric: string, value: number, budget: number, baseline: number) =>
    row(section, metric, ms(value), { baseline: ms(baseline), target: `<= ${ms(budget)}`, pass: value <= budget });
  // Across all runs: a flaky failure (say, a hydration error in one run of three) still shows.
  const seen = new Map<string, number>();
  for (const r of results) for (const f of new Set(r.findings)) seen.set(f, (seen.get(f) ?? 0) + 1);
  const pageJs =
    budgets.jsGzip !== undefined && budgets.distDir !== undefined
      ? pageJsFiles(
          budgets.distDir,
          results.map((r) => r.scripts),
        )
      : undefined;
  const lines = results.map(
    ({ run: r }, i) =>
      `run ${i + 1}: perf ${r.performance}, a11y ${r.accessibility}, best practices ${r["best-practices"]}, seo ${r.seo}; ` +
      `FCP ${ms(r.fcp)}, LCP ${ms(r.lcp)}, TBT ${ms(r.tbt)}, CLS ${r.cls.toFixed(3)}, SI ${ms(r.si)}`,
  );
  return {
    rows: [
      score("Performance", "performance"),
      score("Accessibility", "accessibility"),
      score("Best Practices", "best-practices"),
      score("SEO", "seo"),
      row(section, "FCP", ms(m.fcp), { baseline: ms(BASELINE.fcpMs) }),
      time("LCP", m.lcp, lcpBudgetMs, BASELINE.lcpMs),
      time("TBT", m.tbt, tbtBudgetMs, BASELINE.tbtMs),
      row(section, "CLS", m.cls.toFixed(3), { target: `<= ${BUDGETS.cls}`, pass: m.cls <= BUDGETS.cls }),
      row(section, "Speed Index", ms(m.si)),
      ...(pageJs && budgets.jsGzip !== undefined ? [pageJsRow(section, pageJs, budgets.jsGzip)] : []),
    ],
    details: [
      `### Lighthouse ${results[0]!.version} runs, \`${page}\``,
      "",
      ...code(lines),
      ...(seen.size > 0
        ? ["Audits costing points:", "", ...[...seen].map(([f, n]) => `- ${f} [${n} of ${runs} runs]`), ""]
        : []),
      ...(pageJs
        ? [
            `The JS \`${page}\` loaded with its data (gzip level 9):`,
            "",
            ...code(pageJs.map(({ file, gzip }) => `${kb(gzip).padStart(9)} gzip  ${file}`)),
          ]
        : []),
    ],
  };
}

/**
 * The JS a page loaded in its Lighthouse runs (the union: a chunk one run fetched counts), sized from
 * the build as a static host serves it, gzip level 9 as the byte budgets are; largest first.
 */
function pageJsFiles(distDir: string, runs: readonly string[][]) {
  const files = [...new Set(runs.flat())];
  return files
    .map((file) => ({ file, gzip: sizes(readFileSync(path.join(distDir, file))).gzip }))
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
}

function pageJsRow(section: string, files: { gzip: number }[], budget: number) {
  if (files.length === 0) throw new Error(`${section}: Lighthouse recorded no script from the page's origin`);
  const gzip = files.reduce((total, file) => total + file.gzip, 0);
  return row(section, `JS loaded with its data (${files.length} files)`, `${kb(gzip)} gzip`, {
    target: `<= ${kb(budget)} gzip`,
    pass: gzip <= budget,
  });
}
