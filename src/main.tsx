import "@/index.css";

// When the HTML holds this route's own frame (build/prerender.ts), the app's code is fetched only
// after that frame has painted; any other visit starts at once (its frame, if any, is hidden and
// never paints). Why: docs/decisions/008-boot-after-first-paint.md.
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      document.removeEventListener("visibilitychange", go);
      resolve();
    };
    // A background tab paints nothing: start at once rather than when the tab is shown.
    if (document.visibilityState === "hidden") return go();
    document.addEventListener("visibilitychange", go);
    if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      // The first-contentful-paint entry arrives once that frame is on screen.
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        go();
      }).observe({ type: "paint", buffered: true });
      // Never wait forever on a browser that skips the entry.
      setTimeout(go, 5000);
    } else {
      // rAF runs just before the next frame paints; the task queued from it runs after that paint.
      requestAnimationFrame(() => setTimeout(go, 0));
    }
  });
}

// Two chunks fetched in parallel and evaluated separately: the data half starts the protocols
// request as soon as it arrives; the UI half then hydrates.
// frame.ts's frameRoute() === routePath(), spelled out: this file imports nothing, so no chunk is
// fetched before the paint (tests/integration/prerender.test.ts checks the built entry).
const paintsFrame =
  document.getElementById("root")?.getAttribute("data-prerendered") ===
  (window.location.pathname.replace(/\/+$/, "") || "/");

void (paintsFrame ? afterFirstPaint() : Promise.resolve())
  .then(() => Promise.all([import("@/start"), import("@/render-app")]))
  .then(([{ queryClient }, { mountApp }]) => mountApp(queryClient))
  .catch((error: unknown) => {
    console.error("The app failed to load:", error);
  });
