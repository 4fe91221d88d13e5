// Prerenders the home page's first frame into the built index.html, because first paint must
// not wait for JavaScript (docs/decisions/008-boot-after-first-paint.md). After the client build is written, a second, SSR build of
// src/entry-prerender.tsx runs with the same config (aliases, defines, mode), its output is
// imported and rendered, and the markup goes into `<div id="root">` of `<outDir>/index.html`.
// One inline script is added, the boot (entry-prerender's bootScript()), the same on every page,
// and its SHA-256 goes into the CSP of `_headers`: it starts the app's module entry once the frame
// has painted, so the HTML leaves nothing but the stylesheet before the first paint (decision 008).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { allowInlineScriptIn, HEADERS_FILE } from "./security-headers.ts";
import { committedChangeRows, committedProducts, committedRows } from "./committed-rows.ts";
import { productSummaryColumns } from "../scripts/data/products-db.ts";

/** The production origin, as index.html's canonical link holds it after Vite's %VITE_SITE_URL% replacement. */
function siteUrlOf(html: string): string {
  const href = /<link\s+rel="canonical"\s+href="([^"]*)"/.exec(html)?.[1];
  if (!href) throw new Error('prerender: index.html has no <link rel="canonical">');
  return href.replace(/\/+$/, "");
}

const ENTRY = "src/entry-prerender.tsx";
const ROOT_MARKER = '<div id="root"></div>';

type PageRender = {
  path: string;
  markup: string;
  title: string;
  description: string;
  jsonLd: string;
  feed?: { title: string; href: string };
};
/** What src/entry-prerender.tsx exports (its SSR build is imported below; tests import it directly). */
export type PrerenderModule = {
  renderHomeShell: () => Promise<string>;
  renderProtocolPages: (
    rows: readonly unknown[],
    siteUrl: string,
    products?: ReadonlyArray<{ protocol_id: string }>,
  ) => PageRender[];
  renderMethodologyPage: (siteUrl: string) => PageRender;
  renderChangesPage: (rows: readonly unknown[], changes: readonly unknown[], siteUrl: string) => PageRender;
  bootScript: (app?: { entry: string; preloads: readonly string[] }) => string;
  PRERENDERED_ATTRIBUTE: string;
};

type Shell = { markup: string; attribute: string; route: string; boot: string };

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * index.html's head, retargeted at one page: its title, description, canonical URL, Open Graph and
 * Twitter tags, and the page's JSON-LD before </head>. Throws if a tag it rewrites is missing.
 */
export function retargetHead(
  html: string,
  page: { url: string; title: string; description: string; jsonLd: string; feed?: { title: string; href: string } },
): string {
  let out = html;
  const replace = (pattern: RegExp, value: string) => {
    if (!pattern.test(out)) throw new Error(`prerender: index.html has no ${pattern.source}`);
    out = out.replace(pattern, (_match, before: string, after: string) => `${before}${value}${after}`);
  };
  const title = escapeAttribute(page.title);
  const description = escapeAttribute(page.description);
  const url = escapeAttribute(page.url);
  replace(/(<title>)[^<]*(<\/title>)/, escapeText(page.title));
  replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, description);
  replace(/(<meta\s+property="og:title"\s+content=")[^"]*(")/, title);
  replace(/(<meta\s+property="og:description"\s+content=")[^"]*(")/, description);
  replace(/(<meta\s+property="og:url"\s+content=")[^"]*(")/, url);
  replace(/(<link\s+rel="canonical"\s+href=")[^"]*(")/, url);
  replace(/(<meta\s+name="twitter:title"\s+content=")[^"]*(")/, title);
  replace(/(<meta\s+name="twitter:description"\s+content=")[^"]*(")/, description);
  if (page.feed) {
    // The page's own feed (a protocol's changes), announced after the site's.
    const own = `<link rel="alternate" type="application/atom+xml" title="${escapeAttribute(page.feed.title)}" href="${escapeAttribute(page.feed.href)}" />`;
    replace(/(<link\s+rel="alternate"\s+type="application\/atom\+xml"[^>]*>)()/, `\n    ${own}`);
  }
  if (/<\/script/i.test(page.jsonLd)) throw new Error("prerender: JSON-LD must not contain </script");
  // A function, not a string: a string replacement expands $` $' $& and $$ inside the JSON-LD
  // (a description holding US$` would paste the page's head into the script and end it early).
  return out.replace("</head>", () => `  <script type="application/ld+json">${page.jsonLd}</script>\n  </head>`);
}

/**
 * Checks a finished page: exactly one JSON-LD block, closed, whose text parses as a JSON object.
 * Throws with the page's path otherwise, so a bad page fails the build instead of shipping.
 */
export function assertJsonLd(html: string, where: string): void {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  if (blocks.length !== 1) throw new Error(`prerender: ${where} has ${blocks.length} JSON-LD blocks, expected 1`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(blocks[0]![1]!);
  } catch {
    throw new Error(`prerender: ${where} has a JSON-LD block that does not parse`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error(`prerender: ${where} has a JSON-LD block that is not an object`);
  }
}

/**
 * Fills the empty root element with the markup, marks it as prerendered and puts the boot script
 * (inline: the CSP allows it by its hash) right before it. Throws if the template has no empty
 * root element or the markup holds a script.
 */
export function injectShell(html: string, { markup, attribute, route, boot }: Shell): string {
  const at = html.indexOf(ROOT_MARKER);
  if (at < 0) throw new Error(`prerender: index.html has no empty ${ROOT_MARKER} to fill`);
  if (/<script\b/i.test(markup)) throw new Error("prerender: the rendered shell contains a <script> element");
  if (/<\/script/i.test(boot)) throw new Error("prerender: the boot script must not contain </script");
  const indent = /[ \t]*$/.exec(html.slice(0, at))?.[0] ?? "";
  const filled = `<script>${boot}</script>\n${indent}<div id="root" ${attribute}="${escapeAttribute(route)}">${markup}</div>`;
  return html.slice(0, at) + filled + html.slice(at + ROOT_MARKER.length);
}

/**
 * Takes the app's scripts out of the built template's <head> (the module entry and its
 * modulepreloads: the boot script asks for them once the frame has painted) and puts the
 * stylesheets first in <head>, so the first request after the HTML is the one the paint waits for.
 * Throws unless there is exactly one module entry.
 */
export function deferAppScripts(html: string): { html: string; entry: string; preloads: string[] } {
  const entries = [...html.matchAll(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g)];
  if (entries.length !== 1) throw new Error(`prerender: index.html has ${entries.length} module scripts, expected 1`);
  const preloads = [...html.matchAll(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g)];
  const sheets = [...html.matchAll(/[ \t]*(<link rel="stylesheet" crossorigin href="[^"]+">)\n?/g)];
  let out = html;
  for (const match of [...entries, ...preloads, ...sheets]) out = out.replace(match[0], "");
  const charset = /<meta charset="[^"]*" \/>\n?/.exec(out);
  if (!charset) throw new Error('prerender: index.html has no <meta charset="..." />');
  const at = charset.index + charset[0].length;
  out = out.slice(0, at) + sheets.map((m) => `    ${m[1]}\n`).join("") + out.slice(at);
  return { html: out, entry: entries[0]![1]!, preloads: preloads.map((m) => m[1]!) };
}

export function prerenderShell(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "rwa-atlas:prerender",
    apply: (_userConfig, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside node_modules so the SSR bundle's bare imports (react, react-dom/server...) resolve.
      const cacheDir = path.join(config.root, "node_modules", ".cache");
      mkdirSync(cacheDir, { recursive: true });
      const ssrOut = mkdtempSync(path.join(cacheDir, "prerender-"));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          root: config.root,
          logLevel: "warn",
          build: {
            ssr: ENTRY,
            outDir: ssrOut,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            sourcemap: false,
            rollupOptions: { output: { entryFileNames: "entry-prerender.mjs" } },
          },
        });
        const entry = pathToFileURL(path.join(ssrOut, "entry-prerender.mjs")).href;
        const shell = (await import(entry)) as PrerenderModule;
        const indexFile = path.join(outDir, "index.html");
        const built = deferAppScripts(readFileSync(indexFile, "utf8"));
        const template = built.html;
        const boot = shell.bootScript({ entry: built.entry, preloads: built.preloads });
        allowInlineScriptIn(path.join(outDir, HEADERS_FILE), boot);
        const html = injectShell(template, {
          markup: await shell.renderHomeShell(),
          attribute: shell.PRERENDERED_ATTRIBUTE,
          route: "/",
          boot,
        });
        writeFileSync(indexFile, html);
        config.logger.info(
          `prerender: home shell written into ${path.relative(config.root, indexFile)} (${html.length} bytes)`,
        );

        // Every protocol page, from the committed data, as /protocols/<slug>/index.html and as
        // /protocols/<slug>.html: static hosts differ in which one answers /protocols/<slug> (the
        // canonical URL, no trailing slash). Netlify and Cloudflare Pages serve `<slug>.html` there
        // without a redirect, and so does `vite preview`; hosts that only map directories to their
        // index.html serve the other. Without either, the client route renders the same page.
        const siteUrl = siteUrlOf(template);
        // With their products (the Products section is in the frame, so it never shifts the page).
        const rows = committedRows();
        const products = committedProducts(rows);
        const pages = shell.renderProtocolPages(
          rows.map((row) => ({ ...row, ...productSummaryColumns(products.filter((p) => p.protocol === row.name)) })),
          siteUrl,
          products.map((product) => ({
            ...product,
            id: `${product.protocol}/${product.symbol}`,
            protocol_id: product.protocol,
          })),
        );
        // /methodology and /changes the same way: /methodology/index.html and /methodology.html...
        const others = [
          shell.renderMethodologyPage(siteUrl),
          shell.renderChangesPage(rows, committedChangeRows(rows), siteUrl),
        ];
        for (const page of [...pages, ...others]) {
          const head = retargetHead(template, {
            url: `${siteUrl}${page.path}`,
            title: page.title,
            description: page.description,
            jsonLd: page.jsonLd,
            feed: page.feed,
          });
          const html = injectShell(head, {
            markup: page.markup,
            attribute: shell.PRERENDERED_ATTRIBUTE,
            route: page.path,
            boot,
          });
          assertJsonLd(html, page.path);
          const base = path.join(outDir, ...page.path.split("/").filter(Boolean));
          mkdirSync(base, { recursive: true });
          writeFileSync(path.join(base, "index.html"), html);
          writeFileSync(`${base}.html`, html);
        }
        config.logger.info(
          `prerender: ${pages.length} protocol pages written into ${path.relative(config.root, path.join(outDir, "protocols"))}/, /methodology and /changes`,
        );
      } finally {
        rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
