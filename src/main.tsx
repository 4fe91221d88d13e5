// How a page starts, in order. Why in this order, with the figures: docs/decisions/
// 008-boot-after-first-paint.md and 013-data-router.md.
//
// The HTML already shows the page: build/prerender.ts wrote a frame of it into #root (`/` in
// index.html, which a host also serves for unknown URLs; each protocol page and /methodology in a
// file of its own; none on the dev server). This file is the module entry and imports no app
// code, so nothing but the HTML and the CSS stands before the first paint
// (tests/integration/prerender.test.ts checks the built entry).
import "@/index.css";
import { PRERENDERED_ATTRIBUTE, routePath } from "@/frame";

const root = document.getElementById("root")!;
const path = routePath(location.pathname);
const frame = root.getAttribute(PRERENDERED_ATTRIBUTE);

// (A function, not top-level await: a module with top-level await turns off the bundler's chunk
// merging for the whole app, which split the pages into more files.)
async function start(): Promise<void> {
  // 1. This page's own frame is already on screen: the boot script (entry-prerender.tsx's
  //    bootScript(), inline in the HTML) adds this file only once the frame's first contentful
  //    paint is, or at once for a hidden tab, which paints nothing. A frame of another route, which
  //    the boot script keeps hidden, goes.
  if (frame !== null && frame !== path) {
    root.replaceChildren();
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
  }

  // 2. The code, in chunks fetched at once: the small data chunk sends the protocol list's read as
  //    soon as it arrives, while the others (React, the router, the app) still download; on `/`
  //    the home page's own chunk too, which its route's loader would otherwise ask for only once
  //    the app has arrived.
  const [, { createApp }] = await Promise.all([
    (path === "/" || path.startsWith("/protocols/")) &&
      import("@/features/protocols/model/queries").then((queries) => queries.sendProtocolsRequestEarly()),
    import("@/render-app"),
    path === "/" && import("@/pages/home"),
  ]);

  // 3. React takes over #root, in a task of its own: the modules' evaluation above and the
  //    router's start below are each a long task on a slow phone, one after the other a longer one.
  await nextTask();
  const app = createApp();
  if (frame === "/" && path === "/" && location.search === "") {
    // The home frame is exactly the home page's first render, the list still loading (a query
    // string would set filters): hydrated as it is, once the route's loader has the page's code
    // (downloaded above), so that the first render is the page and not the route's fallback.
    await app.ready();
    app.hydrate(root);
  } else {
    // A protocol page's or /methodology's own frame stays until the page has its code and data,
    // then gives way to the live page in one commit (never hydrated: live figures differ from the
    // build's). Any other page renders at once, the site's header and footer until it is in.
    if (frame === path) await app.ready();
    app.render(root);
  }
}

/** lib/next-task.ts's, written out: imported, it would pull the app's shared chunk into the entry. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// 4. The app's code did not load (a dropped line, a deploy that replaced the files, the dev
//    server's dependencies re-optimized under it): say so, never leave a blank or frozen page. The
//    route error element's message and 'Reload' (components/error-boundary.tsx), without React.
function showLoadFailure(error: unknown): void {
  console.error("The app failed to load:", error);
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  root.innerHTML = `<div role="alert" class="flex min-h-[60vh] items-center justify-center px-4 py-16">
  <div class="w-full max-w-md rounded-xl border border-border bg-surface p-8 text-center shadow-sm">
    <h1 class="text-xl font-bold tracking-tight text-foreground">Something went wrong</h1>
    <p class="mt-2 text-sm text-muted-foreground">An unexpected error stopped this page from loading. Reloading usually fixes it.</p>
    <button type="button" class="mt-6 inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm">Reload</button>
  </div>
</div>`;
  root.querySelector("button")!.addEventListener("click", () => location.reload());
}

start().catch(showLoadFailure);
