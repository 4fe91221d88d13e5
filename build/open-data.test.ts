import { describe, expect, it } from "vitest";
import { committedRiskFactors, committedRows } from "./committed-rows.ts";
import { openDataCsv, openDataJson, riskFactorsCsv } from "./open-data.ts";

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
