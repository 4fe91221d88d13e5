import { describe, expect, it } from "vitest";
import { protocolKeys } from "./protocol-keys";

describe("protocolKeys", () => {
  it("keeps a unique initial", () => {
    expect(protocolKeys(["RealT", "Ondo Finance (OUSG + USDY)", "Superstate USTB"])).toEqual(["R", "O", "S"]);
  });

  it("tells apart protocols that share an initial by two letters (Backed Finance and BlackRock)", () => {
    expect(protocolKeys(["Backed Finance (bTokens)", "BlackRock BUIDL (Securitize)", "Exodus"])).toEqual([
      "BF",
      "BB",
      "E",
    ]);
    expect(protocolKeys(["Centrifuge", "Clearpool"])).toEqual(["CE", "CL"]);
  });

  it("numbers them when two letters still clash", () => {
    expect(protocolKeys(["Ondo Finance", "Ondo Foundation", "Maple"])).toEqual(["O1", "O2", "M"]);
    // 'stUSDT' and 'Superstate' both start with S; the keys never depend on letter case.
    expect(protocolKeys(["stUSDT (TRON / RWA DAO)", "Spiko (USTBL / EUTBL)", "Superstate USTB"])).toEqual([
      "S1",
      "S2",
      "S3",
    ]);
  });

  it("is unique for every triple of the protocols in our data", () => {
    const names = [
      "BlackRock BUIDL (Securitize)",
      "Ondo Finance (OUSG + USDY)",
      "Franklin Templeton BENJI (FOBXX)",
      "Circle USYC (ex-Hashnote)",
      "Superstate USTB",
      "WisdomTree WTGXX (Prime/Connect)",
      "OpenEden TBILL",
      "Spiko (USTBL / EUTBL)",
      "Fidelity FDIT",
      "Etherfuse Stablebonds",
      "stUSDT (TRON / RWA DAO)",
      "Maple Finance (Syrup)",
      "Centrifuge",
      "Apollo ACRED (Securitize)",
      "Clearpool",
      "TrueFi",
      "Goldfinch (Prime)",
      "EthicHub",
      "RealT",
      "Lofty",
      "Reental",
      "Tether Gold (XAUt)",
      "Paxos Gold (PAXG)",
      "Matrixdock XAUm",
      "Meld Gold",
      "Toucan Protocol",
      "KlimaDAO",
      "Moss (MCO2)",
      "Backed Finance (bTokens)",
      "xStocks (Backed)",
      "Ondo Global Markets",
      "Exodus (EXOD tokenized shares)",
      "Dinari (dShares)",
      "Swarm Markets",
    ];
    for (let a = 0; a < names.length; a++)
      for (let b = a + 1; b < names.length; b++)
        for (let c = b + 1; c < names.length; c++) {
          const keys = protocolKeys([names[a]!, names[b]!, names[c]!]);
          expect(new Set(keys).size, keys.join()).toBe(3);
          expect(keys.every((key) => key.length <= 2)).toBe(true);
        }
  });
});
