// What /methodology tells search engines and link previews: shared by the build-time prerender
// (build/prerender.ts writes it into the page's <head>) and the page itself (client navigation).
import { RATING_VERSION } from "@/lib/risk-rating";
import { RULE_VERSIONS } from "@/lib/risk-method";

export const METHODOLOGY_PATH = "/methodology";

export function methodologyTitle(productName: string): string {
  return `Risk rating methodology | ${productName}`;
}

export const METHODOLOGY_DESCRIPTION =
  "How we rate the risk of tokenized real-world-asset protocols: seven factors, each with a dated finding and the page that states it, combined by a published rule. Not investment advice.";

/** schema.org JSON-LD: a TechArticle (a method, versioned and dated), part of the site. */
export function methodologyJsonLd(siteUrl: string, productName: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "TechArticle",
    headline: "Risk rating methodology",
    description: METHODOLOGY_DESCRIPTION,
    url: `${siteUrl}${METHODOLOGY_PATH}`,
    version: RATING_VERSION,
    dateModified: RULE_VERSIONS[0]!.date,
    inLanguage: "en",
    isAccessibleForFree: true,
    isPartOf: { "@type": "WebSite", name: productName, url: `${siteUrl}/` },
  };
}
