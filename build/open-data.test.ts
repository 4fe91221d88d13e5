import { describe, expect, it } from "vitest";
import { committedRows } from "./committed-rows.ts";
import { openDataCsv } from "./open-data.ts";

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
