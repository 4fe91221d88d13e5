// The chunk-urls plugin on a small app built for real: each lazy importer carries the URL of its
// module's own chunk, that file exports the module's names, and a module with no chunk of its
// own stops the build.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { chunkUrls } from "./chunk-urls.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Builds `files` (paths under src/) with the plugin alone; returns the output's JS files by name. */
async function buildApp(files: Record<string, string>): Promise<Map<string, string>> {
  const root = mkdtempSync(path.join(tmpdir(), "chunk-urls-"));
  dirs.push(root);
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, "src", name)), { recursive: true });
    writeFileSync(path.join(root, "src", name), code);
  }
  const outDir = path.join(root, "dist");
  await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [chunkUrls()],
    build: { outDir, minify: false, rolldownOptions: { input: path.join(root, "src", "main.ts") } },
  });
  const assets = path.join(outDir, "assets");
  return new Map(readdirSync(assets).map((name) => [name, readFileSync(path.join(assets, name), "utf8")]));
}

describe("chunkUrls", () => {
  it("gives each `() => import(...)` its chunk's URL, a file that exports the module's names", async () => {
    const out = await buildApp({
      "main.ts": [
        'import { shared } from "./shared.ts";',
        'export const page = () => import("./pages/page.ts");',
        'export const dialog = () => import("./dialog.ts");',
        // Not an importer: the boot's own imports keep their shape.
        'export const boot = import("./dialog.ts").then((m) => m.Dialog);',
        "console.log(shared);",
      ].join("\n"),
      "pages/page.ts": 'import { shared } from "../shared.ts";\nexport const Page = "page" + shared;',
      "dialog.ts": 'export const Dialog = "dialog";',
      "shared.ts": 'export const shared = "!";',
    });
    const entry = [...out].find(([name]) => name.startsWith("main-"))![1];
    const urls = [...entry.matchAll(/chunkUrl: "\/assets\/([^"]+)"/g)].map((match) => match[1]!);
    expect(urls).toHaveLength(2);
    const [page, dialog] = urls.map((file) => [file, out.get(file)] as const);
    expect(page![0]).toMatch(/^page-[\w-]+\.js$/);
    expect(page![1]).toMatch(/export \{[^}]*\bPage\b/);
    expect(dialog![0]).toMatch(/^dialog-[\w-]+\.js$/);
    expect(dialog![1]).toMatch(/export \{[^}]*\bDialog\b/);
    // The importer still imports that same file, and the split is the bundler's own.
    for (const file of urls) expect(entry).toContain(`import("./${file}")`);
    expect([...out.keys()].filter((name) => name.endsWith(".js"))).toHaveLength(3);
    expect(entry).not.toContain("rwa-atlas-chunk-url:");
  });

  it("stops the build when a module loaded on demand has no chunk of its own", async () => {
    await expect(
      buildApp({
        "main.ts":
          'import { Dialog } from "./dialog.ts";\nexport const dialog = () => import("./dialog.ts");\nconsole.log(Dialog);',
        "dialog.ts": 'export const Dialog = "dialog";',
      }),
    ).rejects.toThrow(/dialog\.ts is loaded on demand but has no chunk of its own/);
  });
});
