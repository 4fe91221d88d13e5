// Which modules fill the initial chunks: minified bytes per package (or per src/ file),
// attributed from the build's source maps (`vite build --sourcemap hidden`). No plugin needed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type ModuleShare = { module: string; bytes: number };

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one mappings segment ("AAAA,CAAC") into its VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** "node_modules/react-dom/cjs/x.js" -> "react-dom"; "src/pages/home.tsx" stays as is. */
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

/** Minified bytes per module for one chunk, or null when the chunk has no map. */
export function chunkComposition(chunkFile: string): Map<string, number> | null {
  const mapFile = `${chunkFile}.map`;
  if (!existsSync(mapFile)) return null;
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
  const code = readFileSync(chunkFile, "utf8").split("\n");
  const sizes = new Map<string, number>();
  const add = (name: string, n: number) => sizes.set(name, (sizes.get(name) ?? 0) + n);
  let sourceIndex = 0;
  map.mappings.split(";").forEach((line, lineNo) => {
    const lineLength = Buffer.byteLength(code[lineNo] ?? "");
    let column = 0;
    const segments: { column: number; source: number | null }[] = [];
    for (const raw of line.split(",")) {
      if (raw === "") continue;
      const fields = decodeSegment(raw);
      column += fields[0]!;
      if (fields.length >= 4) {
        sourceIndex += fields[1]!;
        segments.push({ column, source: sourceIndex });
      } else {
        segments.push({ column, source: null });
      }
    }
    // Columns count UTF-16 units; minified chunks are ASCII in practice, close enough for shares.
    if (segments.length === 0) {
      add("(unmapped)", lineLength);
      return;
    }
    add("(unmapped)", segments[0]!.column);
    segments.forEach((seg, i) => {
      const end = i + 1 < segments.length ? segments[i + 1]!.column : lineLength;
      const name = seg.source === null ? "(unmapped)" : moduleOf(map.sources[seg.source] ?? "?");
      add(name, Math.max(0, end - seg.column));
    });
  });
  return sizes;
}

/** The modules of all initial chunks, biggest first; null when the build has no source maps. */
export function initialComposition(distDir: string, initialFiles: string[]): ModuleShare[] | null {
  const total = new Map<string, number>();
  let mapped = false;
  for (const file of initialFiles) {
    const sizes = chunkComposition(path.join(distDir, file));
    if (!sizes) continue;
    mapped = true;
    for (const [name, n] of sizes) total.set(name, (total.get(name) ?? 0) + n);
  }
  if (!mapped) return null;
  return [...total].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes);
}
