// Which modules fill the initial chunks: minified bytes per package (or per src/ file), read
// from the build's source maps (`vite build --sourcemap hidden`) by source-map-explorer.
import { existsSync } from "node:fs";
import path from "node:path";
import { explore } from "source-map-explorer";

export type ModuleShare = { module: string; bytes: number };

/** "../node_modules/react-dom/cjs/x.js" -> "react-dom"; "../src/pages/home.tsx" -> "src/pages/home.tsx". */
export function moduleOf(source: string): string {
  const normalized = source.replace(/\\/g, "/");
  const nm = normalized.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = normalized.slice(nm + "node_modules/".length).split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = normalized.indexOf("src/");
  return src >= 0 ? normalized.slice(src) : normalized.replace(/^(\.\.\/)+/, "");
}

/** The modules of the initial JS chunks, biggest first; null when the build has no source maps. */
export async function initialComposition(distDir: string, initialFiles: string[]): Promise<ModuleShare[] | null> {
  const bundles = initialFiles
    .map((file) => path.join(distDir, file))
    .filter((code) => existsSync(`${code}.map`))
    .map((code) => ({ code, map: `${code}.map` }));
  if (bundles.length === 0) return null;
  // noBorderChecks: Vite's maps point one column past a line end now and then.
  const result = await explore(bundles, { output: { format: "json" }, noBorderChecks: true });
  const total = new Map<string, number>();
  for (const bundle of result.bundles) {
    for (const [source, { size }] of Object.entries(bundle.files)) {
      total.set(moduleOf(source), (total.get(moduleOf(source)) ?? 0) + size);
    }
  }
  return [...total].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes);
}
