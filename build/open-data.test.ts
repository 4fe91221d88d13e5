import { describe, expect, it } from "vitest";
import { committedProducts, committedRiskFactors, committedRows } from "./committed-rows.ts";
import { openDataCsv, openDataJson, riskFactorsCsv } from "./open-data.ts";
import { productsByProtocol, productsCsv } from "./open-data-products.ts";

const rows = committedRows();

describe("open data CSV", () => {
  it("quotes every field and carries generated_at, the schema version and the licence on each row", () => {
    const csv = openDataCsv(rows.slice(0, 2), "https://example.org", "2026-11-23T00:00:00.000Z");
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^"name","description",/);
    expect(lines[0]).toMatch(/,"generated_at","schema_version","license"$/);
    expect(lines[1]).toContain(`"${rows[0]!.name}"`);
    expect(lines[1]).toContain('"2026-11-23T00:00:00.000Z","1","');
  });

  it("neutralises formula triggers, also after a ';', and drops NUL, as the in-app export does", () => {
    const hostile = { ...rows[0]!, name: '=HYPERLINK("http://x")', notes: "Foo;=cmd|' /c calc'!A0;", fees: "a\u0000b" };
    const csv = openDataCsv([hostile], "https://example.org", "2026-11-23T00:00:00.000Z");
    const record = csv.split("\r\n")[1]!;
    expect(record.startsWith('"\'=HYPERLINK(""http://x"")"')).toBe(true);
    expect(record).toContain("\"Foo;'=cmd|' /c calc'!A0;\"");
    expect(record).toContain('"ab"');
    expect(record).not.toContain("\u0000");
  });
});

describe("open data risk factors", () => {
  const risk = committedRiskFactors(rows);

  it("publishes every protocol's evidenced factors in the JSON, with the rule's version", () => {
    const data = JSON.parse(openDataJson(rows, "https://example.org", "2026-11-25T00:00:00.000Z", risk)) as {
      risk_rating_version: string;
      protocols: Array<{ name: string; risk_factors: Array<Record<string, string | boolean>> }>;
    };
    expect(data.risk_rating_version).toBe("1.1");
    const findings = data.protocols.flatMap((p) => p.risk_factors);
    expect(findings.length).toBe([...risk.values()].reduce((n, records) => n + records.length, 0));
    // Every finding carries its source, the source's kind and tier, the document's date and the day read.
    for (const factor of findings) {
      expect(factor.source_url).toMatch(/^https?:\/\/[^/]+\/\S+/);
      expect(factor.source_kind).toMatch(/^\S/);
      expect(["primary", "secondary"]).toContain(factor.source_tier);
      expect(factor.document_date).toMatch(/^(\d{4}-\d{2}(-\d{2})?|undated)$/);
      expect(factor.read_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("writes one CSV row per protocol and factor, quoted, with the factor's label", () => {
    const csv = riskFactorsCsv(rows, risk, "https://example.org", "2026-11-25T00:00:00.000Z");
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      '"protocol","factor","factor_label","level","finding","source_url","source_kind","source_tier","document_date","read_on","computed","rating_version","generated_at","schema_version","license"',
    );
    expect(lines.length - 1).toBe([...risk.values()].reduce((n, records) => n + records.length, 0));
    expect(lines.some((line) => line.includes('"Underlying asset"'))).toBe(true);
  });
});

describe("open data products (issue 28)", () => {
  const products = committedProducts(rows);

  it("gives each protocol its products in the JSON, each known term with its source and dates", () => {
    const data = JSON.parse(
      openDataJson(rows, "https://example.org", "2026-11-27T00:00:00.000Z", new Map(), productsByProtocol(products)),
    ) as {
      time_to_cash_version: string;
      protocols: Array<{
        name: string;
        products: Array<
          Record<string, unknown> & { sources: Record<string, { url: string; read_on: string; document_date: string }> }
        >;
      }>;
    };
    expect(data.time_to_cash_version).toBe("1.0");
    expect(data.protocols.reduce((n, p) => n + p.products.length, 0)).toBe(products.length);
    const ondo = data.protocols.find((p) => p.name === "Ondo Finance (OUSG + USDY)")!;
    expect(ondo.products.map((p) => p.symbol)).toEqual(["OUSG", "USDY"]);
    for (const product of data.protocols.flatMap((p) => p.products)) {
      expect(typeof product.time_to_cash).toBe("string");
      for (const source of Object.values(product.sources)) {
        expect(source.url).toMatch(/^https?:\/\/[^/]+\/\S+/);
        expect(source.read_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(source.document_date).toMatch(/^(undated|\d{4}-\d{2}(-\d{2})?)$/);
      }
    }
  });

  it("writes products.csv: one quoted row per product, each term's source in its own columns, the licence on every row", () => {
    const csv = productsCsv(products, "Licensed CC BY 4.0", "2026-11-27T00:00:00.000Z", 1);
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(products.length + 1);
    expect(lines[0]).toMatch(/^"protocol","symbol","name","chains","asset_class",/);
    expect(lines[0]).toContain('"time_to_cash"');
    expect(lines[0]).toContain(
      '"investor_access_source_url","investor_access_source_kind","investor_access_source_tier","investor_access_source_document_date","investor_access_source_read_on"',
    );
    expect(lines[0]).toMatch(/"notes","time_to_cash_version","generated_at","schema_version","license"$/);
    const ousg = lines.find((line) => line.startsWith('"Ondo Finance (OUSG + USDY)","OUSG"'))!;
    expect(ousg).toContain('"qualified-purchaser"');
    expect(ousg).toMatch(/"1\.0","2026-11-27T00:00:00\.000Z","1","Licensed CC BY 4\.0"$/);
  });
});
