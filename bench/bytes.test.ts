import { randomBytes } from "node:crypto";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { bundleRows, htmlReferences, measureBundle, staticImports } from "./bytes";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-bytes-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const INDEX = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
<link rel="icon" href="/favicon.svg">
</head><body><div id="root"></div></body></html>`;

describe("htmlReferences", () => {
  test("takes scripts, modulepreloads and stylesheets, not icons or data blocks", () => {
    expect(htmlReferences(INDEX)).toEqual({ js: ["/assets/index-a.js", "/assets/vendor-b.js"], css: ["/assets/index-c.css"] });
    const extra = '<script src="/assets/boot.js"></script><script type="application/json" src="/x.json"></script>';
    expect(htmlReferences(extra).js).toEqual(["/assets/boot.js"]);
  });
});

describe("staticImports", () => {
  test("follows static imports and re-exports but never dynamic import()", () => {
    const code = 'import{a as b}from"./v.js";import"./side.js";export*from"./re.js";const l=()=>import("./lazy.js");';
    expect(staticImports(code).sort()).toEqual(["./re.js", "./side.js", "./v.js"]);
  });
});

describe("measureBundle", () => {
  test("splits initial from later chunks, following static imports the HTML did not preload", () => {
    const dir = dist({
      "index.html": INDEX,
      "assets/index-a.js": 'import"./vendor-b.js";import"./deep-d.js";const l=()=>import("./lazy-e.js");',
      "assets/vendor-b.js": "export const b=1;",
      "assets/deep-d.js": "export const d=1;",
      "assets/lazy-e.js": "export const e=1;",
      "assets/index-c.css": "body{margin:0}",
      "assets/lazy-e.css": "p{color:red}",
      "assets/index-a.js.map": "{}",
    });
    const bytes = measureBundle(dir);
    expect(bytes.initialJs.files.map((f) => f.file).sort()).toEqual(["assets/deep-d.js", "assets/index-a.js", "assets/vendor-b.js"]);
    expect(bytes.initialCss.files.map((f) => f.file)).toEqual(["assets/index-c.css"]);
    expect(bytes.laterJs.files.map((f) => f.file)).toEqual(["assets/lazy-e.js"]);
    expect(bytes.laterCss.files.map((f) => f.file)).toEqual(["assets/lazy-e.css"]);
    expect(bytes.laterOther.files).toEqual([]);
    expect(bytes.initialJs.total.gzip).toBeGreaterThan(0);
    expect(bytes.method).toBe("static");
  });

  test("counts what a browser saw the page fetch at boot as initial, beside the static part", () => {
    const dir = dist({
      "index.html": INDEX.replace(/<link rel="modulepreload"[^>]*>/, ""),
      "assets/index-a.js": 'const boot=()=>import("./app-f.js");boot();',
      "assets/app-f.js": "export const app=1;",
      "assets/lazy-e.js": "export const e=1;",
      "assets/index-c.css": "body{margin:0}",
    });
    const bytes = measureBundle(dir, ["assets/index-a.js", "assets/app-f.js", "assets/index-c.css"]);
    expect(bytes.method).toBe("browser");
    expect(bytes.initialJs.files.map((f) => f.file).sort()).toEqual(["assets/app-f.js", "assets/index-a.js"]);
    expect(bytes.staticJs.files.map((f) => f.file)).toEqual(["assets/index-a.js"]);
    expect(bytes.laterJs.files.map((f) => f.file)).toEqual(["assets/lazy-e.js"]);
  });

  test("fails the JS budget above 160 KB gzip", () => {
    // Random hex: about 4 bits per character survive gzip, so 400,000 characters are ~200 KB.
    const noise = randomBytes(200_000).toString("hex");
    const dir = dist({
      "index.html": INDEX.replace(/<link rel="modulepreload"[^>]*>/, ""),
      "assets/index-a.js": `export const x="${noise}";`,
      "assets/index-c.css": "body{margin:0}",
    });
    const rows = bundleRows(measureBundle(dir));
    expect(rows.find((r) => r.metric.startsWith("Initial JS"))?.verdict).toBe("FAIL");
    expect(rows.find((r) => r.metric.startsWith("Initial CSS"))?.verdict).toBe("pass");
  });

  test("names a missing file the HTML references", () => {
    const dir = dist({ "index.html": INDEX });
    expect(() => measureBundle(dir)).toThrow(/assets\/index-a\.js/);
  });
});
