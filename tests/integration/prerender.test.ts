// The prerendered home frame (first paint must not wait for JavaScript): what src/entry-prerender.tsx renders, how
// build/prerender.ts puts it into index.html, what the boot script does on each kind of visit,
// and what the boot script does on each kind of visit. The protocol and methodology pages and a
// real production build: prerender-pages.test.ts.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { injectShell } from "../../build/prerender.ts";
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
    '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
    "  </head>",
    "  <body>",
    '    <div id="root"></div>',
    "  </body></html>",
  ].join("\n");

  it("fills the root, marks it, and loads the boot script from a file right before it", () => {
    const html = injectShell(template, {
      markup: "<p>frame</p>",
      attribute: PRERENDERED_ATTRIBUTE,
      route: "/",
      bootSrc: "/assets/boot-1.js",
    });
    expect(html).toContain(
      `<script src="/assets/boot-1.js"></script>\n    <div id="root" ${PRERENDERED_ATTRIBUTE}="/"><p>frame</p></div>`,
    );
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="/);
  });

  it("refuses a template without an empty root and markup with a script", () => {
    expect(() => injectShell("<body></body>", { markup: "", attribute: "x", route: "/", bootSrc: "/b.js" })).toThrow(
      /no empty/,
    );
    expect(() =>
      injectShell(template, { markup: "<script>1</script>", attribute: "x", route: "/", bootSrc: "/b.js" }),
    ).toThrow(/<script>/);
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
