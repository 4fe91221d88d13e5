import { describe, expect, it } from "vitest";
import { hostileRows } from "../../../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../../../tests/fixtures/protocols";
import { parseProtocolRows } from "../model/model";
import { csvFileName, protocolsToCsv } from "./protocol-csv";
import { formatAsOf } from "@/lib/tvl-provenance";

const [apollo, backed] = parseProtocolRows(protocolRows);

describe("protocolsToCsv", () => {
  it("writes a header and the displayed figures with provenance, every field quoted", () => {
    const lines = protocolsToCsv([apollo!, backed!]).split("\r\n");
    expect(lines[0]).toBe(
      '"Name","Description","Asset Classes","Blockchains","TVL","Yield Range","Risk Level","Min Investment","Website","Source","As Of","Notes",' +
        '"TVL (USD)","TVL As Of","TVL Source","TVL Source URL",' +
        '"Investor Access","KYC","Redemption","Fees","Terms Source","Terms As Of"',
    );
    expect(lines[1]).toBe(
      '"Apollo ACRED (Securitize)","Tokenized feeder into Apollo Diversified Credit Fund (interval fund, 5% quarterly redemptions)",' +
        '"Private Credit","Ethereum; Solana; Polygon","$100M","8-10%","Medium","$50K","https://securitize.io","","2025-10-31","TVL is an estimate; the master fund is about $1.3B.",' +
        '"","","","",' +
        '"Accredited investors","Unknown","Withdrawal queue","2% management","https://example.com/terms/0b6f4a8e-2d1c-4f53-9a1e-7c3d5e9f0a01","2025-11-01"',
    );
    expect(lines[2]).toContain("Backed Finance (bTokens)");
    expect(lines[2]).toContain(',"Institutions only","Yes","Within 3 days","Unknown",');
    expect(lines[3]).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("writes the TVL as plain dollars with its day, source kind and source page", () => {
    const live = {
      ...apollo!,
      tvlUsd: 2_873_400_000,
      tvlAsOf: "2025-12-19",
      tvlSource: "defillama" as const,
      tvlSourceUrl: "https://defillama.com/protocol/apollo",
    };
    const curated = {
      ...backed!,
      tvlUsd: 350_000_000,
      tvlAsOf: "2025-10-31",
      tvlSource: "curated" as const,
      tvlSourceUrl: null,
    };
    const [, liveLine, curatedLine] = protocolsToCsv([live, curated]).split("\r\n");
    expect(liveLine).toContain(
      ',"2873400000","2025-12-19","DefiLlama","https://defillama.com/protocol/apollo","Accredited investors",',
    );
    expect(curatedLine).toContain(',"350000000","2025-10-31","Curated","","Institutions only",');
  });

  it("keeps hostile rows inert: unrated, no unsafe link, formulas neutralised", () => {
    const [evil] = parseProtocolRows(hostileRows);
    const formula = { ...evil!, name: "=cmd|' /C calc'!A0", description: "@SUM(1)" };
    const line = protocolsToCsv([formula]).split("\r\n")[1]!;
    expect(line.startsWith(`"'=cmd|' /C calc'!A0","'@SUM(1)",`)).toBe(true);
    expect(line).toContain("Not rated");
    expect(line).not.toContain("javascript:");
  });

  it("spells out Unknown terms, never a blank, and keeps KYC No apart from Unknown", () => {
    const all = parseProtocolRows(protocolRows);
    const realT = all.find((p) => p.name === "RealT")!;
    const paxos = all.find((p) => p.name === "Paxos Gold (PAXG)")!;
    const [, realTLine, paxosLine] = protocolsToCsv([realT, paxos]).split("\r\n");
    expect(realTLine).toMatch(
      /,"Retail, non-US only","No","Withdrawal queue","Unknown","https:\/\/example\.com\/terms\/[^,]+","2025-11-01"$/,
    );
    expect(paxosLine).toMatch(/,"Unknown","Unknown","Unknown","Unknown","",""$/);
  });
});

describe("csvFileName and formatAsOf", () => {
  it("names files by kind and date", () => {
    expect(csvFileName("protocols", "2025-10-31")).toBe("rwa-atlas-protocols-2025-10-31.csv");
    expect(csvFileName("comparison", "2026-01-02")).toBe("rwa-atlas-comparison-2026-01-02.csv");
  });
  it("formats the as-of day readably without a time-zone shift", () => {
    expect(formatAsOf("2025-10-31")).toBe("Oct 31, 2025");
    expect(formatAsOf("2025-01-01")).toBe("Jan 1, 2025");
  });
});
