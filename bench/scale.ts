// The 10,000-protocol run in Chromium (1280x900, no throttling): navigation to the full count,
// keystroke-to-count latency in the search box, 'Show All' to paint, and long tasks while scrolling
// the expanded list. Times are taken in the page, from the moment the DOM shows the awaited state
// and from the frame after it; Playwright only waits (with its own timeouts) and reads them. The
// page code is plain JavaScript text: functions compiled by tsx would carry its helpers (__name).
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
import { BUDGETS, code, kb, median, ms, percentile, row as tableRow } from "./report";

// __bench.want: the count to wait for, or "expanded" ('Show Less' is shown); t0: when the clock
// started (0: navigation start; null: the next keydown event's timestamp, so queueing counts).
const HARNESS = `(() => {
  const b = (window.__bench = { phase: "load", longTasks: [], want: __TOTAL__, t0: 0, done: null });

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longTasks.push({ phase: b.phase, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
  b.count = () => {
    for (const el of document.querySelectorAll("[role=status]")) {
      const m = /Showing ([\\d,]+) of [\\d,]+ protocols/.exec(el.textContent);
      if (m) return Number(m[1].replace(/,/g, ""));
    }
    return null;
  };
  const expanded = () => [...document.querySelectorAll("button")].some((x) => x.textContent.trim() === "Show Less");
  addEventListener("keydown", (e) => { if (b.want !== null && b.t0 === null) b.t0 = e.timeStamp; }, true);
  const observer = new MutationObserver(() => {
    if (b.want === null || b.t0 === null || (b.want === "expanded" ? !expanded() : b.count() !== b.want)) return;
    const t0 = b.t0, domMs = performance.now() - t0;
    b.want = null;
    requestAnimationFrame(() => setTimeout(() => {
      b.done = { domMs, paintMs: performance.now() - t0, domElements: document.getElementsByTagName("*").length };
    }));
  });
  const watch = () => observer.observe(document, { childList: true, subtree: true, characterData: true });
  watch();
  // Arms the next measurement; with nothing to wait for (the scroll), no observer runs.
  b.arm = (want, phase, t0) => {
    Object.assign(b, { want, phase, t0, done: null });
    want === null ? observer.disconnect() : watch();
  };
  // A fast, steady fling down the expanded list, 160 px a frame for 4 s at most, recording frame gaps.
  b.scroll = () => {
    const startY = scrollY, start = performance.now();
    let last = start, frames = 0, maxGapMs = 0;
    const step = (now) => {
      frames++;
      maxGapMs = Math.max(maxGapMs, now - last);
      last = now;
      if (now - start >= 4000 || innerHeight + scrollY >= document.documentElement.scrollHeight - 1) {
        b.done = { frames, px: scrollY - startY, maxGapMs };
      } else {
        scrollBy(0, 160);
        requestAnimationFrame(step);
      }
    };
    requestAnimationFrame(step);
  };
})();`;

type Timing = { domMs: number; paintMs: number; domElements: number };

/** Waits for `__bench.done` (set by the harness) and returns it; `what` names the awaited state for the error. */
async function measured<T = Timing>(page: Page, what: string, timeout: number): Promise<T> {
  try {
    const done = await page.waitForFunction("window.__bench.done", undefined, { timeout, polling: 50 });
    return (await done.jsonValue()) as T;
  } catch {
    const shown = await page.evaluate("window.__bench?.count()").catch(() => "no");
    throw new Error(`${what} did not happen within ${timeout / 1000} s (the page shows ${shown} protocols)`);
  }
}

async function navigate(page: Page, url: string, total: number) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  const timing = await measured(page, `'Showing ${total} of ${total} protocols'`, 90_000);
  const api = `performance.getEntriesByType("resource").find((e) => e.name.includes("/rest/v1/protocols?"))`;
  return { ...timing, responseEnd: (await page.evaluate(`${api}?.responseEnd ?? NaN`)) as number };
}

/** Type "1000" and delete it back, over and over: with the synthetic names, every key changes the count. */
const KEYS = ["1", "0", "0", "0", "Backspace", "Backspace", "Backspace", "Backspace"];

export async function runScale(appUrl: string, total: number, keystrokes: number) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addInitScript({ content: HARNESS.replace("__TOTAL__", String(total)) });
    const page = await context.newPage();

    // 1. Three loads (the first cold, the others with the HTTP cache warm, as for a returning visitor).
    const response = page.waitForResponse((r) => r.url().includes("/rest/v1/protocols?"), { timeout: 90_000 });
    const navigations = [await navigate(page, appUrl, total)];
    const body = await (await response).body();
    const names = (JSON.parse(body.toString()) as { name: string }[]).map((r) => r.name.toLowerCase());

    // 2. Keystrokes in the search box; the count each must reach follows the spec's rule (case-insensitive substring).
    navigations.push(await navigate(page, appUrl, total));
    await page.getByPlaceholder("Search protocols...").click();
    await page.waitForTimeout(500);
    const keys: (Timing & { query: string; expected: number })[] = [];
    let query = "";
    for (let i = 0; i < keystrokes; i++) {
      const key = KEYS[i % KEYS.length]!;
      query = key === "Backspace" ? query.slice(0, -1) : query + key;
      const expected = names.filter((name) => name.includes(query)).length;
      if (expected === (keys.at(-1)?.expected ?? total))
        throw new Error(`typing ${key} (query "${query}") leaves the count at ${expected}: there is nothing to time`);
      await page.evaluate(`window.__bench.arm(${expected}, "typing", null)`);
      await page.keyboard.press(key);
      const timing = await measured<Timing>(page, `'Showing ${expected}' after typing "${query}"`, 15_000);
      keys.push({ ...timing, query, expected });
      // Let deferred rendering settle: each sample starts from a quiet main thread.
      await page.evaluate("window.__bench.phase = 'settle'");
      await page.waitForTimeout(150);
    }
    const paint = keys.map((k) => k.paintMs);

    // 3. 'Show All', clicked from inside the page (a CDP click would wait for the renderer), then scroll.
    navigations.push(await navigate(page, appUrl, total));
    await page.getByRole("button", { name: /Show All/ }).scrollIntoViewIfNeeded({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.evaluate(`window.__bench.arm("expanded", "expand", null); setTimeout(() => {
      window.__bench.t0 = performance.now();
      [...document.querySelectorAll("button")].find((b) => /Show All/.test(b.textContent)).click();
    })`);
    const showAll = await measured(page, "'Show Less' after clicking 'Show All'", 120_000);
    await page.evaluate("window.__bench.phase = 'idle'");
    await page.waitForTimeout(500);
    await page.evaluate("window.__bench.arm(null, 'scroll', null); window.__bench.scroll()");
    const scroll = await measured<{ frames: number; px: number; maxGapMs: number }>(page, "The scroll", 60_000);
    const longTasks = (await page.evaluate("window.__bench.longTasks")) as { phase: string; ms: number }[];
    const tasks = (phase: string) => longTasks.filter((t) => t.phase === phase).map((t) => t.ms);
    const max = (list: number[]) => ms(Math.max(0, ...list));

    const row = (metric: string, value: string, check?: Parameters<typeof tableRow>[3]) =>
      tableRow(`Scale (${total} protocols)`, metric, value, check);
    const [keyMedian, expand, scrolling] = [median(paint), tasks("expand"), tasks("scroll")];
    const rows = [
      row(
        `Navigation to 'Showing ${total} of ${total} protocols' (median of 3, painted)`,
        `${ms(median(navigations.map((n) => n.paintMs)))} (response ${kb(gzipSync(body).length)} gzip, ${kb(body.length)} raw)`,
      ),
      row(`Keystroke to updated count, median of ${keys.length} (painted)`, ms(keyMedian), {
        target: `<= ${BUDGETS.keystrokeMedianMs} ms (goal)`,
        pass: keyMedian <= BUDGETS.keystrokeMedianMs,
        goal: true,
      }),
      row("Keystroke to updated count, p95", ms(percentile(paint, 95))),
      row("Long tasks while typing", `${tasks("typing").length} (max ${max(tasks("typing"))})`),
      row("'Show All' click to next paint", `${ms(showAll.paintMs)} (${showAll.domElements} DOM elements after)`),
      row("Long tasks during 'Show All'", `${expand.length} (max ${max(expand)})`),
      row(
        `Long tasks > 50 ms while scrolling ${Math.round(scroll.px)} px`,
        `${scrolling.length} (max ${max(scrolling)}; worst frame gap ${ms(scroll.maxGapMs)}, ${scroll.frames} frames)`,
        { target: `${BUDGETS.scrollLongTasks}`, pass: scrolling.length <= BUDGETS.scrollLongTasks },
      ),
    ];
    const details = [
      "### Scale run",
      "",
      `Local API with \`LOCAL_API_SYNTHETIC=${total}\`, Chromium 1280x900, no throttling. Keystroke latency runs from the keydown event's timestamp to the frame after 'Showing X of Y protocols' changes.`,
      "",
      ...code([
        ...navigations.map(
          (n, i) =>
            `navigation ${i + 1}: DOM ${ms(n.domMs)}, painted ${ms(n.paintMs)}; response at ${ms(n.responseEnd)}`,
        ),
        ...keys.map(
          (k, i) => `key ${i + 1} "${k.query}" -> ${k.expected}: DOM ${ms(k.domMs)}, painted ${ms(k.paintMs)}`,
        ),
      ]),
    ];
    return { rows, details };
  } finally {
    await browser.close().catch(() => undefined);
  }
}
