import { describe, expect, it } from "vitest";
import { RULE_VERSIONS } from "../src/lib/risk-method.ts";
import { robotsTxt, sitemapXml } from "./site-files.ts";

describe("generated robots.txt and sitemap.xml", () => {
  it("point crawlers at the configured origin", () => {
    expect(robotsTxt("https://example.org")).toContain("Sitemap: https://example.org/sitemap.xml\n");
    const xml = sitemapXml("https://example.org", "2025-10-31");
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://example.org/",
      "https://example.org/methodology",
      "https://example.org/privacy-policy",
      "https://example.org/changes",
      "https://example.org/api",
    ]);
    expect(xml.match(/<lastmod>2025-10-31<\/lastmod>/g)).toHaveLength(3);
    // The method's page changes with the rule, not with the data.
    expect(xml).toContain(
      `<loc>https://example.org/methodology</loc>\n    <lastmod>${RULE_VERSIONS[0]!.date}</lastmod>`,
    );
  });

  it("leaves lastmod out rather than inventing one when the data has no date", () => {
    // Only /methodology keeps one: the rule's date, which is not the data's.
    expect(sitemapXml("https://example.org", null).match(/<lastmod>/g)).toHaveLength(1);
  });
});
