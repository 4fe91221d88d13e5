// The prerendered home frame (issue #5): what src/entry-prerender.tsx renders, how
// build/prerender.ts puts it into index.html, what the boot script does on each kind of visit,
// and one real production build into a temporary --outDir.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { injectShell } from "../../build/prerender.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Loaded by path: this tsconfig (Node side) has no JSX; Vitest compiles the entry as Vite would.
const ENTRY = path.join(ROOT, "src", "entry-prerender.tsx");
type PrerenderEntry = { renderHomeShell: () => string; bootScript: () => string; PRERENDERED_ATTRIBUTE: string };
const { bootScript, PRERENDERED_ATTRIBUTE, renderHomeShell } = (await import(/* @vite-ignore */ ENTRY)) as PrerenderEntry;

/** Visible text of an HTML fragment, roughly as a browser lays it out (tags become spaces). */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("renderHomeShell", () => {
  const markup = renderHomeShell();
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
    const html = injectShell(template, { markup: "<p>frame</p>", attribute: PRERENDERED_ATTRIBUTE, bootSrc: "/assets/boot-1.js" });
    expect(html).toContain(`<script src="/assets/boot-1.js"></script>\n    <div id="root" ${PRERENDERED_ATTRIBUTE}><p>frame</p></div>`);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="/);
  });

  it("refuses a template without an empty root and markup with a script", () => {
    expect(() => injectShell("<body></body>", { markup: "", attribute: "x", bootSrc: "/b.js" })).toThrow(/no empty/);
    expect(() => injectShell(template, { markup: "<script>1</script>", attribute: "x", bootSrc: "/b.js" })).toThrow(/<script>/);
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

  it("hides the whole frame on any other route", () => {
    for (const route of ["/privacy-policy", "/no-such-page"]) {
      expect(boot(route, {})).toBe(`#root[${PRERENDERED_ATTRIBUTE}]{visibility:hidden}`);
    }
  });

  it("hides only the banner when it was dismissed this session", () => {
    expect(boot("/", { "rwa-atlas:banner-dismissed": "1" })).toBe(`#root[${PRERENDERED_ATTRIBUTE}] [data-top-banner]{display:none}`);
  });
});

describe("vite build", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), "rwa-prerender-"));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("writes the frame into <outDir>/index.html with only file scripts", async () => {
    await build({ root: ROOT, configFile: path.join(ROOT, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    expect(html).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}>`);
    expect(textOf(html)).toContain("Loading protocols...");
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/type="module"[^>]*src="\/assets\/index-[\w-]+\.js"/);
    expect(scripts[1]).toMatch(/^<script src="\/assets\/boot-[0-9a-f]{8}\.js">$/);
    // Every script is a file the build wrote (the CSP allows no inline script).
    const assets = readdirSync(path.join(outDir, "assets"));
    for (const tag of scripts) expect(assets).toContain(/src="\/assets\/([^"]+)"/.exec(tag)![1]);
  }, 120_000);
});
