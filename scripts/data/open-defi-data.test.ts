// The open-defi-data converter (npm run data:convert), on rows copied from the snapshots.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseProtocolList } from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { parseYieldsResponse } from "../../supabase/functions/refresh-protocols/lib/yields.ts";
import { convertProtocols, convertSnapshot, convertYields, ConvertError } from "./open-defi-data.ts";
import { DEFILLAMA_DIR } from "./paths.ts";

const PROTOCOLS = [
  "id,name,slug,category,chains,tvl,change1d,change7d,url,description,audits,twitter,listedAt,scrapedAt",
  '2272,OKX,okx,CEX,Ethereum; Bitcoin; X Layer,30325612076.763493,-0.9305038273021893,2.4258435586042424,https://www.okx.com,"OKX, formerly known as OKEx, is a Seychelles-based cryptocurrency exchange",0,okx,2022-11-11T16:56:09.000Z,2026-09-05T11:08:15.667Z',
  '182,Lido,lido,Liquid Staking,Ethereum; Solana; Terra,23835811674.54389,-2.720768732090079,1.5509160366304684,https://lido.fi/,"Liquid staking for Ethereum and Polygon. Daily staking rewards, no lock ups.",2,LidoFinance,,2026-09-05T11:08:15.667Z',
  '4867,LayerZero V2,layerzero-v2,Bridge,Ethereum,7169642338.859352,-0.24090213905917324,-1.4822206321731812,https://layerzero.network/,"A line\nand another, with a ""quote""",,LayerZero_Core,,2026-09-05T11:08:15.668Z',
  "<5471>,OpenTrade,opentrade,RWA,Ethereum,,,,,,,,,2026-09-05T11:08:15.668Z",
].join("\n");

const YIELDS = [
  "poolId,project,chain,symbol,tvlUsd,apy,apyBase,apyReward,apyPct1D,apyPct7D,stablecoin,ilRisk,exposure,poolMeta,outlier,scrapedAt",
  "43641cf5-a92e-416b-bce9-27113d3c0db6,maple,Ethereum,USDC,2715111363,5.0221,5.0221,0,-0.00968,0.05022,true,no,single,Syrup USDC,false,2026-09-05T11:08:15.976Z",
  "7c0a89c7-70cf-460c-b62e-cb278bf97e8f,circle-usyc,BSC,USYC,2580094161,3.18902,3.18902,,0.00243,0.00418,true,no,single,,false,2026-09-05T11:08:15.977Z",
  'x1,weird,Ethereum,"A,B",lots,,,,,,,,,,,2026-09-05T11:08:15.977Z',
].join("\n");

describe("data:convert", () => {
  it("turns the protocols CSV into GET /protocols' shape, with a real CSV parser", () => {
    const list = convertProtocols(PROTOCOLS);
    expect(list[0]).toEqual({
      id: "2272",
      name: "OKX",
      slug: "okx",
      category: "CEX",
      chains: ["Ethereum", "Bitcoin", "X Layer"],
      tvl: 30325612076.763493,
      change_1d: -0.9305038273021893,
      change_7d: 2.4258435586042424,
      url: "https://www.okx.com",
      description: "OKX, formerly known as OKEx, is a Seychelles-based cryptocurrency exchange",
      audits: "0",
      twitter: "okx",
      listedAt: 1668185769,
    });
    expect(list[1]).toMatchObject({
      audits: "2",
      listedAt: null,
      description: expect.stringContaining(", no lock ups."),
    });
    expect(list[2]).toMatchObject({ description: 'A line\nand another, with a "quote"', audits: null });
    // The id stays the text DefiLlama published; a missing figure is null, as in the API.
    expect(list[3]).toEqual({
      id: "<5471>",
      name: "OpenTrade",
      slug: "opentrade",
      category: "RWA",
      chains: ["Ethereum"],
      tvl: null,
      change_1d: null,
      change_7d: null,
      url: null,
      description: null,
      audits: null,
      twitter: null,
      listedAt: null,
    });
    expect(() => parseProtocolList(list, "converted")).not.toThrow();
  });

  it("turns the yields CSV into GET /pools' shape, keeping a malformed figure as text for the refresh to hold", () => {
    const response = convertYields(YIELDS);
    expect(response.status).toBe("success");
    expect(response.data[0]).toEqual({
      pool: "43641cf5-a92e-416b-bce9-27113d3c0db6",
      project: "maple",
      chain: "Ethereum",
      symbol: "USDC",
      tvlUsd: 2715111363,
      apy: 5.0221,
      apyBase: 5.0221,
      apyReward: 0,
      apyPct1D: -0.00968,
      apyPct7D: 0.05022,
      stablecoin: true,
      ilRisk: "no",
      exposure: "single",
      poolMeta: "Syrup USDC",
      outlier: false,
    });
    expect(response.data[1]).toMatchObject({ apyReward: null, poolMeta: null });
    expect(response.data[2]).toMatchObject({ symbol: "A,B", tvlUsd: "lots", apy: null, outlier: null });
    expect(parseYieldsResponse(response, "converted")).toHaveLength(3);
  });

  it("tells the two files apart by their header and refuses anything else", () => {
    expect(convertSnapshot(PROTOCOLS, "p.csv").kind).toBe("protocols");
    expect(convertSnapshot(YIELDS, "y.csv").kind).toBe("yields");
    expect(() => convertSnapshot("a,b\n1,2\n", "x.csv")).toThrow(ConvertError);
    expect(() => convertProtocols(`${PROTOCOLS.split("\n")[0]}\n1,2,3\n`, "short.csv")).toThrow(
      "short.csv line 2: 3 cells, expected 14",
    );
  });

  it("converts every committed snapshot", () => {
    const dir = path.join(DEFILLAMA_DIR, "open-defi-data");
    const files = readdirSync(dir).filter((f) => f.endsWith(".csv"));
    expect(files).toHaveLength(14);
    const pools: Record<string, number> = {};
    for (const file of files) {
      const { kind, json } = convertSnapshot(readFileSync(path.join(dir, file), "utf8"), file);
      if (kind === "protocols") expect(parseProtocolList(json, file).length).toBeGreaterThan(80);
      else pools[file] = parseYieldsResponse(json, file).length;
    }
    // The row counts of the snapshots' README table.
    expect(pools).toEqual({
      "yields-2026-08-12.csv": 101,
      "yields-2026-08-16.csv": 101,
      "yields-2026-08-20.csv": 103,
      "yields-2026-08-24.csv": 102,
      "yields-2026-08-31.csv": 102,
      "yields-2026-09-02.csv": 101,
      "yields-2026-09-05.csv": 99,
    });
  });
});
