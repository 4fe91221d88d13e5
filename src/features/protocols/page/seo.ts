// What a protocol page tells search engines and link previews: shared by the build-time prerender
// (build/prerender.ts writes it into each page's <head>) and the page itself (client navigation).
import { protocolPath } from "../card/directory-link";
import { formatAsOf } from "@/lib/tvl-provenance";
import type { Protocol } from "../model/types";

export { protocolPath };

/** '<name>: TVL, yield and risk | <product>' */
export function protocolPageTitle(protocol: Pick<Protocol, "name">, productName: string): string {
  return `${protocol.name}: TVL, yield and risk | ${productName}`;
}

/** The figures in one sentence, e.g. 'Ondo Finance: TVL $1.4B, yield 3.8-4.3%, ...'. */
export function protocolDescription(protocol: Protocol): string {
  const parts = [
    `TVL ${protocol.tvl}`,
    `yield ${protocol.yieldRange}`,
    `minimum investment ${protocol.minInvestment}`,
    protocol.riskLevel === null ? "not rated for risk" : `${protocol.riskLevel} risk`,
  ];
  const asOf = protocol.asOf ? ` as of ${formatAsOf(protocol.asOf)}` : "";
  const where = [
    protocol.assetClasses.length > 0 ? protocol.assetClasses.join(", ") : null,
    protocol.blockchains.length > 0 ? `on ${protocol.blockchains.join(", ")}` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return `${protocol.name}: ${parts.join(", ")}${asOf}.${where ? ` ${where}.` : ""} TVL history and sources.`;
}

/**
 * schema.org JSON-LD. FinancialProduct, not Dataset: the page is about one investable product
 * (a tokenized fund, credit pool, note) and its terms; the figures are its properties, each with
 * its date. See docs/architecture.md, "Protocol pages".
 */
export function protocolJsonLd(protocol: Protocol, siteUrl: string, productName: string): Record<string, unknown> {
  const figure = (name: string, value: string) => ({ "@type": "PropertyValue", name, value });
  return {
    "@context": "https://schema.org",
    "@type": "FinancialProduct",
    name: protocol.name,
    description: protocol.description || undefined,
    url: `${siteUrl}${protocolPath(protocol.slug)}`,
    ...(protocol.url ? { sameAs: protocol.url } : {}),
    category: protocol.assetClasses.length > 0 ? protocol.assetClasses.join(", ") : undefined,
    ...(protocol.asOf ? { dateModified: protocol.asOf } : {}),
    additionalProperty: [
      figure("Total value locked", protocol.tvl),
      figure("Yield range", protocol.yieldRange),
      figure("Minimum investment", protocol.minInvestment),
      figure("Risk level", protocol.riskLevel ?? "Not rated"),
      ...(protocol.blockchains.length > 0 ? [figure("Blockchains", protocol.blockchains.join(", "))] : []),
    ],
    isPartOf: { "@type": "WebSite", name: productName, url: `${siteUrl}/` },
  };
}

/** JSON for a `<script type="application/ld+json">` body: `<` escaped so no text can close the element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
