// What the prerender tests load: src/entry-prerender.tsx, by path (this tsconfig, the Node side,
// has no JSX; Vitest compiles the entry as Vite would), and the text a browser would show.
import path from "node:path";
import type { PrerenderModule } from "../../build/prerender.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRY = path.join(ROOT, "src", "entry-prerender.tsx");
export const prerender = (await import(/* @vite-ignore */ ENTRY)) as PrerenderModule;

/** Visible text of an HTML fragment, roughly as a browser lays it out (tags become spaces). */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}
