import { describe, expect, it } from "vitest";
import { checkRiskEvidenceCsv, serializeRiskEvidence } from "./risk-evidence.ts";

const HEADER = "protocol,factor,level,finding,source_url,source_kind,source_tier,document_date,read_on";
/** Kind, tier and document date of a primary fact sheet, before the day read. */
const DOC = "Fact sheet,primary,2026-09-30";
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
      `Fund A,asset,Low,The fund holds only Treasury bills.,https://example.org/fund/facts,${DOC},2026-11-25`,
    ]);
    expect(result.problems).toEqual([]);
    expect(result.rows).toEqual([
      {
        protocol: "Fund A",
        factor: "asset",
        level: "Low",
        finding: "The fund holds only Treasury bills.",
        source_url: "https://example.org/fund/facts",
        source_kind: "Fact sheet",
        source_tier: "primary",
        document_date: "2026-09-30",
        read_on: "2026-11-25",
      },
    ]);
  });

  it("requires every finding's kind of document, tier and document date, and accepts a month or 'undated'", () => {
    const row = (provenance: string, readOn = "2026-11-25") =>
      `Fund A,asset,Low,Bills.,https://example.org/a,${provenance},${readOn}`;
    expect(
      check([row("SEC filing,secondary,2026-09"), row("Terms,primary,undated").replace("asset", "legal")]).problems,
    ).toEqual([]);
    expect(
      messages([
        row(",,"),
        row("Blog post,tertiary,30 Sep 2026").replace("asset", "legal"),
        row("Fact sheet,primary,2026-02-30").replace("asset", "custody"),
        row("Fact sheet,primary,2026-13").replace("asset", "redemption"),
        row("Fact sheet,primary,2026-11-26").replace("asset", "regulation"),
        row("Fact sheet,primary,2026-12").replace("asset", "contract"),
      ]),
    ).toEqual([
      "line 2, source_kind: is empty: name the kind of document (Fact sheet, Prospectus, Offering memorandum, Terms, Documentation, SEC filing, Regulatory filing, Audit report, Attestation, Press release, Governance proposal, Press article, Research, Dataset)",
      "line 2, source_tier: is empty: every finding is primary or secondary",
      "line 2, document_date: is empty: write the date the document states (YYYY-MM-DD or YYYY-MM), or 'undated'",
      "line 3, source_kind: 'Blog post' is not one of Fact sheet, Prospectus, Offering memorandum, Terms, Documentation, SEC filing, Regulatory filing, Audit report, Attestation, Press release, Governance proposal, Press article, Research, Dataset",
      "line 3, source_tier: 'tertiary' is not one of primary, secondary",
      "line 3, document_date: '30 Sep 2026' is not a real YYYY-MM-DD or YYYY-MM date, or 'undated'",
      "line 4, document_date: '2026-02-30' is not a real YYYY-MM-DD or YYYY-MM date, or 'undated'",
      "line 5, document_date: '2026-13' is not a real YYYY-MM-DD or YYYY-MM date, or 'undated'",
      "line 6, document_date: '2026-11-26' is after the day it was read (2026-11-25)",
      "line 7, document_date: '2026-12' is after the day it was read (2026-11-25)",
    ]);
  });

  it("rejects a homepage, a missing or future date, an unknown factor, level or protocol, an empty finding", () => {
    expect(
      messages([
        `Fund A,asset,Low,Holds bills.,https://example.org/,${DOC},2026-11-25`,
        `Fund A,legal,Low,A fund.,https://example.org,${DOC},2026-11-25`,
        `Fund A,custody,Low,BNY.,https://example.org/custody,${DOC},`,
        `Fund A,redemption,Low,T+0.,https://example.org/r,${DOC},2026-11-26`,
        `Fund A,fees,Low,Cheap.,https://example.org/f,${DOC},2026-11-25`,
        `Fund A,regulation,Minor,SEC.,https://example.org/reg,${DOC},2026-11-25`,
        `Nobody,asset,Low,Bills.,https://example.org/a,${DOC},2026-11-25`,
        `Curated B,asset,Low," ",https://example.org/a,${DOC},2026-11-25`,
        `Curated B,custody,Low," Padded.",https://example.org/a,${DOC},2026-11-25`,
        `Curated B,legal,Low,A fund.,ftp://example.org/a,${DOC},2026-11-25`,
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

  it("rejects a second row for the same factor; researched contract and track record rows are accepted", () => {
    expect(
      messages([
        `Fund A,asset,Low,Bills.,https://example.org/a,${DOC},2026-11-25`,
        `Fund A,asset,Medium,Bills.,https://example.org/b,${DOC},2026-11-25`,
        `Fund A,contract,Low,Audited.,https://example.org/c,${DOC},2026-11-25`,
        `Fund A,track_record,Medium,Launched 2023.,https://example.org/t,${DOC},2026-11-25`,
        `Curated B,contract,Medium,One audit.,https://example.org/c,${DOC},2026-11-25`,
      ]),
    ).toEqual(["line 3, factor: Fund A already has asset evidence on line 2"]);
  });

  it("rejects a wrong header", () => {
    expect(checkRiskEvidenceCsv("protocol,factor\n", protocols, "2026-11-25").problems[0]?.column).toBe("header");
  });

  it("round-trips through serializeRiskEvidence, sorted by protocol then the method's factor order", () => {
    const rows = check([
      `Fund A,regulation,Medium,"Reg D, exempt.",https://example.org/r,${DOC},2026-11-25`,
      `Fund A,asset,Low,Bills.,https://example.org/a,${DOC},2026-11-25`,
    ]).rows;
    const text = serializeRiskEvidence(rows);
    expect(text.split("\n")[1]).toMatch(/^"?Fund A"?,"?asset/);
    expect(checkRiskEvidenceCsv(text, protocols, "2026-11-25").rows).toEqual([...rows].reverse());
  });
});
