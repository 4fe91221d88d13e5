import "@/index.css";

// The HTML may already hold this route's first frame (build/prerender.ts: `/` in index.html, each
// protocol page in its own file), so nothing here is needed to paint it. The app's code is then
// fetched and run only after that first paint: started earlier, its download and start-up work
// would hold the paint back on slow phones and networks (issue #5: first paint must not wait for
// JavaScript). The frame's links and buttons come alive when the app renders.
//
// Any other visit (the privacy policy, a 404, a protocol page served by a host's index.html
// fallback, the dev server) has no frame to paint: the boot script keeps a frame of another route
// hidden, so no first contentful paint would ever come. Those start at once.
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
  document.getElementById("root")?.getAttribute("data-prerendered") === (window.location.pathname.replace(/\/+$/, "") || "/");

void (paintsFrame ? afterFirstPaint() : Promise.resolve())
  .then(() => Promise.all([import("@/start"), import("@/render-app")]))
  .then(([{ queryClient, releaseProtocols }, { mountApp }]) => mountApp(queryClient, releaseProtocols))
  .catch((error: unknown) => {
    console.error("The app failed to load:", error);
  });
