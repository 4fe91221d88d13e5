import { describe, expect, it } from "vitest";
import {
  committedCoverageExceptions,
  type CoverageException,
  isExcepted,
  parseCoverageExceptions,
  productProtocols,
  productShortfalls,
  unneededExceptions,
} from "./coverage-exceptions.ts";

const TODAY = "2026-11-27";
const PROTOCOLS = new Set(["Tether Gold (XAUt)", "DigiFT"]);

const entry = (extra: Record<string, unknown> = {}) => ({
  protocol: "DigiFT",
  rule: "evidenced-factors",
  reason: "No DigiFT document was reachable.",
  pages_checked: ["https://forum.arbitrum.foundation/t/digift-dr-umint-step2-application/28764"],
  recorded_on: "2026-11-27",
  ...extra,
});
const parse = (data: unknown) =>
  parseCoverageExceptions(typeof data === "string" ? data : JSON.stringify(data), {
    today: TODAY,
    protocols: PROTOCOLS,
  });

describe("parseCoverageExceptions", () => {
  it("keeps a documented exception: a known protocol, a rule, a reason, the pages checked, a past day", () => {
    expect(parse([entry(), entry({ protocol: "Tether Gold (XAUt)", rule: "primary-findings" })])).toEqual({
      exceptions: [entry(), entry({ protocol: "Tether Gold (XAUt)", rule: "primary-findings" })],
      problems: [],
    });
  });

  it("names every problem of an entry, and keeps none of a broken entry", () => {
    expect(
      parse([
        entry({ protocol: "Valos", rule: "coverage", reason: "  ", recorded_on: "2026-11-28", note: "x" }),
        entry({ pages_checked: ["https://digift.sg/", "ftp://digift.sg/terms", 7, "https://digift.sg"] }),
        entry({ pages_checked: [], recorded_on: "2026-02-30" }),
        entry({ pages_checked: ["https://example.org/a", "https://example.org/a"], protocol: "" }),
        "DigiFT",
      ]),
    ).toEqual({
      exceptions: [],
      problems: [
        "entry 1 (Valos, coverage): has an unknown field 'note'",
        "entry 1 (Valos, coverage): protocol 'Valos' is not in data/protocols.csv",
        'entry 1 (Valos, coverage): rule "coverage" is not one of evidenced-factors, primary-findings, products',
        "entry 1 (Valos, coverage): gives no reason",
        "entry 1 (Valos, coverage): recorded_on 2026-11-28 is in the future (today is 2026-11-27)",
        "entry 2 (DigiFT, evidenced-factors): pages_checked: 'https://digift.sg/' is a homepage: name the pages that were checked",
        "entry 2 (DigiFT, evidenced-factors): pages_checked: 'ftp://digift.sg/terms' is not a web address (http or https)",
        "entry 2 (DigiFT, evidenced-factors): pages_checked: 7 is not a web address",
        "entry 2 (DigiFT, evidenced-factors): pages_checked: 'https://digift.sg' is a homepage: name the pages that were checked",
        "entry 3 (DigiFT, evidenced-factors): names no page checked (pages_checked)",
        'entry 3 (DigiFT, evidenced-factors): recorded_on "2026-02-30" is not a YYYY-MM-DD date',
        "entry 4 (, evidenced-factors): names no protocol",
        "entry 4 (, evidenced-factors): pages_checked lists a page twice",
        "entry 5: is not an object",
      ],
    });
  });

  it("refuses a second exception for the same protocol and rule, and a file that is not an array of them", () => {
    expect(parse([entry(), entry({ reason: "Again." })]).problems).toEqual([
      "entry 2 (DigiFT, evidenced-factors): repeats an exception listed above",
    ]);
    expect(parse({ exceptions: [] })).toEqual({ exceptions: [], problems: ["is not a JSON array of exceptions"] });
    expect(parse("[{").problems[0]).toMatch(/^is not JSON \(/);
  });

  it("accepts any protocol name when no protocol list is given (isExcepted's reading)", () => {
    expect(
      parseCoverageExceptions(JSON.stringify([entry({ protocol: "Valos" })]), { today: TODAY }).exceptions,
    ).toHaveLength(1);
  });
});

describe("isExcepted", () => {
  const exceptions = [entry(), entry({ protocol: "Valos", rule: "products" })] as CoverageException[];

  it("excepts exactly the protocol and rule an exception names", () => {
    expect(isExcepted("DigiFT", "evidenced-factors", exceptions)).toBe(true);
    expect(isExcepted("DigiFT", "primary-findings", exceptions)).toBe(false);
    expect(isExcepted("Valos", "products", exceptions)).toBe(true);
    expect(isExcepted("Valos", "evidenced-factors", exceptions)).toBe(false);
    expect(isExcepted("digift", "evidenced-factors", exceptions)).toBe(false);
  });

  it("reads data/coverage-exceptions.json by default, every entry of it valid", () => {
    const committed = committedCoverageExceptions();
    expect(committed.length).toBeGreaterThan(0);
    for (const e of committed) expect(isExcepted(e.protocol, e.rule)).toBe(true);
    expect(isExcepted("Tether Gold (XAUt)", "primary-findings")).toBe(true);
    expect(isExcepted("Tether Gold (XAUt)", "evidenced-factors")).toBe(false);
  });
});

describe("unneededExceptions", () => {
  const exceptions = [entry(), entry({ protocol: "Valos", rule: "products" })] as CoverageException[];

  it("passes while each exception's rule still fails without it", () => {
    expect(
      unneededExceptions(exceptions, [
        { protocol: "DigiFT", rule: "evidenced-factors" },
        { protocol: "Valos", rule: "products" },
        { protocol: "R25", rule: "evidenced-factors" },
      ]),
    ).toEqual([]);
  });

  it("fails on an exception whose rule passes without it, so none can outlive its reason", () => {
    expect(
      unneededExceptions(exceptions, [
        { protocol: "DigiFT", rule: "primary-findings" },
        { protocol: "Valos", rule: "products" },
      ]),
    ).toEqual(["DigiFT passes evidenced-factors without its exception (recorded 2026-11-27): remove the exception"]);
  });
});

describe("the products rule, as the exceptions judge it", () => {
  const rows = [
    { name: "Valos", tvl_usd: 107e6, review_status: "tracked" as const },
    { name: "Ondo", tvl_usd: 1.4e9, review_status: "reviewed" as const },
    { name: "Small reviewed", tvl_usd: 5e6, review_status: "reviewed" as const },
    { name: "Small tracked", tvl_usd: 5e6, review_status: "tracked" as const },
    { name: "No TVL", tvl_usd: null, review_status: "tracked" as const },
  ];

  it("fails for every protocol of $100M or more, or reviewed, without a product in data/products.json", () => {
    const withProduct = productProtocols(JSON.stringify([{ protocol: "Ondo", symbol: "USDY" }, { symbol: "x" }, null]));
    expect([...withProduct]).toEqual(["Ondo"]);
    expect(productShortfalls(rows, withProduct, 100e6)).toEqual([
      { protocol: "Valos", rule: "products" },
      { protocol: "Small reviewed", rule: "products" },
    ]);
    expect(productShortfalls(rows, new Set(["Valos", "Ondo", "Small reviewed"]), 100e6)).toEqual([]);
  });
});
