import { describe, expect, it } from "vitest";
import { SOURCE_TIER_DATA, type SourceTiers } from "../../../src/lib/source-tiers.ts";
import { checkCsvSources, checkSourceTiers, checkSourceUrl, linksIn, neverListProblem } from "./source-tiers.ts";

describe("the never list", () => {
  it("rejects each kind of page the issue names, on any subdomain", () => {
    const rejected = [
      "https://es.scribd.com/document/651346249/whitepaper",
      "https://docplayer.net/123-prospectus.html",
      "https://gl.app/snapshot/frax.eth/proposal/0x12",
      "https://www.capedge.com/company/1234/filing",
      "https://all-things-tokenization.vercel.app/wiki/themes/buidl-reference-architecture/",
      "https://iq-wiki-ui.vercel.app/wiki/apollo",
      "https://github.com/Abdsys/Aurumix/blob/7398d4b/deliverables/xaum.md",
      "https://yellow.com/asset/ondo",
      "https://www.gate.io/learn/articles/what-is-buidl",
      "https://tokyo.tokeninsight.com/zh/coins/openeden-tbill/overview",
      "https://phemex.com/academy/what-is-xaut",
      "https://www.binance.com/en/square/post/123",
      "https://en.wikipedia.org/wiki/Tether",
      "https://iq.wiki/wiki/ondo",
      "https://www.ruetir.com/2023/05/investing/",
    ];
    for (const url of rejected) expect(neverListProblem(url), url).toMatch(/is on the never list/);
  });

  it("names the kind of page, the site, the pattern and the reason", () => {
    expect(neverListProblem("https://es.scribd.com/document/1/x")).toBe(
      "'https://es.scribd.com/document/1/x' is on the never list (Mirrors of documents: Scribd, documents uploaded by anyone, scribd.com). A copy can be altered, outdated or incomplete, and does not show who published it: cite the original.",
    );
  });

  it("leaves the sources it does not name alone, including look-alike hosts and other paths of a listed host", () => {
    const accepted = [
      "https://www.sec.gov/Archives/edgar/data/917286/x.htm",
      "https://github.com/maple-labs/maple-docs/blob/main/legal/risks.md",
      "https://yellow.com/news/ondo-launch",
      "https://www.gate.io/announcements/1",
      "https://notscribd.com/document/1",
      "https://vercel.app/docs",
      "https://www.binance.com/en/research/projects/ondo",
    ];
    for (const url of accepted) expect(neverListProblem(url), url).toBeNull();
  });
});

describe("checkSourceUrl", () => {
  it("accepts a specific page and rejects a malformed address, a homepage and the never list", () => {
    expect(checkSourceUrl("https://docs.ondo.finance/qualified-access-products/ousg/redeeming")).toBeNull();
    expect(checkSourceUrl("docs.ondo.finance/x")).toBe("'docs.ondo.finance/x' is not a web address (http or https)");
    expect(checkSourceUrl("https://ondo.finance/")).toBe(
      "'https://ondo.finance/' is a homepage: cite the page that states it",
    );
    expect(checkSourceUrl("https://iq.wiki/wiki/ondo")).toMatch(/Wikis anyone can edit/);
  });
});

describe("checkCsvSources", () => {
  it("checks every *source_url column and the links in the notes, by line", () => {
    const csv = [
      "name,source_url,notes,terms_source_url",
      "A,https://docs.example.org/a,Per https://iq.wiki/wiki/a.,https://example.org/terms",
      '"B",https://es.scribd.com/document/1/b,"two lines,',
      'no link",https://dividend.com/funds/b/',
    ].join("\n");
    expect(checkCsvSources(csv).map((p) => `${p.line} ${p.column}`)).toEqual([
      "2 notes",
      "3 source_url",
      "3 terms_source_url",
    ]);
  });

  it("reads links out of free text without the punctuation after them", () => {
    expect(linksIn("See https://a.org/x), then (https://b.org/y, https://c.org/z.")).toEqual([
      "https://a.org/x",
      "https://b.org/y",
      "https://c.org/z",
    ]);
  });
});

describe("data/source-tiers.json", () => {
  it("is well formed: every category has its reason, every pattern is listed once and names its site", () => {
    expect(checkSourceTiers()).toEqual([]);
    expect(SOURCE_TIER_DATA.never.flatMap((n) => n.hosts).length).toBeGreaterThanOrEqual(30);
  });

  it("reports a category without a reason, a malformed or repeated pattern and a site without a name", () => {
    const broken: SourceTiers = {
      ...SOURCE_TIER_DATA,
      secondary: [{ category: "Press", examples: "", reason: " " }],
      never: [
        {
          category: "Mirrors",
          reason: "",
          hosts: [
            { pattern: "scribd.com", site: "Scribd" },
            { pattern: "Scribd.com", site: "" },
            { pattern: "https://x.org", site: "X" },
          ],
        },
      ],
    };
    expect(checkSourceTiers(broken).map((p) => `${p.column}: ${p.message}`)).toEqual([
      "secondary: 'Press' gives no examples",
      "secondary: 'Press' gives no reason",
      "never: 'Mirrors' gives no reason",
      "never: 'Scribd.com' does not say what the site is",
      "never: 'Scribd.com' is listed twice",
      "never: 'https://x.org' is not host[/path] (labels, '*' for one label or segment)",
    ]);
  });
});
