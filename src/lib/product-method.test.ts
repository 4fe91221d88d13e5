// The /methodology page and docs/methodology.md state the same two product rules: every sentence the
// page renders from product-method.ts is in the document (markdown emphasis and line breaks aside).
import { describe, expect, it } from "vitest";
import doc from "../../docs/methodology.md?raw";
import {
  DEFAULT_HOLDING_SENTENCE,
  PRODUCT_RULE_VERSIONS,
  PRODUCT_RULES_SUMMARY,
  TIME_TO_CASH_RANKING,
  TIME_TO_CASH_STEPS,
  YIELD_AFTER_FEES_EXAMPLE,
  YIELD_AFTER_FEES_STEPS,
} from "./product-method";
import { yieldAfterFees } from "./yield-after-fees";

const plain = (markdown: string) =>
  markdown
    .replace(/\*\*|`/g, "")
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
const text = plain(doc);
const said = (sentence: string) => expect(text, sentence).toContain(plain(sentence));

describe("the products' rules match docs/methodology.md", () => {
  it("states both rules in the same sentences, with their versions", () => {
    said(PRODUCT_RULES_SUMMARY);
    for (const step of [...TIME_TO_CASH_STEPS, TIME_TO_CASH_RANKING, ...YIELD_AFTER_FEES_STEPS]) said(step);
    said(YIELD_AFTER_FEES_EXAMPLE);
    said(DEFAULT_HOLDING_SENTENCE);
    for (const { rule, version, date, change } of PRODUCT_RULE_VERSIONS)
      said(`${rule} ${version} (${date}): ${change}`);
  });

  it("gives an example the rule itself computes", () => {
    const fees = {
      managementFeePct: 0.3,
      subscriptionFeePct: null,
      redemptionFeePct: 0.05,
      feesKnown: true,
      minInvestmentUsd: null,
    };
    const gross = { apyMin: 4, apyMax: 4, netOfManagementFee: false };
    expect(yieldAfterFees(gross, fees, { years: 1, amountUsd: 100_000 })).toMatchObject({ min: 3.65 });
    expect(yieldAfterFees(gross, fees, { years: 5, amountUsd: 100_000 })).toMatchObject({ min: 3.69 });
  });
});
