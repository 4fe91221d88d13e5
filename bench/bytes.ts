// What `/` downloads before it can be interactive, and what it may fetch later, measured from a
// built dist/ as a static host serves it: raw, gzip (level 9) and brotli (quality 11).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { atMost, BASELINE, BUDGETS, type Row } from "./budgets";

type Sizes = { raw: number; gzip: number; brotli: number };
type Group = { files: (Sizes & { file: string })[]; total: Sizes };

export type BundleBytes = {
  html: Sizes;
  /** The JS index.html itself names (scripts and modulepreloads). */
  referencedJs: Group;
  /** index.html's JS and CSS plus what Chromium saw `/` fetch on its own before any input. */
  initialJs: Group;
  initialCss: Group;
  laterJs: Group;
  laterCss: Group;
  /** Other files under assets/ (images, fonts): loaded on demand, if at all. */
  laterOther: Group;
};

function sizes(content: Buffer): Sizes {
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, brotli: brotli.length };
}

/**
 * `observed`: dist-relative paths of the JS/CSS a browser fetched for `/` before any input
 * (loaded.ts). They join the initial set: code imported at boot is needed to be interactive.
 */
export function measureBundle(distDir: string, observed: readonly string[]): BundleBytes {
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) throw new Error(`${indexPath} does not exist: build the app first (npm run build).`);
  const html = readFileSync(indexPath);
  const referenced = [...html.toString().matchAll(/\s(?:src|href)="\/(assets\/[^"]+\.(?:m?js|css))"/g)].map(
    (m) => m[1]!,
  );
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

/** KB as Vite prints it (1 KB = 1000 bytes), the unit of the budgets. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

const trio = (s: Sizes) => `${kb(s.gzip)} gzip / ${kb(s.brotli)} br / ${kb(s.raw)} raw`;
const count = (g: Group) => `${g.files.length} file${g.files.length === 1 ? "" : "s"}`;

/** The byte figures as table rows, budgets applied (shared by bench:check and bench). */
export function bundleRows(bytes: BundleBytes): Row[] {
  const section = "Bytes";
  const info = (metric: string, value: string): Row => ({ section, metric, value, verdict: "-", kind: "info" });
  return [
    {
      section,
      metric: `Initial JS (${count(bytes.initialJs)}, fetched by / before any input)`,
      value: trio(bytes.initialJs.total),
      baseline: `${kb(BASELINE.initialJsGzip)} gzip`,
      target: `<= ${kb(BUDGETS.initialJsGzip)} gzip`,
      verdict: atMost(bytes.initialJs.total.gzip, BUDGETS.initialJsGzip),
      kind: "budget",
    },
    {
      section,
      metric: `Initial CSS (${count(bytes.initialCss)})`,
      value: trio(bytes.initialCss.total),
      target: `<= ${kb(BUDGETS.initialCssGzip)} gzip`,
      verdict: atMost(bytes.initialCss.total.gzip, BUDGETS.initialCssGzip),
      kind: "budget",
    },
    info(`  of which index.html references (${count(bytes.referencedJs)})`, trio(bytes.referencedJs.total)),
    info("index.html", trio(bytes.html)),
    info(`Later JS (${count(bytes.laterJs)})`, trio(bytes.laterJs.total)),
    info(`Later CSS (${count(bytes.laterCss)})`, trio(bytes.laterCss.total)),
    info(`Other assets (${count(bytes.laterOther)})`, `${kb(bytes.laterOther.total.raw)} raw`),
  ];
}

/** Per-file listing, biggest first, for the report and the terminal. */
export function fileListing(bytes: BundleBytes): string[] {
  const groups = {
    "initial JS": bytes.initialJs,
    "initial CSS": bytes.initialCss,
    "later JS": bytes.laterJs,
    "later CSS": bytes.laterCss,
  };
  return Object.entries(groups).flatMap(([label, g]) =>
    g.files.map((f) => `${label.padEnd(11)} ${kb(f.gzip).padStart(9)} gzip  ${kb(f.raw).padStart(9)} raw  ${f.file}`),
  );
}
