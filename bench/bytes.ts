// What `/` downloads before it can be interactive, and what it may fetch later, measured from a
// built dist/ as a static host serves it: raw, gzip (level 9) and brotli (quality 11).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { explore } from "source-map-explorer";
import { preview as vitePreview } from "vite";
import { chromiumLaunchOptions } from "./chromium";
import { BASELINE, BUDGETS, code, kb, row, type Row } from "./report";

type Sizes = { raw: number; gzip: number; brotli: number };
type Group = { files: (Sizes & { file: string })[]; total: Sizes };
type Data = { protocols: object[] };
export type BundleBytes = { html: Sizes } & Record<
  "referencedJs" | "initialJs" | "initialCss" | "laterJs" | "laterCss" | "laterOther",
  Group
>;

/** `vite preview` of a build on a free loopback port (SPA fallback included). */
export const preview = (distDir: string) =>
  vitePreview({
    configFile: false,
    logLevel: "silent",
    build: { outDir: path.resolve(distDir) },
    preview: { host: "127.0.0.1", port: 0 },
  });

export function sizes(content: Buffer): Sizes {
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, brotli: brotli.length };
}

/**
 * Initial: the JS and CSS index.html names (scripts, modulepreloads, stylesheets) plus `observed`,
 * what a browser fetched for `/` on its own before any input (code imported at boot is needed to
 * be interactive). Later: everything else under assets/.
 */
export function measureBundle(distDir: string, observed: readonly string[]): BundleBytes {
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) throw new Error(`${indexPath} does not exist: build the app first (npm run build).`);
  const html = readFileSync(indexPath);
  // Attributes (src="/assets/...") and the boot script's list of what it starts ("/assets/...").
  const assets = html.toString().matchAll(/"\/(assets\/[^"]+\.(?:m?js|css))"/g);
  const referenced = [...assets].map((m) => m[1]!);
  const initial = new Set([...referenced, ...observed]);
  for (const file of initial) {
    if (!existsSync(path.join(distDir, file))) throw new Error(`${file} is loaded by / but is not in ${distDir}`);
  }
  const group = (files: string[]): Group => {
    const sized = files
      .map((file) => ({ file, ...sizes(readFileSync(path.join(distDir, file))) }))
      .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
    const sum = (key: keyof Sizes) => sized.reduce((n, f) => n + f[key], 0);
    return { files: sized, total: { raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") } };
  };
  const js = (f: string) => /\.m?js$/.test(f);
  const css = (f: string) => f.endsWith(".css");
  const later = readdirSync(path.join(distDir, "assets"))
    .map((name) => `assets/${name}`)
    .filter((f) => !initial.has(f) && !f.endsWith(".map"));
  return {
    html: sizes(html),
    referencedJs: group(referenced.filter(js)),
    initialJs: group([...initial].filter(js)),
    initialCss: group([...initial].filter(css)),
    laterJs: group(later.filter(js)),
    laterCss: group(later.filter(css)),
    laterOther: group(later.filter((f) => !js(f) && !css(f))),
  };
}

/**
 * Dist-relative paths of the JS and CSS `/` fetches on a phone viewport with no input, until no new
 * file has been requested for 2 s. index.html alone misses code the entry import()s at boot. The
 * protocols request is answered with the build's own open data (dist/data/protocols.json).
 */
export async function observeInitialLoad(distDir: string): Promise<string[]> {
  const server = await preview(distDir);
  const origin = new URL(server.resolvedUrls!.local[0]!).origin;
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const { protocols } = JSON.parse(readFileSync(path.join(distDir, "data/protocols.json"), "utf8")) as Data;
    const body = JSON.stringify(protocols.map((p, i) => ({ id: String(i + 1), ...p })));
    await context.route(
      (url) => url.origin !== origin,
      (route) =>
        route.request().url().includes("/rest/v1/protocols?")
          ? route.fulfill({ contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body })
          : route.abort(),
    );
    const page = await context.newPage();
    const files = new Set<string>();
    let last = Date.now();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && /\.(m?js|css)$/.test(url.pathname)) {
        files.add(url.pathname.slice(1));
        last = Date.now();
      }
    });
    const start = Date.now();
    await page.goto(`${origin}/`, { waitUntil: "load", timeout: 60_000 });
    while (Date.now() - last < 2000 && Date.now() - start < 20_000) await page.waitForTimeout(250);
    return [...files].sort();
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
}

const trio = (s: Sizes) => `${kb(s.gzip)} gzip / ${kb(s.brotli)} br / ${kb(s.raw)} raw`;
const count = (g: Group) => `${g.files.length} file${g.files.length === 1 ? "" : "s"}`;

/** The byte figures as table rows, budgets applied (bench:check and bench). */
export function bundleRows(bytes: BundleBytes): Row[] {
  const { initialJs: js, initialCss: css } = bytes;
  return [
    row("Bytes", `Initial JS (${count(js)}, fetched by / before any input)`, trio(js.total), {
      baseline: `${kb(BASELINE.initialJsGzip)} gzip`,
      target: `<= ${kb(BUDGETS.initialJsGzip)} gzip`,
      pass: js.total.gzip <= BUDGETS.initialJsGzip,
    }),
    row("Bytes", `Initial CSS (${count(css)})`, trio(css.total), {
      target: `<= ${kb(BUDGETS.initialCssGzip)} gzip`,
      pass: css.total.gzip <= BUDGETS.initialCssGzip,
    }),
    row("Bytes", `  of which index.html references (${count(bytes.referencedJs)})`, trio(bytes.referencedJs.total)),
    row("Bytes", "index.html", trio(bytes.html)),
    row("Bytes", `Later JS (${count(bytes.laterJs)})`, trio(bytes.laterJs.total)),
    row("Bytes", `Later CSS (${count(bytes.laterCss)})`, trio(bytes.laterCss.total)),
    row("Bytes", `Other assets (${count(bytes.laterOther)})`, `${kb(bytes.laterOther.total.raw)} raw`),
  ];
}

/** Per-file listing, biggest first. */
export function fileListing(bytes: BundleBytes): string[] {
  const { initialJs, initialCss, laterJs, laterCss } = bytes;
  return Object.entries({
    "initial JS": initialJs,
    "initial CSS": initialCss,
    "later JS": laterJs,
    "later CSS": laterCss,
  }).flatMap(([label, g]) =>
    g.files.map((f) => `${label.padEnd(11)} ${kb(f.gzip).padStart(9)} gzip  ${kb(f.raw).padStart(9)} raw  ${f.file}`),
  );
}

/** "../node_modules/@scope/pkg/x.js" -> "@scope/pkg"; "../src/pages/home.tsx" -> "src/pages/home.tsx". */
export const moduleOf = (source: string) =>
  /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source.replace(/^(\.\.\/)+/, "");

/**
 * What the initial JS is made of: minified bytes per package (or src/ file), read by
 * source-map-explorer from the build's hidden source maps. Markdown lines; none without maps.
 */
export async function composition(distDir: string, bytes: BundleBytes): Promise<string[]> {
  const bundles = bytes.initialJs.files
    .map((f) => path.join(distDir, f.file))
    .filter((file) => existsSync(`${file}.map`))
    .map((file) => ({ code: file, map: `${file}.map` }));
  if (bundles.length === 0) return [];
  // noBorderChecks: Vite's maps point one column past a line end now and then.
  const result = await explore(bundles, { output: { format: "json" }, noBorderChecks: true });
  const totals = new Map<string, number>();
  for (const bundle of result.bundles)
    for (const [source, { size }] of Object.entries(bundle.files))
      totals.set(moduleOf(source), (totals.get(moduleOf(source)) ?? 0) + size);
  const all = [...totals].sort((a, b) => b[1] - a[1]);
  const sum = all.reduce((n, [, bytes]) => n + bytes, 0);
  const line = ([name, n]: [string, number]) =>
    `${kb(n).padStart(9)}  ${((100 * n) / sum).toFixed(1).padStart(5)}%  ${name}`;
  return [
    "### What the initial JS is made of",
    "",
    `Minified bytes per package or source file, from the build's source maps by source-map-explorer (${kb(sum)} minified in all):`,
    "",
    ...code(all.slice(0, 20).map(line)),
  ];
}
