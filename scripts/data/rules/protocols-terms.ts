// Rules over data/protocols.csv's terms: the minimum investment and the page that states it, and
// the term sheet (investor access, KYC, redemption, fees) with its source and date.
import {
  FEES_MAX_LENGTH,
  INVESTOR_ACCESS,
  KYC_VALUES,
  REDEMPTION_DAYS_MAX,
  REDEMPTION_VALUES,
} from "../../../src/config/domain.ts";
import { AS_OF_MIN, checkEnum, checkLength, checkUrl, parseIsoDate, todayUtc } from "./cells.ts";
import { TERM_COLUMNS } from "./protocol-row.ts";
import type { Row } from "./row-rule.ts";

/**
 * A reviewed row's stated minimum cites the page that states it (min_investment_source_url), as a
 * yield or a term sheet does; 'Unknown' states nothing and cites nothing. A tracked row's minimum
 * is 'Unknown' until someone reviews it.
 */
export function minimumIsSourced({ cell, tracked, add }: Row) {
  const url = cell("min_investment_source_url");
  checkUrl("min_investment_source_url", url, add);
  const stated = cell("min_investment") !== "Unknown";
  if (!stated && url !== "") add("min_investment_source_url", "must be empty when min_investment is Unknown");
  // Required from the review that added the column on: an older snapshot (a test fixture, a
  // historical review with --today) predates it, and the 120-day rule brings every row to a review.
  if (stated && url === "" && !tracked && cell("as_of") >= MINIMUM_SOURCE_SINCE)
    add("min_investment_source_url", "is required for a stated minimum: the page that states it");
}

/** The review that first recorded each minimum's page (min_investment_source_url). */
const MINIMUM_SOURCE_SINCE = "2026-11-25";

/**
 * The term sheet: enums, redemption_days exactly with 'days', a short fee text, and a
 * terms_source_url on every row that states any term. terms_as_of is the date the terms were
 * read: a real date, not before 2015, and not after today (or after the real clock's today when
 * reviewing an older snapshot with --today, since terms are read now).
 */
export function termsAreSourced({ cell, todayMs, add }: Row) {
  checkEnum("investor_access", cell("investor_access"), INVESTOR_ACCESS, add);
  checkEnum("kyc", cell("kyc"), KYC_VALUES, add);
  checkEnum("redemption", cell("redemption"), REDEMPTION_VALUES, add);

  const redemption = cell("redemption");
  const daysText = cell("redemption_days");
  if (daysText !== "") {
    if (!/^[0-9]+$/.test(daysText) || Number(daysText) < 1 || Number(daysText) > REDEMPTION_DAYS_MAX) {
      add("redemption_days", `'${daysText}' is not a whole number of days from 1 to ${REDEMPTION_DAYS_MAX}`);
    }
    if (redemption !== "days")
      add("redemption_days", `must be empty unless redemption is days (it is '${redemption}')`);
  } else if (redemption === "days") {
    add("redemption_days", "is required when redemption is days (the number of days, e.g. 2)");
  }

  const fees = cell("fees");
  checkLength("fees", fees, FEES_MAX_LENGTH, add);
  if (/^unknown$/i.test(fees) && fees !== "unknown") add("fees", `write unknown in lower case, not '${fees}'`);

  const sourceUrl = cell("terms_source_url");
  checkUrl("terms_source_url", sourceUrl, add);
  const stated = TERM_COLUMNS.filter((column) => cell(column) !== "" && cell(column) !== "unknown");
  if (stated.length > 0 && sourceUrl === "") {
    add(
      "terms_source_url",
      `is required because ${stated.join(", ")} ${stated.length === 1 ? "is" : "are"} not unknown: cite the page that states the terms`,
    );
  }

  const asOf = cell("terms_as_of");
  if (asOf === "") {
    if (sourceUrl !== "") add("terms_as_of", "is required with terms_source_url (the date you read the terms)");
  } else {
    const ms = parseIsoDate(asOf);
    const clock = todayUtc();
    const latestMs = Math.max(todayMs, parseIsoDate(clock)!);
    if (ms === null) add("terms_as_of", `'${asOf}' is not a real date in YYYY-MM-DD form`);
    else if (asOf < AS_OF_MIN) add("terms_as_of", `${asOf} is before ${AS_OF_MIN}`);
    else if (ms > latestMs)
      add("terms_as_of", `${asOf} is in the future (today is ${new Date(latestMs).toISOString().slice(0, 10)})`);
  }
}
