// The prerendered frame: build/prerender.ts writes a page's first render into `#root` and marks
// it with the route it shows. main.tsx reads the mark, and the boot script (entry-prerender.tsx)
// hides a frame of another route. No imports: main.tsx must import nothing of the app.

/** Set on `#root` while it holds a build-time frame; its value is the route the frame renders. */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/**
 * The route a URL's path names: '/protocols/x/' -> '/protocols/x', and '/' stays '/' (static hosts
 * may add the slash). Plain ES5, as the boot script carries its source.
 */
export function routePath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}
