import type { Plugin } from "vite";
import { slugify, uniqueSlugs } from "../src/features/protocols/model/slug.ts";
import { RULE_VERSIONS } from "../src/lib/risk-method.ts";
import { committedRows } from "./committed-rows.ts";

// robots.txt and sitemap.xml need the production origin, which only the deployer knows
// (VITE_SITE_URL), so they are generated rather than kept in public/. The sitemap's lastmod is
// the newest as_of in data/protocols.csv: the page changes when the data does. Every protocol
// page (/protocols/<slug>, prerendered by build/prerender.ts) is listed with its own as_of, and
// /methodology with the date of the rule's current version.
export function siteFiles({ siteUrl }: { siteUrl: string }): Plugin {
  const files = () => {
    const protocols = committedProtocols();
    const dates = protocols.flatMap((p) => (p.asOf ? [p.asOf] : [])).sort();
    return { "robots.txt": robotsTxt(siteUrl), "sitemap.xml": sitemapXml(siteUrl, dates.at(-1) ?? null, protocols) };
  };
  return {
    name: "rwa-atlas:site-files",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split("?")[0]?.slice(1) as keyof ReturnType<typeof files> | undefined;
        const body = name ? files()[name] : undefined;
        if (!name || body === undefined) return next();
        res.setHeader(
          "Content-Type",
          name.endsWith(".xml") ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8",
        );
        res.end(body);
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(files())) this.emitFile({ type: "asset", fileName, source });
    },
  };
}

export function robotsTxt(siteUrl: string): string {
  return `# Every page is public.\nUser-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

export type SitemapProtocol = { slug: string; asOf: string | null };

export function sitemapXml(
  siteUrl: string,
  lastmod: string | null,
  protocols: readonly SitemapProtocol[] = [],
): string {
  const url = (path: string, changefreq: string, priority: string, modified = lastmod) =>
    `  <url>\n    <loc>${siteUrl}${path}</loc>\n${modified ? `    <lastmod>${modified}</lastmod>\n` : ""}    <changefreq>${changefreq}</changefreq>\n    <priority>${priority}</priority>\n  </url>\n`;
  const pages = protocols.map((p) => url(`/protocols/${p.slug}`, "daily", "0.8", p.asOf)).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${url("/", "monthly", "1.0")}${url("/methodology", "monthly", "0.5", RULE_VERSIONS[0]?.date ?? null)}${url("/privacy-policy", "yearly", "0.3")}${url("/changes", "daily", "0.6")}${url("/api", "monthly", "0.4", null)}${pages}</urlset>\n`;
}

/** Slug and as_of of each committed protocol, slugged as the app slugs them (model.ts). */
export function committedProtocols(): SitemapProtocol[] {
  const rows = committedRows();
  const slugs = uniqueSlugs(rows.map((row) => slugify(row.name)));
  return rows.map((row, index) => ({ slug: slugs[index]!, asOf: row.as_of }));
}
