import { describe, expect, it } from "vitest";
import { checkRiskEvidenceCsv, serializeRiskEvidence } from "./risk-evidence.ts";

const HEADER = "protocol,factor,level,finding,source_url,read_on";
const protocols = [
  { name: "Fund A", defillamaSlug: "fund-a" },
  { name: "Curated B", defillamaSlug: null },
];
const check = (lines: string[], today = "2026-11-25") =>
  checkRiskEvidenceCsv([HEADER, ...lines].join("\n") + "\n", protocols, today);
const messages = (lines: string[]) => check(lines).problems.map((p) => `line ${p.line}, ${p.column}: ${p.message}`);

describe("checkRiskEvidenceCsv", () => {
  it("accepts a well-formed row", () => {
    const result = check([
      "Fund A,asset,Low,The fund holds only Treasury bills.,https://example.org/fund/facts,2026-11-25",
    ]);
    expect(result.problems).toEqual([]);
    expect(result.rows).toEqual([
      {
        protocol: "Fund A",
        factor: "asset",
        level: "Low",
        finding: "The fund holds only Treasury bills.",
        source_url: "https://example.org/fund/facts",
        read_on: "2026-11-25",
      },
    ]);
  });

  it("rejects a homepage, a missing or future date, an unknown factor, level or protocol, an empty finding", () => {
    expect(
      messages([
        "Fund A,asset,Low,Holds bills.,https://example.org/,2026-11-25",
        "Fund A,legal,Low,A fund.,https://example.org,2026-11-25",
        "Fund A,custody,Low,BNY.,https://example.org/custody,",
        "Fund A,redemption,Low,T+0.,https://example.org/r,2026-11-26",
        "Fund A,fees,Low,Cheap.,https://example.org/f,2026-11-25",
        "Fund A,regulation,Minor,SEC.,https://example.org/reg,2026-11-25",
        "Nobody,asset,Low,Bills.,https://example.org/a,2026-11-25",
        'Curated B,asset,Low," ",https://example.org/a,2026-11-25',
        'Curated B,custody,Low," Padded.",https://example.org/a,2026-11-25',
        "Curated B,legal,Low,A fund.,ftp://example.org/a,2026-11-25",
      ]),
    ).toEqual([
      "line 2, source_url: 'https://example.org/' is a homepage: cite the page that states the finding",
      "line 3, source_url: 'https://example.org' is a homepage: cite the page that states the finding",
      "line 4, read_on: '' is not a real date in YYYY-MM-DD form",
      "line 5, read_on: '2026-11-26' is after today (2026-11-25)",
      "line 6, factor: 'fees' is not one of asset, legal, custody, redemption, contract, track_record, regulation",
      "line 7, level: 'Minor' is not one of Low, Medium, High, Very High",
      "line 8, protocol: 'Nobody' is not a protocol in data/protocols.csv",
      "line 9, finding: is empty: every assessment needs its finding",
      "line 10, finding: has leading or trailing spaces",
      "line 11, source_url: 'ftp://example.org/a' is not a web address (http or https)",
    ]);
  });

  it("rejects a second row for the same factor, and researched computed factors where DefiLlama covers the protocol", () => {
    expect(
      messages([
        "Fund A,asset,Low,Bills.,https://example.org/a,2026-11-25",
        "Fund A,asset,Medium,Bills.,https://example.org/b,2026-11-25",
        "Fund A,contract,Low,Audited.,https://example.org/c,2026-11-25",
        "Curated B,contract,Medium,One audit.,https://example.org/c,2026-11-25",
      ]),
    ).toEqual([
      "line 3, factor: Fund A already has asset evidence on line 2",
      "line 4, factor: 'contract' is computed where DefiLlama gives the TVL; research it only for the others",
    ]);
  });

  it("rejects a wrong header", () => {
    expect(checkRiskEvidenceCsv("protocol,factor\n", protocols, "2026-11-25").problems[0]?.column).toBe("header");
  });

  it("round-trips through serializeRiskEvidence, sorted by protocol then the method's factor order", () => {
    const rows = check([
      'Fund A,regulation,Medium,"Reg D, exempt.",https://example.org/r,2026-11-25',
      "Fund A,asset,Low,Bills.,https://example.org/a,2026-11-25",
    ]).rows;
    const text = serializeRiskEvidence(rows);
    expect(text.split("\n")[1]).toMatch(/^"?Fund A"?,"?asset/);
    expect(checkRiskEvidenceCsv(text, protocols, "2026-11-25").rows).toEqual([...rows].reverse());
  });
});
