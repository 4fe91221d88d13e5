import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { bundleRows, measureBundle, moduleOf } from "./bytes";

const root = mkdtempSync(path.join(tmpdir(), "bench-bytes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(root, "dist-"));
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

describe("measureBundle", () => {
  test("counts what index.html names and what the browser saw / fetch as initial, the rest as later", () => {
    const dir = dist({
      "index.html": INDEX,
      "assets/index-a.js": 'const boot=()=>import("./app-f.js");boot();',
      "assets/vendor-b.js": "export const b=1;",
      "assets/app-f.js": "export const app=1;",
      "assets/lazy-e.js": "export const e=1;",
      "assets/index-c.css": "body{margin:0}",
      "assets/lazy-e.css": "p{color:red}",
      "assets/index-a.js.map": "{}",
      "assets/og.png": "png",
    });
    const bytes = measureBundle(dir, ["assets/index-a.js", "assets/app-f.js", "assets/index-c.css"]);
    const files = (group: Exclude<keyof typeof bytes, "html">) =>
      bytes[group].files.map((f) => f.file.replace("assets/", "")).sort();
    expect(files("initialJs")).toEqual(["app-f.js", "index-a.js", "vendor-b.js"]);
    expect(files("referencedJs")).toEqual(["index-a.js", "vendor-b.js"]);
    expect(files("initialCss")).toEqual(["index-c.css"]);
    expect(files("laterJs")).toEqual(["lazy-e.js"]);
    expect(files("laterCss")).toEqual(["lazy-e.css"]);
    expect(files("laterOther")).toEqual(["og.png"]);
    expect(bytes.initialJs.total.gzip).toBe(bytes.initialJs.files.reduce((sum, f) => sum + f.gzip, 0));
  });

  test("fails the JS budget above 160 KB gzip", () => {
    // Random hex: about 4 bits per character survive gzip, so 400,000 characters are ~200 KB.
    const noise = randomBytes(200_000).toString("hex");
    const dir = dist({
      "index.html": INDEX.replace(/<link rel="modulepreload"[^>]*>/, ""),
      "assets/index-a.js": `export const x="${noise}";`,
      "assets/index-c.css": "body{margin:0}",
    });
    const rows = bundleRows(measureBundle(dir, []));
    expect(rows.find((r) => r.metric.startsWith("Initial JS"))?.verdict).toBe("FAIL");
    expect(rows.find((r) => r.metric.startsWith("Initial CSS"))?.verdict).toBe("pass");
  });

  test("names a missing build and a file / loads that is not in it", () => {
    expect(() => measureBundle(dist({}), [])).toThrow(/index\.html does not exist: build the app first/);
    expect(() => measureBundle(dist({ "index.html": INDEX, "assets/index-c.css": "" }), [])).toThrow(
      /assets\/index-a\.js is loaded by \/ but is not in/,
    );
  });
});

describe("moduleOf", () => {
  test("names scoped packages and source files", () => {
    expect(moduleOf("../../node_modules/@supabase/auth-js/dist/module/x.js")).toBe("@supabase/auth-js");
    expect(moduleOf("../../src/pages/home.tsx")).toBe("src/pages/home.tsx");
  });
});
