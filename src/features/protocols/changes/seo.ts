/** `/changes`' address, title and description (the page, the prerender and the sitemap). */
export const CHANGES_PATH = "/changes";
export const CHANGES_DESCRIPTION =
  "What changed in tokenized real-world assets: new listings, renames, large TVL and yield moves, risk ratings and terms, newest first, each with its source. Follow it as an Atom feed.";
export function changesTitle(productName: string): string {
  return `What changed | ${productName}`;
}

/** schema.org JSON-LD: a CollectionPage (the change log), part of the site, with its Atom feed. */
export function changesJsonLd(siteUrl: string, productName: string, feed: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: "What changed",
    description: CHANGES_DESCRIPTION,
    url: `${siteUrl}${CHANGES_PATH}`,
    inLanguage: "en",
    isAccessibleForFree: true,
    license: "https://creativecommons.org/licenses/by/4.0/",
    associatedMedia: { "@type": "MediaObject", encodingFormat: "application/atom+xml", contentUrl: feed },
    isPartOf: { "@type": "WebSite", name: productName, url: `${siteUrl}/` },
  };
}
