// imports/no-cycle: reports an import that leads, through any chain of the project's own modules,
// back to the file that makes it. Type-only imports count too: a cycle of types is still two modules
// that cannot be understood one before the other. Resolves relative specifiers and the `@/` alias
// (src/); packages are leaves. The graph is read from disk once per lint run and cached.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const IMPORT_RE =
  /(?:^|\n)\s*(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const resolved = new Map();
function resolveFrom(fromFile, specifier, root) {
  const key = `${fromFile}\n${specifier}`;
  if (resolved.has(key)) return resolved.get(key);
  let base = null;
  if (specifier.startsWith("@/")) base = path.join(root, "src", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  let file = null;
  if (base !== null) {
    const candidates = [
      base,
      ...EXTENSIONS.map((ext) => base.replace(/\.(js|mjs)$/, "") + ext),
      ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
    ];
    file = candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
  }
  resolved.set(key, file);
  return file;
}

const edges = new Map();
function importsOf(file, root) {
  if (edges.has(file)) return edges.get(file);
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    // Unreadable: a leaf.
  }
  const out = [];
  for (const match of text.matchAll(IMPORT_RE)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = resolveFrom(file, specifier, root);
    if (target !== null && !target.includes(`${path.sep}node_modules${path.sep}`)) out.push(target);
  }
  edges.set(file, out);
  return out;
}

/** A path from `start` back to `target`, or null. */
function pathBack(start, target, root) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file, root)) stack.push([next, [...trail, next]]);
  }
  return null;
}

export default {
  rules: {
    "no-cycle": {
      meta: {
        type: "problem",
        schema: [],
        messages: { cycle: "Import cycle: {{chain}}. Move the shared piece into a module both can import." },
      },
      create(context) {
        const file = context.filename;
        const root = context.cwd;
        const check = (node, specifier) => {
          const target = resolveFrom(file, specifier, root);
          if (target === null) return;
          const trail = pathBack(target, file, root);
          if (trail === null) return;
          const chain = [file, ...trail].map((f) => path.relative(root, f)).join(" -> ");
          context.report({ node, messageId: "cycle", data: { chain } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
        };
      },
    },
  },
};
