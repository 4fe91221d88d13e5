// Which route the HTML's prerendered frame shows, shared by main.tsx (boot path of every page:
// keep this file free of imports), render-app.tsx and the build-time prerender.

/** Set on `#root` while it holds a build-time frame; its value is the route the frame renders. */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/** '/protocols/x/' -> '/protocols/x'; '/' stays '/'. Static hosts may add the trailing slash. */
export function routePath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}

/** The route of the frame in `#root`, or null when the page has none (dev server, already replaced). */
export function frameRoute(root: Element | null): string | null {
  return root?.getAttribute(PRERENDERED_ATTRIBUTE) ?? null;
}
