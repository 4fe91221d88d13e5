// Issue #5's budgets and goals, and the baseline it was measured against, named once.

/** 1 KB = 1000 bytes, as Vite prints sizes. */
export const BUDGETS = {
  initialJsGzip: 160_000,
  initialCssGzip: 15_000,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  lighthouseBestPractices: 100,
  lighthouseSeo: 100,
  lcpMs: 1500,
  tbtMs: 150,
  cls: 0.02,
  /** Long tasks (> 50 ms) allowed while scrolling the expanded 10,000-row list. */
  scrollLongTasks: 0,
} as const;

export const GOALS = {
  keystrokeMedianMs: 50,
} as const;

/**
 * "A straightforward client-rendered implementation of the spec (...; one chunk)", measured on
 * these machines (issue #5): Lighthouse mobile, median of 3.
 */
export const BASELINE = {
  initialJsGzip: 184_000,
  lighthousePerformance: 66,
  fcpMs: 4200,
  lcpMs: 4300,
  tbtMs: 370,
  lighthouseAccessibility: 98,
  lighthouseSeo: 82,
} as const;

export type Verdict = "pass" | "FAIL" | "miss" | "-";

export type Row = {
  /** Section heading the row belongs to (bytes, Lighthouse, scale, pure functions). */
  section: string;
  metric: string;
  value: string;
  baseline?: string;
  target?: string;
  /** pass/FAIL for budgets, pass/miss for goals, "-" when only reported. */
  verdict: Verdict;
  /** A budget failure makes `npm run bench` exit 1; a missed goal does not. */
  kind: "budget" | "goal" | "info";
};

export function atMost(value: number, limit: number): Verdict {
  return value <= limit ? "pass" : "FAIL";
}

export function atLeast(value: number, limit: number): Verdict {
  return value >= limit ? "pass" : "FAIL";
}

export function goalAtMost(value: number, limit: number): Verdict {
  return value <= limit ? "pass" : "miss";
}
