// Prerenders the home page's first frame into the built index.html (issue #5: first paint must
// not wait for JavaScript). After the client build is written, a second, SSR build of
// src/entry-prerender.tsx runs with the same config (aliases, defines, mode), its output is
// imported and rendered, and the markup goes into `<div id="root">` of `<outDir>/index.html`.
// No inline script is added: the page's only script stays the hashed module entry.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";

const ENTRY = "src/entry-prerender.tsx";
const ROOT_MARKER = '<div id="root"></div>';

type PrerenderModule = { renderHomeShell: () => string; bootScript: () => string; PRERENDERED_ATTRIBUTE: string };

type Shell = { markup: string; attribute: string; bootSrc: string };

/**
 * Fills the empty root element with the markup, marks it as prerendered and puts the boot script
 * (a file, never inline) right before it. Throws if the template has no empty root element.
 */
export function injectShell(html: string, { markup, attribute, bootSrc }: Shell): string {
  const at = html.indexOf(ROOT_MARKER);
  if (at < 0) throw new Error(`prerender: index.html has no empty ${ROOT_MARKER} to fill`);
  if (/<script\b/i.test(markup)) throw new Error("prerender: the rendered shell contains a <script> element");
  const indent = /[ \t]*$/.exec(html.slice(0, at))?.[0] ?? "";
  const filled = `<script src="${bootSrc}"></script>\n${indent}<div id="root" ${attribute}>${markup}</div>`;
  return html.slice(0, at) + filled + html.slice(at + ROOT_MARKER.length);
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
        // Content-hashed like every other asset, so the host may cache it forever.
        const boot = shell.bootScript();
        const bootFile = path.posix.join(config.build.assetsDir, `boot-${createHash("sha256").update(boot).digest("hex").slice(0, 8)}.js`);
        writeFileSync(path.join(outDir, bootFile), boot);
        const indexFile = path.join(outDir, "index.html");
        const html = injectShell(readFileSync(indexFile, "utf8"), {
          markup: shell.renderHomeShell(),
          attribute: shell.PRERENDERED_ATTRIBUTE,
          bootSrc: config.base + bootFile,
        });
        writeFileSync(indexFile, html);
        config.logger.info(`prerender: home shell written into ${path.relative(config.root, indexFile)} (${html.length} bytes)`);
      } finally {
        rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
