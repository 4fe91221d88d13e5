// Gives each lazy import in the client build the URL of the chunk it loads, so src/lib/on-demand.ts
// can retry a failed download under a URL the browser has not seen (Chromium keeps a module whose
// download failed failed for the page's life). Every `() => import("<module>")` in src/ becomes
//   Object.assign(() => import("<module>"), { chunkUrl: "/assets/<chunk>-<hash>.js" })
// naming the chunk that holds <module> as the bundler split it; the split itself is unchanged. The
// dev server and the tests run without it: there, an importer has no `chunkUrl`.
import type { Plugin } from "vite";

/** What the transform leaves in place of a URL: the module's resolved id, behind this prefix. */
const MARK = "rwa-atlas-chunk-url:";
const MARKED = /(["'`])rwa-atlas-chunk-url:([^"'`]+)\1/g;

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };
type Importer = { start: number; end: number; source: string };

/** Every `() => import("literal")` in a parsed module. */
function lazyImporters(node: unknown, found: Importer[] = []): Importer[] {
  if (Array.isArray(node)) {
    for (const child of node) lazyImporters(child, found);
  } else if (node !== null && typeof node === "object") {
    const { type, params, body, start, end } = node as AstNode;
    const source = (body as AstNode | undefined)?.source as AstNode | undefined;
    if (
      type === "ArrowFunctionExpression" &&
      Array.isArray(params) &&
      params.length === 0 &&
      (body as AstNode).type === "ImportExpression" &&
      source?.type === "Literal" &&
      typeof source.value === "string"
    ) {
      found.push({ start, end, source: source.value });
    }
    for (const value of Object.values(node)) lazyImporters(value, found);
  }
  return found;
}

export function chunkUrls(): Plugin {
  let base = "/";
  return {
    name: "rwa-atlas:chunk-urls",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    // After TypeScript and JSX are compiled away, so the module parses as JavaScript.
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    // Each importer gets its module's resolved id, marked, where the URL will go.
    async transform(code, id) {
      if (!/[\\/]src[\\/][^?]*\.[jt]sx?$/.test(id) || !code.includes("import(")) return null;
      const importers = lazyImporters(this.parse(code));
      if (importers.length === 0) return null;
      let out = code;
      // From the last to the first, so the earlier offsets stay right.
      for (const { start, end, source } of importers.sort((a, b) => b.start - a.start)) {
        const resolved = await this.resolve(source, id);
        if (!resolved) this.error(`chunk-urls: cannot resolve "${source}" from ${id}`);
        const url = JSON.stringify(MARK + resolved.id);
        out = `${out.slice(0, start)}Object.assign(${out.slice(start, end)}, { chunkUrl: ${url} })${out.slice(end)}`;
      }
      // No map: the code only grows within its lines, and every line still maps to this module.
      return { code: out, map: null };
    },
    // Once the chunks are known, the mark becomes the URL of the module's own chunk (its file
    // name still holds the bundler's hash placeholder, filled in with every other name). Its own:
    // such a chunk exports the module's names, so a retry's `pick` finds them. A module the
    // bundler put inside another chunk has none, and the build says so.
    renderChunk(code, _chunk, _options, { chunks }) {
      if (!code.includes(MARK)) return null;
      const out = code.replace(MARKED, (_match, _quote, id: string) => {
        const own = Object.values(chunks).find((chunk) => chunk.facadeModuleId === id);
        if (!own) this.error(`chunk-urls: ${id} is loaded on demand but has no chunk of its own`);
        return JSON.stringify(base + own.fileName);
      });
      return { code: out, map: null };
    },
  };
}
