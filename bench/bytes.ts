// What `/` downloads before it can be interactive, and what it may fetch later, measured from a
// built dist/ the way a static host serves it: raw, gzip (level 9) and brotli (quality 11).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { atMost, BASELINE, BUDGETS, type Row } from "./budgets";

export type Sizes = { raw: number; gzip: number; brotli: number };
export type AssetSize = Sizes & { file: string };
export type Group = { files: AssetSize[]; total: Sizes };

export type BundleBytes = {
  distDir: string;
  /** "browser": the initial set includes what Chromium saw `/` fetch on its own; "static": index.html only. */
  method: "browser" | "static";
  html: AssetSize;
  /** JS that index.html references (scripts, modulepreloads and their static imports). */
  staticJs: Group;
  initialJs: Group;
  initialCss: Group;
  laterJs: Group;
  laterCss: Group;
  /** Other files under assets/ (images, fonts): loaded on demand, if at all. */
  laterOther: Group;
};

export function compressedSizes(content: Buffer): Sizes {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}

function sum(files: AssetSize[]): Sizes {
  return files.reduce<Sizes>(
    (acc, f) => ({ raw: acc.raw + f.raw, gzip: acc.gzip + f.gzip, brotli: acc.brotli + f.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

function group(files: AssetSize[]): Group {
  const sorted = [...files].sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  return { files: sorted, total: sum(sorted) };
}

function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? "") : null;
}

/** The JS and CSS the HTML itself asks for: scripts, modulepreloads, stylesheets. */
export function htmlReferences(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, "src");
    const type = (attr(tag, "type") ?? "").toLowerCase();
    if (src && ["", "module", "text/javascript", "application/javascript"].includes(type)) js.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) js.push(href);
    else if (rel.includes("stylesheet")) css.push(href);
  }
  return { js, css };
}

/**
 * Static imports of an ES module chunk (`import{a}from"./x.js"`, `import"./y.js"`,
 * `export*from"./z.js"`), never dynamic `import("./lazy.js")`: those load later.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

function isExternal(ref: string): boolean {
  return /^(?:[a-z]+:)?\/\//i.test(ref) || ref.startsWith("data:");
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * `observed`: dist-relative paths of the JS/CSS a browser fetched for `/` before any input
 * (see loaded.ts). They join the initial set: code imported at boot is needed to be interactive.
 */
export function measureBundle(dir: string, observed?: readonly string[]): BundleBytes {
  const distDir = path.resolve(dir);
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    throw new Error(`${indexPath} does not exist: build the app first (npm run build).`);
  }
  const html = readFileSync(indexPath, "utf8");
  const refs = htmlReferences(html);
  const toFile = (ref: string, from: string) =>
    ref.startsWith("/") ? path.resolve(distDir, `.${ref.split(/[?#]/)[0]!}`) : path.resolve(path.dirname(from), ref.split(/[?#]/)[0]!);

  // Follow static imports too: a chunk the HTML forgot to preload is still on the critical path.
  const initialJs = new Set<string>();
  const queue = refs.js.filter((r) => !isExternal(r)).map((r) => toFile(r, indexPath));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (initialJs.has(file)) continue;
    if (!existsSync(file)) throw new Error(`index.html references ${path.relative(distDir, file)}, which is not in ${distDir}`);
    initialJs.add(file);
    for (const ref of staticImports(readFileSync(file, "utf8"))) {
      // A match inside a string literal names no real file: only real chunks count.
      const target = isExternal(ref) ? null : toFile(ref, file);
      if (target && existsSync(target)) queue.push(target);
    }
  }
  const staticJs = new Set(initialJs);
  const initialCss = new Set(refs.css.filter((r) => !isExternal(r)).map((r) => toFile(r, indexPath)));
  for (const rel of observed ?? []) {
    const file = path.resolve(distDir, rel);
    if (!existsSync(file)) continue;
    if (/\.m?js$/.test(file)) initialJs.add(file);
    else if (file.endsWith(".css")) initialCss.add(file);
  }
  for (const file of initialCss) {
    if (!existsSync(file)) throw new Error(`index.html references ${path.relative(distDir, file)}, which is not in ${distDir}`);
  }

  const sized = (file: string): AssetSize => ({ file: path.relative(distDir, file), ...compressedSizes(readFileSync(file)) });
  const later = listFiles(path.join(distDir, "assets")).filter(
    (f) => !initialJs.has(f) && !initialCss.has(f) && !f.endsWith(".map"),
  );
  return {
    distDir,
    method: observed ? "browser" : "static",
    html: { file: "index.html", ...compressedSizes(Buffer.from(html)) },
    staticJs: group([...staticJs].map(sized)),
    initialJs: group([...initialJs].map(sized)),
    initialCss: group([...initialCss].map(sized)),
    laterJs: group(later.filter((f) => /\.m?js$/.test(f)).map(sized)),
    laterCss: group(later.filter((f) => f.endsWith(".css")).map(sized)),
    laterOther: group(later.filter((f) => !/\.(m?js|css)$/.test(f)).map(sized)),
  };
}

/** KB as Vite prints it (1 KB = 1000 bytes), the unit of the budgets. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function trio(s: Sizes): string {
  return `${kb(s.gzip)} gzip / ${kb(s.brotli)} br / ${kb(s.raw)} raw`;
}

/** The byte figures as table rows, budgets applied (shared by bench:check and bench). */
export function bundleRows(bytes: BundleBytes): Row[] {
  const section = "Bytes";
  const count = (g: Group) => `${g.files.length} file${g.files.length === 1 ? "" : "s"}`;
  return [
    {
      section,
      metric: `Initial JS (${count(bytes.initialJs)}${bytes.method === "browser" ? ", fetched by / before any input" : ", index.html only"})`,
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
    {
      section,
      metric: `  of which index.html references (${count(bytes.staticJs)})`,
      value: trio(bytes.staticJs.total),
      verdict: "-",
      kind: "info",
    },
    { section, metric: "index.html", value: trio(bytes.html), verdict: "-", kind: "info" },
    { section, metric: `Later JS (${count(bytes.laterJs)})`, value: trio(bytes.laterJs.total), verdict: "-", kind: "info" },
    { section, metric: `Later CSS (${count(bytes.laterCss)})`, value: trio(bytes.laterCss.total), verdict: "-", kind: "info" },
    {
      section,
      metric: `Other assets (${count(bytes.laterOther)})`,
      value: `${kb(bytes.laterOther.total.raw)} raw`,
      verdict: "-",
      kind: "info",
    },
  ];
}

/** Per-file listing, biggest first, for the report and the terminal. */
export function fileListing(bytes: BundleBytes): string[] {
  const lines: string[] = [];
  const add = (label: string, g: Group) => {
    for (const f of g.files) lines.push(`${label.padEnd(11)} ${kb(f.gzip).padStart(9)} gzip  ${kb(f.raw).padStart(9)} raw  ${f.file}`);
  };
  add("initial JS", bytes.initialJs);
  add("initial CSS", bytes.initialCss);
  add("later JS", bytes.laterJs);
  add("later CSS", bytes.laterCss);
  return lines;
}
