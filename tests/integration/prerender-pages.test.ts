// The prerendered pages beside the home frame: one per committed protocol and the methodology,
// readable without JavaScript, each with its own head; and one real production build into a
// temporary --outDir that writes them all, with one inline script, the boot.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { committedRows } from "../../build/committed-rows.ts";
import { assertJsonLd, retargetHead } from "../../build/prerender.ts";
import { RATING_VERSION } from "../../src/lib/risk-rating.ts";
import { prerender, ROOT, textOf } from "./prerender-entry.ts";

const { PRERENDERED_ATTRIBUTE, renderMethodologyPage, renderProtocolPages } = prerender;

describe("renderProtocolPages", () => {
  const rows = committedRows();
  const pages = renderProtocolPages(rows, "https://example.org");

  it("renders one page per committed protocol, with its figures and no script", () => {
    expect(pages).toHaveLength(rows.length);
    const buidl = pages.find((page) => page.path === "/protocols/blackrock-buidl-securitize")!;
    const text = textOf(buidl.markup);
    expect(buidl.markup).toMatch(/<h1 id="protocol-name"[^>]*>BlackRock BUIDL \(Securitize\)<\/h1>/);
    const row = rows.find((r) => r.name === "BlackRock BUIDL (Securitize)")!;
    for (const figure of [
      "Key figures",
      row.tvl,
      row.yield_range,
      row.min_investment,
      row.risk_level,
      "TVL history",
      "Similar protocols",
      "Back to directory",
      "Visit Protocol",
    ]) {
      expect(text).toContain(figure);
    }
    expect(buidl.markup).not.toMatch(/<script/i);
    expect(buidl.title).toBe("BlackRock BUIDL (Securitize): TVL, yield and risk | RWA Atlas");
    expect(buidl.description).toContain(
      `TVL ${row.tvl}, yield ${row.yield_range}, minimum investment ${row.min_investment}, ${row.risk_level} risk as of`,
    );
    const ld = JSON.parse(buidl.jsonLd) as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@type": "FinancialProduct",
      name: "BlackRock BUIDL (Securitize)",
      url: "https://example.org/protocols/blackrock-buidl-securitize",
    });
  });

  it("retargets index.html's head at the page", () => {
    const template = readFileSync(path.join(ROOT, "index.html"), "utf8").replaceAll(
      "%VITE_SITE_URL%",
      "https://example.org",
    );
    // $` and $' would paste the text before or after the tag into it if a tag were rewritten with a
    // string replacement (issue 30): each stays literal, and no copy of the document lands in a tag.
    const html = retargetHead(template, {
      url: "https://example.org/protocols/x",
      title: 'A & "B" $` US$\' $$1',
      description: "d <1> $' and US$`",
      jsonLd: '{"a":"\\u003c/script"}',
    });
    expect(html).toContain('<title>A &amp; "B" $` US$\' $$1</title>');
    expect(html).toContain('<link rel="canonical" href="https://example.org/protocols/x" />');
    expect(html).toContain('<meta property="og:url" content="https://example.org/protocols/x" />');
    expect(html).toMatch(/<meta\s+name="description"\s+content="d &lt;1> \$' and US\$`"/);
    expect(html).toMatch(/<meta\s+property="og:description"\s+content="d &lt;1> \$' and US\$`"/);
    expect(html).toMatch(/<meta\s+name="twitter:description"\s+content="d &lt;1> \$' and US\$`"/);
    expect(html).toMatch(/<meta\s+name="twitter:title"\s+content="A &amp; &quot;B&quot; \$` US\$' \$\$1"/);
    expect(html).toMatch(/<meta\s+property="og:title"\s+content="A &amp; &quot;B&quot; \$` US\$' \$\$1"/);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html).toContain('<script type="application/ld+json">{"a":"\\u003c/script"}</script>\n  </head>');
    expect(() => retargetHead(template, { url: "u", title: "t", description: "d", jsonLd: "</script>" })).toThrow(
      /JSON-LD/,
    );
    expect(() => retargetHead("<html></html>", { url: "u", title: "t", description: "d", jsonLd: "{}" })).toThrow(/no/);
  });

  it("keeps $` $' $& and $$ in the JSON-LD literally, so the block stays closed and parses", () => {
    const template =
      '<html><head>\n    <title>x</title>\n    <meta name="description" content="x" />\n    <meta property="og:title" content="x" />\n    <meta property="og:description" content="x" />\n    <meta property="og:url" content="x" />\n    <link rel="canonical" href="x" />\n    <meta name="twitter:title" content="x" />\n    <meta name="twitter:description" content="x" />\n  </head><body></body></html>';
    const description = "Minimum US$` 5,000; $' and $& and $$ too";
    const jsonLd = JSON.stringify({ "@type": "FinancialProduct", description });
    const html = retargetHead(template, { url: "u", title: "t", description: "d", jsonLd });
    expect(() => assertJsonLd(html, "/protocols/x")).not.toThrow();
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(ld)).toMatchObject({ description });
  });

  it("assertJsonLd rejects a missing, doubled, unclosed or unparseable block", () => {
    const ok = '<head><script type="application/ld+json">{"a":1}</script></head>';
    expect(() => assertJsonLd(ok, "/p")).not.toThrow();
    expect(() => assertJsonLd("<head></head>", "/p")).toThrow(/0 JSON-LD blocks/);
    expect(() => assertJsonLd(ok + ok, "/p")).toThrow(/2 JSON-LD blocks/);
    expect(() => assertJsonLd('<head><script type="application/ld+json">{"a":</head>', "/p")).toThrow(/0 JSON-LD/);
    expect(() => assertJsonLd('<head><script type="application/ld+json">{"a":</script></head>', "/p")).toThrow(
      /does not parse/,
    );
    expect(() => assertJsonLd('<head><script type="application/ld+json">[1]</script></head>', "/p")).toThrow(
      /not an object/,
    );
  });
});

describe("renderMethodologyPage", () => {
  const page = renderMethodologyPage("https://example.org");
  const text = textOf(page.markup);

  it("renders the whole method, readable without JavaScript: factors, steps, the rule, Unknown, Not rated, version", () => {
    expect(page.path).toBe("/methodology");
    expect(page.markup).toMatch(/<h1[^>]*>How we rate risk<\/h1>/);
    for (const label of [
      "Underlying asset",
      "Legal structure and claim",
      "Custody and transparency",
      "Redemption liquidity",
      "Smart contract and platform",
      "Track record and scale",
      "Regulation",
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain("A protocol with fewer than five evidenced factors is 'Not rated': we do not guess.");
    expect(text).toContain("Unknown scores 4, the same as Very High");
    expect(text).toContain("rounded half up to a step (1.5 is Medium, 2.5 High, 3.5 Very High)");
    expect(text).toContain("Weakest link: the overall level is never more than two steps safer than the worst factor");
    expect(text).toContain("Not rated");
    expect(text).toContain(`Version ${RATING_VERSION}`);
    expect(text).toContain("It is not investment advice");
    expect(text).toContain("each finding shows the date of its document and the date we read it");
    // The source tiers and the never list, from data/source-tiers.json.
    expect(text).toContain("Never a source");
    expect(text).toContain("Refused: scribd.com, docplayer.*");
    // Without JavaScript every link still works: plain hrefs.
    expect(page.markup).toContain('href="/"');
    expect(page.markup).toContain('href="#rule"');
    expect(page.markup).not.toMatch(/<script/i);
    expect(page.markup).not.toMatch(/\son[a-z]+=/i);
  });

  it("has its own title, description and JSON-LD", () => {
    expect(page.title).toBe("Risk rating methodology | RWA Atlas");
    expect(page.description).toMatch(/^How we rate the risk of tokenized real-world-asset protocols: seven factors/);
    expect(JSON.parse(page.jsonLd)).toMatchObject({
      "@type": "TechArticle",
      url: "https://example.org/methodology",
      version: RATING_VERSION,
    });
  });
});

describe("vite build", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), "rwa-prerender-"));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("writes the frame into <outDir>/index.html with one inline script, the boot, which the CSP allows by its hash", async () => {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, "vite.config.ts"),
      logLevel: "silent",
      build: { outDir, emptyOutDir: true },
    });
    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    expect(html).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}="/">`);
    expect(textOf(html)).toContain("Loading protocols...");
    // Nothing but the stylesheet before the first paint: it is the head's first request, and no
    // script or preload is named there (the boot asks for the app once the frame has painted).
    expect(html).toMatch(
      /<meta charset="UTF-8" \/>\n\s*<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/,
    );
    expect(html.replace(/<script>[\s\S]*?<\/script>/g, "")).not.toMatch(/modulepreload|type="module"/);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual(["<script>"]);
    const boot = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    // The CSP of every page allows exactly that script, by its SHA-256.
    const policy = /Content-Security-Policy: (.*)/.exec(readFileSync(path.join(outDir, "_headers"), "utf8"))![1]!;
    const hash = createHash("sha256").update(boot, "utf8").digest("base64");
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, "\\$&")}'(;|$)`));
    expect(policy).not.toContain("unsafe-inline'; script");
    // What the boot starts: the module entry and Vite's preload helper (a chunk of its own, ~1 KB),
    // both files the build wrote; the entry imports nothing but the helper before the first paint.
    const started = [...boot.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(started.length).toBeGreaterThan(0);
    for (const file of started) expect(file).toMatch(/^assets\/index-[\w-]+\.js$/);
    const assets = readdirSync(path.join(outDir, "assets"));
    for (const file of started) expect(assets).toContain(file.slice("assets/".length));
    const entry = readFileSync(path.join(outDir, /var entry = "\/([^"]+)"/.exec(boot)![1]!), "utf8");
    for (const [, file] of entry.matchAll(/\bfrom\s*["']\.\/([^"']+)["']/g)) expect(file).toMatch(/^index-[\w-]+\.js$/);
    // Every page carries the same boot (one hash for the whole site).
    for (const page of ["changes.html", "methodology.html"]) {
      expect(/<script>([\s\S]*?)<\/script>/.exec(readFileSync(path.join(outDir, page), "utf8"))![1]).toBe(boot);
    }

    // Every protocol page, with its own head, JSON-LD and frame; all of them in the sitemap.
    const entries = readdirSync(path.join(outDir, "protocols"));
    const slugs = entries.filter((name) => !name.endsWith(".html"));
    expect(slugs).toHaveLength(committedRows().length);
    // The same page as /protocols/<slug>.html, for hosts (and vite preview) that serve it at /protocols/<slug>.
    for (const slug of slugs) {
      expect(readFileSync(path.join(outDir, "protocols", `${slug}.html`), "utf8")).toBe(
        readFileSync(path.join(outDir, "protocols", slug, "index.html"), "utf8"),
      );
    }
    const sitemap = readFileSync(path.join(outDir, "sitemap.xml"), "utf8");
    for (const slug of slugs) {
      const page = readFileSync(path.join(outDir, "protocols", slug, "index.html"), "utf8");
      expect(page).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}="/protocols/${slug}">`);
      expect(page).toMatch(/<title>[^<]+: TVL, yield and risk \| RWA Atlas<\/title>/);
      expect(page).toContain(`<link rel="canonical" href="https://rwaatlas.com/protocols/${slug}" />`);
      expect(page).toMatch(/<meta\s+name="description"\s+content="[^"]+: TVL [^"]+, yield /);
      const ld = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(page)?.[1];
      expect(JSON.parse(ld!)).toMatchObject({
        "@type": "FinancialProduct",
        url: `https://rwaatlas.com/protocols/${slug}`,
      });
      expect(sitemap).toContain(`<loc>https://rwaatlas.com/protocols/${slug}</loc>`);
    }

    // /methodology: its own file (both spellings), head and JSON-LD, the rule in the HTML, in the sitemap.
    const methodology = readFileSync(path.join(outDir, "methodology", "index.html"), "utf8");
    expect(readFileSync(path.join(outDir, "methodology.html"), "utf8")).toBe(methodology);
    expect(methodology).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}="/methodology">`);
    expect(methodology).toContain("<title>Risk rating methodology | RWA Atlas</title>");
    expect(methodology).toContain('<link rel="canonical" href="https://rwaatlas.com/methodology" />');
    expect(methodology).toMatch(/<meta\s+name="description"\s+content="How we rate the risk of tokenized/);
    expect(() => assertJsonLd(methodology, "/methodology")).not.toThrow();
    expect(textOf(methodology)).toContain(
      "The overall score is the mean of the seven scores, rounded half up to a step",
    );
    expect(sitemap).toContain("<loc>https://rwaatlas.com/methodology</loc>");
  }, 120_000);
});
