// Lighthouse, mobile preset (its default config: Moto G Power emulation, simulated slow 4G and
// 4x CPU slowdown), N runs in a fresh Chromium each, medians per metric.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { atLeast, atMost, BASELINE, BUDGETS, type Row } from "./budgets";
import { CHROMIUM_FLAGS } from "./chromium";
import { median, ms, withTimeout } from "./util";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
} as const;

type LighthouseRun = Record<(typeof CATEGORIES)[number] | keyof typeof METRICS, number>;

export type LighthouseSummary = {
  runs: LighthouseRun[];
  median: LighthouseRun;
  /** Audits that cost points, each with the number of runs it appeared in. */
  findings: string[];
  lighthouseVersion: string;
};

function toRun(lhr: Result): LighthouseRun {
  const run = {} as LighthouseRun;
  for (const id of CATEGORIES) run[id] = Math.round((lhr.categories[id]?.score ?? 0) * 100);
  for (const [key, id] of Object.entries(METRICS))
    run[key as keyof typeof METRICS] = lhr.audits[id]?.numericValue ?? Number.NaN;
  return run;
}

function findings(lhr: Result): string[] {
  const lines: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    for (const ref of category?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || ["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode))
        continue;
      // Performance: the weighted audits are the metrics, already in the table, so list the
      // diagnostics that flag. Other categories: every weighted audit below 1.
      const flagged = id === "performance" ? ref.weight === 0 && audit.score < 0.9 : ref.weight > 0 && audit.score < 1;
      if (!flagged) continue;
      // For console errors, what was logged: the title alone does not say which error.
      const items = (audit.details as { items?: { description?: string }[] } | undefined)?.items;
      const logged =
        audit.id === "errors-in-console" && items?.[0]?.description
          ? `: ${items[0].description.split("\n")[0]!.slice(0, 160)}`
          : "";
      lines.push(`${category!.title}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${logged}`);
    }
  }
  return lines;
}

async function oneRun(url: string, chromePath: string, i: number, outDir: string, name = ""): Promise<Result> {
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS], logLevel: "silent" });
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const result = await withTimeout(run, 120_000, `Lighthouse run ${i} took longer than 120 s`);
    if (!result) throw new Error(`Lighthouse run ${i} returned no result`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse run ${i}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    writeFileSync(path.join(outDir, `lighthouse-${name ? `${name}-` : ""}${i}.html`), String(result.report));
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** `name` prefixes the saved reports (`lighthouse-<name>-1.html`); the home page's have none. */
export async function runLighthouse(options: {
  url: string;
  chromePath: string;
  runs: number;
  outDir: string;
  log: (line: string) => void;
  name?: string;
}): Promise<LighthouseSummary> {
  const reports: Result[] = [];
  for (let i = 1; i <= options.runs; i++) {
    // A trace can come back broken on a loaded machine (NO_NAVSTART, NO_FCP): one retry per run.
    const lhr = await oneRun(options.url, options.chromePath, i, options.outDir, options.name).catch(
      (error: unknown) => {
        options.log(`  run ${i} failed (${error instanceof Error ? error.message : String(error)}); retrying once`);
        return oneRun(options.url, options.chromePath, i, options.outDir, options.name);
      },
    );
    reports.push(lhr);
    const r = toRun(lhr);
    options.log(
      `  run ${i}: perf ${r.performance}, a11y ${r.accessibility}, bp ${r["best-practices"]}, seo ${r.seo}; FCP ${ms(r.fcpMs)}, LCP ${ms(r.lcpMs)}, TBT ${ms(r.tbtMs)}, CLS ${r.cls.toFixed(3)}`,
    );
  }
  const runs = reports.map(toRun);
  const medianRun = Object.fromEntries(
    Object.keys(runs[0]!).map((key) => [key, median(runs.map((r) => r[key as keyof LighthouseRun]))]),
  );
  // Across all runs: a flaky failure (say, a hydration error in one run of three) still shows.
  const seen = new Map<string, number>();
  for (const lhr of reports) for (const f of new Set(findings(lhr))) seen.set(f, (seen.get(f) ?? 0) + 1);
  return {
    runs,
    median: medianRun as LighthouseRun,
    findings: [...seen].map(([f, n]) => `${f} [${n} of ${reports.length} runs]`),
    lighthouseVersion: reports[0]!.lighthouseVersion,
  };
}

/**
 * The rows of one page's runs. `page` names any page but home in the section (home keeps the
 * section it always had); a protocol page is held to the same budgets (issue #12: Performance
 * >= 95, LCP <= 1.5 s; the others as on home).
 */
export function lighthouseRows(summary: LighthouseSummary, page?: string): Row[] {
  const section = `Lighthouse${page ? ` ${page}` : ""} (median of ${summary.runs.length})`;
  const m = summary.median;
  const score = (metric: string, value: number, budget: number, baseline?: number): Row => ({
    section,
    metric,
    value: String(value),
    baseline: baseline === undefined ? undefined : String(baseline),
    target: `>= ${budget}`,
    verdict: atLeast(value, budget),
    kind: "budget",
  });
  const timing = (metric: string, value: number, budget: number, baseline: number): Row => ({
    section,
    metric,
    value: ms(value),
    baseline: ms(baseline),
    target: `<= ${ms(budget)}`,
    verdict: atMost(value, budget),
    kind: "budget",
  });
  return [
    score("Performance", m.performance, BUDGETS.lighthousePerformance, BASELINE.lighthousePerformance),
    score("Accessibility", m.accessibility, BUDGETS.lighthouseAccessibility, BASELINE.lighthouseAccessibility),
    score("Best Practices", m["best-practices"], BUDGETS.lighthouseBestPractices),
    score("SEO", m.seo, BUDGETS.lighthouseSeo, BASELINE.lighthouseSeo),
    { section, metric: "FCP", value: ms(m.fcpMs), baseline: ms(BASELINE.fcpMs), verdict: "-", kind: "info" },
    timing("LCP", m.lcpMs, BUDGETS.lcpMs, BASELINE.lcpMs),
    timing("TBT", m.tbtMs, BUDGETS.tbtMs, BASELINE.tbtMs),
    {
      section,
      metric: "CLS",
      value: m.cls.toFixed(3),
      target: `<= ${BUDGETS.cls}`,
      verdict: atMost(m.cls, BUDGETS.cls),
      kind: "budget",
    },
    { section, metric: "Speed Index", value: ms(m.speedIndexMs), verdict: "-", kind: "info" },
  ];
}
