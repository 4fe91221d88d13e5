// The prerendered home frame (first paint must not wait for JavaScript): what src/entry-prerender.tsx renders, how
// build/prerender.ts puts it into index.html, what the boot script does on each kind of visit,
// and what the boot script does on each kind of visit. The protocol and methodology pages and a
// real production build: prerender-pages.test.ts.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deferAppScripts, injectShell } from "../../build/prerender.ts";
import { prerender, textOf } from "./prerender-entry.ts";

const { bootScript, PRERENDERED_ATTRIBUTE, renderHomeShell } = prerender;

describe("renderHomeShell", async () => {
  const markup = await renderHomeShell();
  const text = textOf(markup);

  it("renders the banner, header, hero, stats frame, loading directory and footer", () => {
    expect(text).toContain("Portfolio Analytics Platform Coming Soon - Join the waitlist for early access");
    expect(markup).toMatch(/<aside aria-label="Announcement"[^>]*data-top-banner/);
    expect(text).toContain("RWA Atlas");
    expect(text).toContain("Contact Us");
    expect(text).toContain("Join Waitlist");
    expect(markup).toMatch(/<h1 id="hero-heading"[^>]*>Bringing/);
    expect(text).toContain("Explore the RWA Protocol Ecosystem");
    expect(text).toContain("Loading protocols...");
    expect(text).toContain("Privacy Policy");
    expect(markup).toContain('href="/privacy-policy"');
  });

  it("shows neutral placeholders, never numbers, while the data is pending", () => {
    // Three hero figures and three stat tiles, each the placeholder dash.
    expect(markup.match(/—/g)?.length).toBe(6);
    expect(text).not.toMatch(/Showing \d+ of \d+ protocols/);
    expect(text).not.toContain("Error loading protocols");
    expect(text).not.toMatch(/\$\d/);
  });

  it("contains no script element and no inline event handler", () => {
    expect(markup).not.toMatch(/<script/i);
    expect(markup).not.toMatch(/\son[a-z]+=/i);
  });
});

describe("injectShell", () => {
  const template = [
    "<!doctype html>",
    "<html><head>",
    '    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
    "  </head>",
    "  <body>",
    '    <div id="root"></div>',
    "  </body></html>",
  ].join("\n");

  it("fills the root, marks it, and puts the boot script inline right before it", () => {
    const html = injectShell(template, {
      markup: "<p>frame</p>",
      attribute: PRERENDERED_ATTRIBUTE,
      route: "/",
      boot: "boot();",
    });
    expect(html).toContain(
      `<script>boot();</script>\n    <div id="root" ${PRERENDERED_ATTRIBUTE}="/"><p>frame</p></div>`,
    );
    expect(html.match(/<script\b[^>]*>/g)).toEqual(["<script>"]);
  });

  it("refuses a template without an empty root, markup with a script and a boot that would end its element", () => {
    expect(() => injectShell("<body></body>", { markup: "", attribute: "x", route: "/", boot: "" })).toThrow(
      /no empty/,
    );
    expect(() => injectShell(template, { markup: "<script>1</script>", attribute: "x", route: "/", boot: "" })).toThrow(
      /<script>/,
    );
    expect(() => injectShell(template, { markup: "", attribute: "x", route: "/", boot: "'</script>'" })).toThrow(
      /must not contain/,
    );
  });
});

describe("deferAppScripts", () => {
  // The head as Vite writes it.
  const built = [
    "<!doctype html>",
    '<html lang="en">',
    "  <head>",
    '    <meta charset="UTF-8" />',
    '    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    "    <title>x</title>",
    '    <script type="module" crossorigin src="/assets/index-entry.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/index-helper.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
    "  </head>",
    "  <body>",
    '    <div id="root"></div>',
    "  </body>",
    "</html>",
  ].join("\n");

  it("takes the entry and its preloads out of the head and puts the stylesheet first", () => {
    const { html, entry, preloads } = deferAppScripts(built);
    expect(entry).toBe("/assets/index-entry.js");
    expect(preloads).toEqual(["/assets/index-helper.js"]);
    expect(html).not.toMatch(/<script|modulepreload/);
    expect(html).toContain(
      '<meta charset="UTF-8" />\n    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n    <link rel="icon"',
    );
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it("refuses a head without exactly one module entry or without a charset", () => {
    expect(() => deferAppScripts(built.replace(/ *<script type="module"[^\n]*\n/, ""))).toThrow(/0 module scripts/);
    expect(() => deferAppScripts(built.replace('<meta charset="UTF-8" />', ""))).toThrow(/charset/);
  });
});

describe("bootScript", () => {
  /** Runs the script against a stub page; returns the CSS it injected, or null. */
  function boot(pathname: string, storage: Record<string, string> | "throws"): string | null {
    const appended: Array<{ textContent: string }> = [];
    runInNewContext(bootScript(), {
      location: { pathname },
      sessionStorage: {
        getItem(key: string) {
          if (storage === "throws") throw new Error("SecurityError");
          return storage[key] ?? null;
        },
      },
      document: {
        createElement: () => ({ textContent: "" }),
        head: { appendChild: (el: { textContent: string }) => appended.push(el) },
      },
    });
    return appended[0]?.textContent ?? null;
  }

  it("leaves the frame alone on a first visit to the home page, even with storage blocked", () => {
    expect(boot("/", {})).toBeNull();
    expect(boot("/", "throws")).toBeNull();
  });

  it("hides a frame of any other route than the visited one", () => {
    for (const route of ["/privacy-policy", "/no-such-page", "/protocols/centrifuge"]) {
      expect(boot(route, {})).toBe(
        `#root[${PRERENDERED_ATTRIBUTE}]:not([${PRERENDERED_ATTRIBUTE}="${route}"]){visibility:hidden}`,
      );
    }
    // A trailing slash (static hosts add one for directories) names the same route.
    expect(boot("/protocols/centrifuge/", {})).toContain(`:not([${PRERENDERED_ATTRIBUTE}="/protocols/centrifuge"])`);
    // A quote in the path cannot end the attribute selector.
    expect(boot('/a"b', {})).toContain(`:not([${PRERENDERED_ATTRIBUTE}="/a\\"b"])`);
  });

  it("hides only the banner when it was dismissed this session", () => {
    expect(boot("/", { "rwa-atlas:banner-dismissed": "1" })).toBe(
      `#root[${PRERENDERED_ATTRIBUTE}]:not([${PRERENDERED_ATTRIBUTE}="/"]){visibility:hidden}#root[${PRERENDERED_ATTRIBUTE}] [data-top-banner]{display:none}`,
    );
  });
});

describe("bootScript, starting the app", () => {
  type Node = Record<string, unknown>;
  /** Runs the script with an app against a stub page; `fire` plays what the page would do next. */
  function page(options: {
    pathname: string;
    frame: string | null;
    readyState?: string;
    visibilityState?: string;
    paintTiming?: boolean;
  }) {
    const appended: Node[] = [];
    const pending: Record<string, Array<() => void>> = { ready: [], paint: [], frame: [] };
    let paint:
      ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect(): void }) => void) | null =
      null;
    class PerformanceObserver {
      static supportedEntryTypes = options.paintTiming === false ? ["mark"] : ["paint", "mark"];
      constructor(callback: typeof paint) {
        paint = callback;
      }
      observe() {}
      disconnect() {
        paint = null;
      }
    }
    const context = {
      location: { pathname: options.pathname },
      sessionStorage: { getItem: () => null },
      PerformanceObserver,
      requestAnimationFrame: (callback: () => void) => pending.frame!.push(callback),
      setTimeout: (callback: () => void) => callback(),
      document: {
        readyState: options.readyState ?? "interactive",
        visibilityState: options.visibilityState ?? "visible",
        addEventListener: (type: string, listener: () => void) =>
          type === "DOMContentLoaded" && pending.ready!.push(listener),
        getElementById: () => ({ getAttribute: () => options.frame }),
        createElement: (tag: string) => ({ tag }),
        head: { appendChild: (el: Node) => appended.push(el) },
      },
    };
    (context as Record<string, unknown>).window = context;
    runInNewContext(bootScript({ entry: "/assets/index-entry.js", preloads: ["/assets/index-helper.js"] }), context);
    const scripts = () => appended.filter((el) => el.tag !== "style");
    return {
      scripts,
      ready: () => pending.ready!.splice(0).forEach((listener) => listener()),
      painted: (name = "first-contentful-paint") =>
        paint?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }, { disconnect: () => (paint = null) }),
      frame: () => pending.frame!.splice(0).forEach((callback) => callback()),
    };
  }

  const started = [
    { tag: "link", rel: "modulepreload", crossOrigin: "", href: "/assets/index-helper.js" },
    { tag: "script", type: "module", crossOrigin: "", src: "/assets/index-entry.js" },
  ];

  it("asks for the app only once its own frame's first contentful paint is on screen", () => {
    const visit = page({ pathname: "/protocols/centrifuge", frame: "/protocols/centrifuge" });
    expect(visit.scripts()).toEqual([]);
    visit.painted("first-paint");
    expect(visit.scripts()).toEqual([]);
    visit.painted();
    expect(visit.scripts()).toEqual(started);
  });

  it("waits for the page to be parsed before deciding", () => {
    const visit = page({ pathname: "/", frame: "/", readyState: "loading" });
    visit.painted();
    expect(visit.scripts()).toEqual([]);
    visit.ready();
    visit.painted();
    expect(visit.scripts()).toEqual(started);
  });

  it("starts at once on another route's frame (it stays hidden: no paint will come) and in a hidden tab", () => {
    expect(page({ pathname: "/privacy-policy", frame: "/" }).scripts()).toEqual(started);
    expect(page({ pathname: "/", frame: "/", visibilityState: "hidden" }).scripts()).toEqual(started);
  });

  it("without Paint Timing, starts after the next frame", () => {
    const visit = page({ pathname: "/", frame: "/", paintTiming: false });
    expect(visit.scripts()).toEqual([]);
    visit.frame();
    expect(visit.scripts()).toEqual(started);
  });
});
