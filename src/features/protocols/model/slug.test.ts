import { describe, expect, it } from "vitest";
import { slugify, uniqueSlugs } from "./slug";

describe("slugify", () => {
  it.each([
    ["BlackRock BUIDL (Securitize)", "blackrock-buidl-securitize"],
    ["Ondo Finance (OUSG + USDY)", "ondo-finance-ousg-usdy"],
    ["  --Société Générale--  ", "societe-generale"],
    ["xStocks", "xstocks"],
    ["!!!", "protocol"],
    ["", "protocol"],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("caps long names without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("uniqueSlugs", () => {
  it("suffixes repeats in order and skips suffixes already taken", () => {
    expect(uniqueSlugs(["a", "a", "a-2", "a"])).toEqual(["a", "a-2", "a-2-2", "a-3"]);
  });
});
