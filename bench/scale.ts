// The 10,000-protocol run in a real Chromium: navigation to the full count, keystroke-to-count
// latency in the search box, 'Show All' to paint, and long tasks while scrolling the expanded list.
// The in-page code is plain JavaScript text: functions compiled by tsx would carry its helpers
// (e.g. __name) into the page, where they do not exist.
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "@playwright/test";
import { atMost, BUDGETS, goalAtMost, GOALS, type Row } from "./budgets";
import { kb } from "./bytes";
import { CHROMIUM_FLAGS } from "./chromium";
import { planKeystrokes, type Keystroke } from "./keystrokes";
import { median, ms, percentile, withTimeout } from "./util";

export type ScaleResult = {
  total: number;
  navigations: { domMs: number; paintMs: number; apiResponseEndMs: number }[];
  payload: { rawBytes: number; gzipBytes: number };
  keystrokes: (Keystroke & { actual: number; domMs: number; paintMs: number })[];
  typingLongTasks: number[];
  showAll: { domMs: number; paintMs: number; domElements: number; longTasks: number[] };
  scroll: { frames: number; durationMs: number; scrolledPx: number; maxFrameGapMs: number; longTasks: number[] };
  mismatches: string[];
};

// Shared by every page of the run: a long-task log tagged with the current phase, and a
// parser for 'Showing X of Y protocols' (tolerating thousands separators).
const HARNESS = `
(() => {
  if (window.__bench) return;
  const bench = { phase: "load", longTasks: [], nav: {} };
  bench.navDone = new Promise((resolve) => { bench.resolveNav = resolve; });
  window.__bench = bench;
  bench.parseCount = (text) => {
    const m = /Showing\\s+([\\d,.\\u00a0\\u202f]+)\\s+of\\s+([\\d,.\\u00a0\\u202f]+)\\s+protocols/.exec(text || "");
    if (!m) return null;
    const num = (s) => Number(s.replace(/[^\\d]/g, ""));
    return { shown: num(m[1]), total: num(m[2]) };
  };
  bench.afterPaint = (cb) => requestAnimationFrame(() => setTimeout(() => cb(performance.now()), 0));
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push({ phase: bench.phase, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  // Navigation: the first time the full count is in the DOM, then the frame after it.
  const navObserver = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const parsed = el && bench.parseCount(el.textContent);
      if (parsed && parsed.total === __TOTAL__ && parsed.shown === __TOTAL__) {
        navObserver.disconnect();
        bench.nav.domMs = performance.now();
        bench.afterPaint((t) => { bench.nav.paintMs = t; bench.resolveNav(); });
        return;
      }
    }
  });
  navObserver.observe(document, { childList: true, subtree: true, characterData: true });
})();
`;

// Finds the count element once and resolves each armed keystroke when its count changes.
const KEY_HARNESS = `
(() => {
  const bench = window.__bench;
  const findCount = () => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      if (!walker.currentNode.data.includes("Showing")) continue;
      let el = walker.currentNode.parentElement;
      while (el && !bench.parseCount(el.textContent)) el = el.parentElement;
      if (el) return el;
    }
    return null;
  };
  let countEl = findCount();
  if (!countEl) throw new Error("No 'Showing X of Y protocols' element on the page");
  const state = { armed: false, t0: 0, previous: bench.parseCount(countEl.textContent).shown, resolve: null };
  bench.keys = state;
  window.addEventListener("keydown", (e) => { if (state.armed && !state.t0) state.t0 = e.timeStamp; }, true);
  const observer = new MutationObserver(() => {
    if (!state.armed || !state.t0) return;
    if (!countEl.isConnected) countEl = findCount();
    const parsed = countEl && bench.parseCount(countEl.textContent);
    if (!parsed || parsed.shown === state.previous) return;
    const domMs = performance.now() - state.t0;
    state.armed = false;
    state.previous = parsed.shown;
    bench.afterPaint((t) => state.resolve({ actual: parsed.shown, domMs, paintMs: t - state.t0 }));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  bench.arm = () => { state.armed = true; state.t0 = 0; bench.phase = "typing"; };
  bench.waitKey = () => new Promise((resolve) => { state.resolve = resolve; });
})();
`;

// Times a click on 'Show All' from the click until the button reads 'Show Less', then the
// next frame; counts the DOM afterwards (virtualized or not shows here).
const EXPAND_HARNESS = `
(() => {
  const bench = window.__bench;
  const button = Array.from(document.querySelectorAll("button")).find((b) => /Show All/i.test(b.textContent));
  if (!button) throw new Error("No 'Show All' button");
  const state = { t0: 0 };
  // Clicked from inside the page: a CDP mouse click would block until the renderer handled it,
  // which for an unvirtualized 10,000-card list can outlast any sensible timeout.
  bench.clickShowAll = () => setTimeout(() => { state.t0 = performance.now(); button.click(); }, 0);
  const expanded = () =>
    button.isConnected
      ? /Show Less/i.test(button.textContent)
      : Array.from(document.querySelectorAll("button")).some((b) => /Show Less/i.test(b.textContent));
  bench.expandDone = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!state.t0 || !expanded()) return;
      observer.disconnect();
      const domMs = performance.now() - state.t0;
      bench.afterPaint((t) => resolve({ domMs, paintMs: t - state.t0, domElements: document.getElementsByTagName("*").length }));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  bench.phase = "expand";
})();
`;

// Scrolls down the expanded list frame by frame (a fast, steady fling), recording frame gaps.
const SCROLL_SCRIPT = `
new Promise((resolve) => {
  const pxPerFrame = 160;
  const maxMs = 4000;
  const startY = window.scrollY;
  const start = performance.now();
  let last = start;
  let frames = 0;
  let maxGap = 0;
  const step = (now) => {
    frames++;
    maxGap = Math.max(maxGap, now - last);
    last = now;
    const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
    if (now - start >= maxMs || atBottom) {
      resolve({ frames, durationMs: now - start, scrolledPx: window.scrollY - startY, maxFrameGapMs: maxGap });
      return;
    }
    window.scrollBy(0, pxPerFrame);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})
`;

const idle = (page: Page, msDelay: number) => page.waitForTimeout(msDelay);

async function navigate(page: Page, url: string, total: number): Promise<ScaleResult["navigations"][number]> {
  // In-page timings count from navigation start, so waiting for DOMContentLoaded here costs nothing.
  // A promise, not waitForFunction: its string predicates need eval, which the app's CSP forbids.
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await withTimeout(
    page.evaluate("window.__bench.navDone"),
    90_000,
    `'Showing ${total} of ${total} protocols' did not appear within 90 s`,
  ).catch(async (error: unknown) => {
    const body = (
      await page
        .locator("body")
        .innerText()
        .catch(() => "")
    ).slice(0, 300);
    throw new Error(`${error instanceof Error ? error.message : String(error)}. Page text: ${JSON.stringify(body)}`);
  });
  return (await page.evaluate(`(() => {
    const api = performance.getEntriesByType("resource").find((e) => e.name.includes("/rest/v1/protocols"));
    return {
      domMs: window.__bench.nav.domMs,
      paintMs: window.__bench.nav.paintMs,
      apiResponseEndMs: api ? api.responseEnd : NaN,
    };
  })()`)) as ScaleResult["navigations"][number];
}

async function longTasks(page: Page, phase: string): Promise<number[]> {
  return (await page.evaluate(
    `window.__bench.longTasks.filter((t) => t.phase === ${JSON.stringify(phase)}).map((t) => t.duration)`,
  )) as number[];
}

export type Payload = { names: string[]; rawBytes: number; gzipBytes: number };

/** The request the app makes (select=*, order by name), read once to plan keys and size it. */
export async function fetchProtocols(apiUrl: string, anonKey: string): Promise<Payload> {
  const response = await fetch(`${apiUrl}/rest/v1/protocols?select=*&order=name.asc`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    signal: AbortSignal.timeout(30_000),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok)
    throw new Error(`GET /rest/v1/protocols answered ${response.status}: ${body.toString().slice(0, 300)}`);
  const rows = JSON.parse(body.toString()) as { name: string }[];
  return { names: rows.map((r) => r.name), rawBytes: body.length, gzipBytes: gzipSync(body).length };
}

export async function runScale(options: {
  appUrl: string;
  payload: Payload;
  chromePath: string;
  keystrokes: number;
  log: (line: string) => void;
}): Promise<ScaleResult> {
  const total = options.payload.names.length;
  const plan = planKeystrokes(options.payload.names, options.keystrokes);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: options.chromePath, args: CHROMIUM_FLAGS, headless: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    await context.addInitScript({ content: HARNESS.replaceAll("__TOTAL__", String(total)) });
    const page = await context.newPage();
    const mismatches: string[] = [];

    // 1. Navigation, three cold-ish loads (same browser: HTTP cache warm, as for a returning visitor).
    const navigations: ScaleResult["navigations"] = [];
    navigations.push(await navigate(page, options.appUrl, total));
    options.log(`  navigation 1: count in DOM ${ms(navigations[0]!.domMs)}, painted ${ms(navigations[0]!.paintMs)}`);

    // 2. Keystrokes in the search box.
    navigations.push(await navigate(page, options.appUrl, total));
    await idle(page, 500);
    const search = page.getByPlaceholder("Search protocols...");
    await search.click();
    await page.evaluate(KEY_HARNESS);
    const keystrokes: ScaleResult["keystrokes"] = [];
    for (const key of plan) {
      await page.evaluate("window.__bench.arm()");
      const done = page.evaluate("window.__bench.waitKey()") as Promise<{
        actual: number;
        domMs: number;
        paintMs: number;
      }>;
      await page.keyboard.press(key.key);
      const measured = await withTimeout(
        done,
        15_000,
        `The count did not change within 15 s after typing ${JSON.stringify(key.key)} (query "${key.query}")`,
      );
      if (measured.actual !== key.expected) {
        mismatches.push(
          `query "${key.query}": the page shows ${measured.actual}, the spec's rule gives ${key.expected}`,
        );
      }
      keystrokes.push({ ...key, ...measured });
      // Let deferred rendering settle: each sample starts from a quiet main thread.
      await page.evaluate("window.__bench.phase = 'settle'");
      await idle(page, 150);
    }
    const typingLongTasks = await longTasks(page, "typing");
    options.log(
      `  keystrokes: median ${ms(median(keystrokes.map((k) => k.paintMs)))}, p95 ${ms(
        percentile(
          keystrokes.map((k) => k.paintMs),
          95,
        ),
      )} (to paint)`,
    );

    // 3. Show All, then scroll the expanded list.
    navigations.push(await navigate(page, options.appUrl, total));
    const button = page.getByRole("button", { name: /Show All/i });
    await button.scrollIntoViewIfNeeded({ timeout: 15_000 });
    await idle(page, 500);
    await page.evaluate(EXPAND_HARNESS);
    await page.evaluate("window.__bench.clickShowAll()");
    const showAll = (await withTimeout(
      page.evaluate("window.__bench.expandDone"),
      120_000,
      "The list did not expand ('Show Less' did not appear) within 120 s of clicking 'Show All'",
    )) as { domMs: number; paintMs: number; domElements: number };
    const expandLongTasks = await longTasks(page, "expand");
    options.log(`  show all: painted after ${ms(showAll.paintMs)}, ${showAll.domElements} DOM elements`);

    await idle(page, 500);
    await page.evaluate("window.__bench.phase = 'scroll'");
    const scroll = (await withTimeout(
      page.evaluate(SCROLL_SCRIPT),
      60_000,
      "Scrolling the expanded list did not finish within 60 s",
    )) as { frames: number; durationMs: number; scrolledPx: number; maxFrameGapMs: number };
    await page.evaluate("window.__bench.phase = 'done'");
    const scrollLongTasks = await longTasks(page, "scroll");
    options.log(
      `  scroll: ${Math.round(scroll.scrolledPx)} px in ${ms(scroll.durationMs)}, ${scroll.frames} frames, ` +
        `${scrollLongTasks.length} long tasks, worst frame gap ${ms(scroll.maxFrameGapMs)}`,
    );

    return {
      total,
      navigations,
      payload: { rawBytes: options.payload.rawBytes, gzipBytes: options.payload.gzipBytes },
      keystrokes,
      typingLongTasks,
      showAll: { ...showAll, longTasks: expandLongTasks },
      scroll: { ...scroll, longTasks: scrollLongTasks },
      mismatches,
    };
  } finally {
    await browser?.close().catch(() => undefined);
  }
}

export function scaleRows(result: ScaleResult): Row[] {
  const section = `Scale (${result.total} protocols)`;
  const paint = result.keystrokes.map((k) => k.paintMs);
  const navPaint = median(result.navigations.map((n) => n.paintMs));
  const keyMedian = median(paint);
  const scrollMax = result.scroll.longTasks.length > 0 ? Math.max(...result.scroll.longTasks) : 0;
  const expandMax = result.showAll.longTasks.length > 0 ? Math.max(...result.showAll.longTasks) : 0;
  return [
    {
      section,
      metric: `Navigation to 'Showing ${result.total} of ${result.total} protocols' (median of ${result.navigations.length}, painted)`,
      value: `${ms(navPaint)} (response ${kb(result.payload.gzipBytes)} gzip, ${kb(result.payload.rawBytes)} raw)`,
      verdict: "-",
      kind: "info",
    },
    {
      section,
      metric: `Keystroke to updated count, median of ${paint.length} (painted)`,
      value: ms(keyMedian),
      target: `<= ${GOALS.keystrokeMedianMs} ms (goal)`,
      verdict: goalAtMost(keyMedian, GOALS.keystrokeMedianMs),
      kind: "goal",
    },
    {
      section,
      metric: "Keystroke to updated count, p95",
      value: ms(percentile(paint, 95)),
      verdict: "-",
      kind: "info",
    },
    {
      section,
      metric: "'Show All' click to next paint",
      value: `${ms(result.showAll.paintMs)} (${result.showAll.domElements} DOM elements after)`,
      verdict: "-",
      kind: "info",
    },
    {
      section,
      metric: "Long tasks during 'Show All'",
      value: `${result.showAll.longTasks.length} (max ${ms(expandMax)})`,
      verdict: "-",
      kind: "info",
    },
    {
      section,
      metric: `Long tasks > 50 ms while scrolling ${Math.round(result.scroll.scrolledPx)} px`,
      value: `${result.scroll.longTasks.length} (max ${ms(scrollMax)}; worst frame gap ${ms(result.scroll.maxFrameGapMs)})`,
      target: `${BUDGETS.scrollLongTasks}`,
      verdict: atMost(result.scroll.longTasks.length, BUDGETS.scrollLongTasks),
      kind: "budget",
    },
  ];
}
