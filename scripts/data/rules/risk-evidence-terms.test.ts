import { describe, expect, it } from "vitest";
import type { EvidenceRow } from "./risk-evidence.ts";
import type { ProtocolRow } from "./protocol-row.ts";
import { readProductTerms, termsAgreeWithFindings, whoMayBuy } from "./risk-evidence-terms.ts";

const row = (name: string, terms: Partial<ProtocolRow> = {}) =>
  ({ name, investor_access: "unknown", redemption: "unknown", ...terms }) as ProtocolRow;
const finding = (protocol: string, factor: EvidenceRow["factor"], text: string): EvidenceRow => ({
  protocol,
  factor,
  level: "Medium",
  finding: text,
  source_url: `https://example.org/${protocol}/${factor}`,
  source_kind: "Documentation",
  source_tier: "primary",
  document_date: "undated",
  read_on: "2026-11-27",
});

const evidence = [
  finding("Fund", "redemption", "Holders swap for USDC atomically."),
  finding("Fund", "regulation", "A Reg D 3(c)(7) fund sold to qualified purchasers only."),
  finding("Pool", "legal", "A Cayman SPV with institutional-grade custody."),
];

describe("termsAgreeWithFindings", () => {
  it("flags a redemption term and an investor access left unknown while a finding states them", () => {
    expect(termsAgreeWithFindings([row("Fund"), row("Pool")], evidence, null)).toEqual([
      'Fund: redemption is unknown in its row in data/protocols.csv, but its redemption finding states it ("Holders swap for USDC atomically.", https://example.org/Fund/redemption): state the term from that page',
      "Fund: investor access is unknown in its row in data/protocols.csv, but its regulation finding names who may buy ('qualified purchasers', https://example.org/Fund/regulation): state the term from that page",
    ]);
  });

  it("is satisfied by the row's term, or by any product of the protocol once products exist", () => {
    expect(
      termsAgreeWithFindings(
        [row("Fund", { investor_access: "qualified-purchaser", redemption: "instant" })],
        evidence,
        null,
      ),
    ).toEqual([]);
    const products = [
      { protocol: "Fund", investor_access: "not-disclosed", redemption: "unknown", redemption_stated: false },
      { protocol: "Fund", investor_access: "qualified-purchaser", redemption: "instant", redemption_stated: false },
    ];
    expect(termsAgreeWithFindings([row("Fund")], evidence, products)).toEqual([]);
    expect(termsAgreeWithFindings([row("Fund")], evidence, products.slice(0, 1))).toHaveLength(2);
  });

  it("takes a redemption 'not-disclosed' that records the page's words as stated, and a bare one as silent", () => {
    const silent = {
      protocol: "Fund",
      investor_access: "retail",
      redemption: "not-disclosed",
      redemption_stated: false,
    };
    expect(termsAgreeWithFindings([row("Fund")], evidence, [silent])).toEqual([
      expect.stringContaining("Fund: redemption is unknown"),
    ]);
    expect(termsAgreeWithFindings([row("Fund")], evidence, [{ ...silent, redemption_stated: true }])).toEqual([]);
  });

  it("reads who may buy from the words findings use, not from 'institutional-grade'", () => {
    expect(whoMayBuy("Open to non-US persons under Reg S.")).toBe("non-US persons");
    expect(whoMayBuy("Only professional investors in the EU.")).toBe("professional investors");
    expect(whoMayBuy("Sold to accredited investors.")).toBe("accredited investors");
    expect(whoMayBuy("Retail investors may buy on the exchange.")).toBe("Retail investors");
    expect(whoMayBuy("A Cayman SPV with institutional-grade custody.")).toBeNull();
  });
});

describe("readProductTerms", () => {
  it("reads each product's protocol, access and redemption, and skips anything else", () => {
    expect(
      readProductTerms(
        JSON.stringify([
          { protocol: "Fund", symbol: "F", investor_access: "retail", redemption: "days", kyc: "yes" },
          {
            protocol: "Fund",
            symbol: "H",
            investor_access: "retail",
            redemption: "not-disclosed",
            redemption_note: "T+?",
          },
          { protocol: "Fund", symbol: "G" },
          "not a product",
        ]),
      ),
    ).toEqual([
      { protocol: "Fund", investor_access: "retail", redemption: "days", redemption_stated: false },
      { protocol: "Fund", investor_access: "retail", redemption: "not-disclosed", redemption_stated: true },
    ]);
    expect(readProductTerms("{}")).toEqual([]);
  });
});
