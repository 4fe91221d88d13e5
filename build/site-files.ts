import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { parseCsv } from "../scripts/data/csv.ts";
import { CSV_PATH } from "../scripts/data/paths.ts";

// robots.txt and sitemap.xml need the production origin, which only the deployer knows
// (VITE_SITE_URL), so they are generated rather than kept in public/. The sitemap's lastmod is
// the newest as_of in data/protocols.csv: the page changes when the data does.
export function siteFiles({ siteUrl }: { siteUrl: string }): Plugin {
  const files = () => ({ "robots.txt": robotsTxt(siteUrl), "sitemap.xml": sitemapXml(siteUrl, newestAsOf()) });
  return {
    name: "rwa-atlas:site-files",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split("?")[0]?.slice(1) as keyof ReturnType<typeof files> | undefined;
        const body = name ? files()[name] : undefined;
        if (!name || body === undefined) return next();
        res.setHeader("Content-Type", name.endsWith(".xml") ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8");
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

export function sitemapXml(siteUrl: string, lastmod: string | null): string {
  const url = (path: string, changefreq: string, priority: string) =>
    `  <url>\n    <loc>${siteUrl}${path}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ""}    <changefreq>${changefreq}</changefreq>\n    <priority>${priority}</priority>\n  </url>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${url("/", "monthly", "1.0")}${url("/privacy-policy", "yearly", "0.3")}</urlset>\n`;
}

function newestAsOf(): string | null {
  const [header, ...rows] = parseCsv(readFileSync(CSV_PATH, "utf8"));
  const column = header?.cells.indexOf("as_of") ?? -1;
  const dates = rows.map((r) => r.cells[column] ?? "").filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
  return dates.length ? dates.sort().at(-1)! : null;
}
