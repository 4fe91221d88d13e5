// The products' two rules in words, for /methodology: time to cash and yield after fees. The same
// sentences as docs/methodology.md (src/lib/product-method.test.ts checks them against it); the
// numbers come from the rules themselves. Relative imports: the build reads them outside Vite's aliases.
import { FACILITY_LABEL_MAX, TIME_TO_CASH_VERSION, WINDOW_DAYS } from "./time-to-cash.ts";
import { DEFAULT_HOLDING, YIELD_AFTER_FEES_VERSION } from "./yield-after-fees.ts";
import { formatEnUs } from "./en-us-number";

export const PRODUCT_RULES_SUMMARY =
  "Investors buy tokens, not protocols: each product a protocol issues has its own terms, each with the page that states it and the dates of that page. Two rules, pure and versioned, turn those terms into the two figures an investor asks for first.";

export const TIME_TO_CASH_STEPS = [
  `An instant-liquidity facility (a USDC swap, a PSM) pays out the same day: 'Same day (USDC swap)', the facility named in brackets when its name has at most ${FACILITY_LABEL_MAX} characters, else 'Same day (instant facility)' with its description beside it.`,
  "Otherwise the redemption decides: 'instant' (settled the same day, atomically) is 'Same day'; a number of business days n is 'T+n'.",
  `A redemption window reads 'Daily window', 'Weekly window', 'Monthly window' or 'Quarterly window', and waits at most ${WINDOW_DAYS.daily}, ${WINDOW_DAYS.weekly}, ${WINDOW_DAYS.monthly} or ${WINDOW_DAYS.quarterly} days for the next one; a window whose frequency no page fixes is 'Periodic window'.`,
  "A withdrawal queue guarantees no maximum: 'Queue: no guaranteed maximum', with the usual wait its issuer states ('Queue: usually under 24 h, no guaranteed maximum').",
  "No redemption (a sale is the only way out) is 'No redemption (sale only)'; a page checked that says nothing is 'Not disclosed'; nothing checked is 'Unknown'.",
] as const;

export const TIME_TO_CASH_RANKING =
  "In the comparison the shortest guaranteed wait is marked best; a queue, no redemption and anything not stated are never ranked.";

export const YIELD_AFTER_FEES_STEPS = [
  "Start from the product's yield: DefiLlama's pools for the product where it has some, else the yield its issuer states, with that date.",
  "Subtract the management fee, unless the yield is already net of it (a yield derived from a fund's NAV or a token's exchange rate is); a yield nobody says is net is taken as gross, so the result never looks better than the documents allow.",
  "Subtract the one-off subscription and redemption fees, spread over the holding period: their sum divided by the years held.",
  "A fee no page states counts as zero, and the result says the fees are not known; an amount below the product's minimum has no result.",
] as const;

export const YIELD_AFTER_FEES_EXAMPLE =
  "Example: a gross yield of 4.00% with a 0.30% management fee and a 0.05% redemption fee, held 1 year, keeps 3.65% a year; held 5 years, 3.69%.";

export const DEFAULT_HOLDING_SENTENCE = `The site works it out for ${DEFAULT_HOLDING.years} year and $${formatEnUs(DEFAULT_HOLDING.amountUsd)} until the visitor enters another period and amount; the dollars kept are the amount times the yield after fees times the years.`;

export const PRODUCT_RULE_VERSIONS = [
  { rule: "Time to cash", version: TIME_TO_CASH_VERSION, date: "2026-11-27", change: "first published rule." },
  { rule: "Yield after fees", version: YIELD_AFTER_FEES_VERSION, date: "2026-11-27", change: "first published rule." },
] as const;
