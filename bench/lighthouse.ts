// Lighthouse, mobile preset (its default config: Moto G Power emulation, simulated slow 4G and
// 4x CPU slowdown), N runs in a fresh Chromium each, medians per metric.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { atLeast, atMost, BASELINE, BUDGETS, type Row } from "./budgets";
import { CHROMIUM_FLAGS } from "./chromium";
import { withTimeout } from "./processes";
import { median, ms } from "./stats";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type LighthouseRun = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
};

export type LighthouseSummary = {
  runs: LighthouseRun[];
  median: LighthouseRun;
  /** Audits that cost points, each with the number of runs it appeared in. */
  findings: string[];
  lighthouseVersion: string;
};

function toRun(lhr: Result): LighthouseRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    speedIndexMs: numeric("speed-index"),
  };
}

/** For console errors, what was logged: the title alone does not say which error. */
function firstDetail(audit: Result["audits"][string]): string {
  if (audit.id !== "errors-in-console") return "";
  const details = audit.details as { items?: { description?: string }[] } | undefined;
  const description = details?.items?.[0]?.description?.split("\n")[0];
  return description ? `: ${description.slice(0, 160)}` : "";
}

function findings(lhr: Result): string[] {
  const lines: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode)) continue;
      // Performance: the weighted audits are the metrics, already in the table, so list the
      // diagnostics and insights that flag. Other categories: every weighted audit below 1.
      const flagged = id === "performance" ? ref.weight === 0 && audit.score < 0.9 : ref.weight > 0 && audit.score < 1;
      if (!flagged) continue;
      lines.push(`${category.title}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${firstDetail(audit)}`);
    }
  }
  return lines;
}

async function oneRun(url: string, chromePath: string, i: number): Promise<{ run: LighthouseRun; lhr: Result; html: string }> {
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS], logLevel: "silent" });
  try {
    const result = await withTimeout(
      `Lighthouse run ${i}`,
      120_000,
      lighthouse(url, { port: chrome.port, output: "html", logLevel: "error", onlyCategories: [...CATEGORIES] }),
    );
    if (!result) throw new Error(`Lighthouse run ${i} returned no result`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse run ${i}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return { run: toRun(lhr), lhr, html: String(result.report) };
  } finally {
    chrome.kill();
  }
}

export async function runLighthouse(options: {
  url: string;
  chromePath: string;
  runs: number;
  outDir: string;
  log: (line: string) => void;
}): Promise<LighthouseSummary> {
  const results: { run: LighthouseRun; lhr: Result }[] = [];
  for (let i = 1; i <= options.runs; i++) {
    // A trace can come back broken on a loaded machine (NO_NAVSTART, NO_FCP): one retry per run.
    for (let attempt = 1; ; attempt++) {
      try {
        const { run, lhr, html } = await oneRun(options.url, options.chromePath, i);
        results.push({ run, lhr });
        writeFileSync(path.join(options.outDir, `lighthouse-${i}.json`), JSON.stringify(lhr));
        writeFileSync(path.join(options.outDir, `lighthouse-${i}.html`), html);
        options.log(
          `  run ${i}: perf ${run.scores.performance}, a11y ${run.scores.accessibility}, bp ${run.scores["best-practices"]}, seo ${run.scores.seo}; ` +
            `FCP ${ms(run.fcpMs)}, LCP ${ms(run.lcpMs)}, TBT ${ms(run.tbtMs)}, CLS ${run.cls.toFixed(3)}`,
        );
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
        options.log(`  run ${i} failed (${error instanceof Error ? error.message : String(error)}); retrying once`);
      }
    }
  }
  const pick = (f: (r: LighthouseRun) => number) => median(results.map((r) => f(r.run)));
  const medianRun: LighthouseRun = {
    scores: {
      performance: pick((r) => r.scores.performance),
      accessibility: pick((r) => r.scores.accessibility),
      "best-practices": pick((r) => r.scores["best-practices"]),
      seo: pick((r) => r.scores.seo),
    },
    fcpMs: pick((r) => r.fcpMs),
    lcpMs: pick((r) => r.lcpMs),
    tbtMs: pick((r) => r.tbtMs),
    cls: pick((r) => r.cls),
    speedIndexMs: pick((r) => r.speedIndexMs),
  };
  // Across all runs: a flaky failure (say, a hydration error in one run of three) still shows.
  const seen = new Map<string, number>();
  for (const r of results) for (const f of new Set(findings(r.lhr))) seen.set(f, (seen.get(f) ?? 0) + 1);
  return {
    runs: results.map((r) => r.run),
    median: medianRun,
    findings: [...seen].map(([f, n]) => `${f} [${n} of ${results.length} runs]`),
    lighthouseVersion: results[0]!.lhr.lighthouseVersion,
  };
}

export function lighthouseRows(summary: LighthouseSummary): Row[] {
  const section = `Lighthouse (median of ${summary.runs.length})`;
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
  return [
    score("Performance", m.scores.performance, BUDGETS.lighthousePerformance, BASELINE.lighthousePerformance),
    score("Accessibility", m.scores.accessibility, BUDGETS.lighthouseAccessibility, BASELINE.lighthouseAccessibility),
    score("Best Practices", m.scores["best-practices"], BUDGETS.lighthouseBestPractices),
    score("SEO", m.scores.seo, BUDGETS.lighthouseSeo, BASELINE.lighthouseSeo),
    { section, metric: "FCP", value: ms(m.fcpMs), baseline: ms(BASELINE.fcpMs), verdict: "-", kind: "info" },
    {
      section,
      metric: "LCP",
      value: ms(m.lcpMs),
      baseline: ms(BASELINE.lcpMs),
      target: `<= ${ms(BUDGETS.lcpMs)}`,
      verdict: atMost(m.lcpMs, BUDGETS.lcpMs),
      kind: "budget",
    },
    {
      section,
      metric: "TBT",
      value: ms(m.tbtMs),
      baseline: ms(BASELINE.tbtMs),
      target: `<= ${ms(BUDGETS.tbtMs)}`,
      verdict: atMost(m.tbtMs, BUDGETS.tbtMs),
      kind: "budget",
    },
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
