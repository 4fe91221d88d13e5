import { useEffect } from "react";

// Three hooks of one pattern (set while the page is shown, put back after), spelled out: each
// finds and writes its target differently.

/** Sets document.title while the page is shown and restores the previous title afterwards. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/**
 * Points `<link rel="canonical">` (in index.html, for `/`) at this page while it is shown, so the
 * static host's shared index.html does not tell search engines every route is the home page.
 */
export function useCanonicalPath(path: string): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) return;
    const previous = link.href;
    link.href = new URL(path, previous).href;
    return () => {
      link.href = previous;
    };
  }, [path]);
}

/** Sets `<meta name="description">` (from index.html) while the page is shown, then restores it. */
export function usePageDescription(description: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
