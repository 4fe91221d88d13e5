// Documented exceptions to the coverage rules (data/coverage-exceptions.json, docs/methodology.md,
// "Sources"): a protocol that falls short of a rule because no acceptable page could be reached,
// with the reason, the pages checked and the day it was recorded. data:check lets an excepted
// protocol pass that rule and prints the exception; it fails when an exception is malformed, and
// when one is no longer needed (the rule passes without it), so an exception cannot outlive its
// reason. An exception never makes a rating: the protocol keeps its Unknown factors and its level.
import { readFileSync } from "node:fs";
import { utcDay } from "../../src/lib/iso-day.ts";
import { COVERAGE_EXCEPTIONS_PATH } from "./paths.ts";
import { todayUtc } from "./rules/cells.ts";
import { isHomepage } from "./rules/risk-evidence.ts";

/**
 * The rules an exception may name: at least five evidenced factors from $100M, at least four
 * primary findings from $1B (scripts/data/rules/risk-evidence-coverage.ts), and a product for every
 * protocol from $100M (data/products.json's coverage rule).
 */
export const COVERAGE_RULES = ["evidenced-factors", "primary-findings", "products"] as const;
export type CoverageRule = (typeof COVERAGE_RULES)[number];

export type CoverageException = {
  protocol: string;
  rule: CoverageRule;
  reason: string;
  pages_checked: string[];
  recorded_on: string;
};

/** The protocols one rule fails for when no exception is applied. */
export type RuleShortfall = { protocol: string; rule: CoverageRule };

const FIELDS = ["protocol", "rule", "reason", "pages_checked", "recorded_on"] as const;

const isCoverageRule = (value: unknown): value is CoverageRule =>
  typeof value === "string" && (COVERAGE_RULES as readonly string[]).includes(value);

/** Why a checked page cannot stand, or null: an http(s) address of a page, not a site's homepage. */
function pageProblem(page: unknown): string | null {
  if (typeof page !== "string") return `${JSON.stringify(page)} is not a web address`;
  let url: URL | null;
  try {
    url = /^https?:\/\/\S+$/.test(page) ? new URL(page) : null;
  } catch {
    url = null;
  }
  if (url === null) return `'${page}' is not a web address (http or https)`;
  if (isHomepage(url)) return `'${page}' is a homepage: name the pages that were checked`;
  return null;
}

/** One entry's problems, in words; none means the entry is a valid exception. */
function entryProblems(item: unknown, today: string, protocols: ReadonlySet<string> | null): string[] {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return ["is not an object"];
  const entry = item as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(entry))
    if (!(FIELDS as readonly string[]).includes(key)) problems.push(`has an unknown field '${key}'`);
  const { protocol, rule, reason, pages_checked: pages, recorded_on: recordedOn } = entry;
  if (typeof protocol !== "string" || protocol.trim() === "") problems.push("names no protocol");
  else if (protocols !== null && !protocols.has(protocol))
    problems.push(`protocol '${protocol}' is not in data/protocols.csv`);
  if (!isCoverageRule(rule)) problems.push(`rule ${JSON.stringify(rule)} is not one of ${COVERAGE_RULES.join(", ")}`);
  if (typeof reason !== "string" || reason.trim() === "") problems.push("gives no reason");
  if (!Array.isArray(pages) || pages.length === 0) problems.push("names no page checked (pages_checked)");
  else {
    for (const page of pages) {
      const problem = pageProblem(page);
      if (problem !== null) problems.push(`pages_checked: ${problem}`);
    }
    if (new Set(pages).size !== pages.length) problems.push("pages_checked lists a page twice");
  }
  if (typeof recordedOn !== "string" || utcDay(recordedOn) === null)
    problems.push(`recorded_on ${JSON.stringify(recordedOn)} is not a YYYY-MM-DD date`);
  else if (recordedOn > today) problems.push(`recorded_on ${recordedOn} is in the future (today is ${today})`);
  return problems;
}

/**
 * Validates the exceptions file: a JSON array of { protocol, rule, reason, pages_checked,
 * recorded_on }, each protocol known (when `protocols` is given), each protocol and rule once.
 * Returns the valid exceptions, and every problem as a line naming the entry (1-based).
 */
export function parseCoverageExceptions(
  text: string,
  { today, protocols = null }: { today: string; protocols?: ReadonlySet<string> | null },
): { exceptions: CoverageException[]; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { exceptions: [], problems: [`is not JSON (${error instanceof Error ? error.message : String(error)})`] };
  }
  if (!Array.isArray(data)) return { exceptions: [], problems: ["is not a JSON array of exceptions"] };
  const exceptions: CoverageException[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  data.forEach((item: unknown, index) => {
    const entry = item as Partial<CoverageException> | null;
    const label = `entry ${index + 1}${typeof entry?.protocol === "string" ? ` (${entry.protocol}, ${String(entry.rule)})` : ""}`;
    const found = entryProblems(item, today, protocols);
    const key = `${String(entry?.protocol)}\u0000${String(entry?.rule)}`;
    if (found.length === 0 && seen.has(key)) found.push("repeats an exception listed above");
    seen.add(key);
    if (found.length > 0) for (const problem of found) problems.push(`${label}: ${problem}`);
    else exceptions.push(item as CoverageException);
  });
  return { exceptions, problems };
}

let committed: CoverageException[] | null = null;

/** The valid exceptions of data/coverage-exceptions.json, read once. */
export function committedCoverageExceptions(): CoverageException[] {
  committed ??= parseCoverageExceptions(readFileSync(COVERAGE_EXCEPTIONS_PATH, "utf8"), {
    today: todayUtc(),
  }).exceptions;
  return committed;
}

/**
 * Whether a documented exception lets `protocol` pass `rule`. The coverage checks call it (the
 * products' coverage with rule 'products'); `exceptions` defaults to the committed file.
 */
export function isExcepted(
  protocol: string,
  rule: CoverageRule,
  exceptions: readonly CoverageException[] = committedCoverageExceptions(),
): boolean {
  return exceptions.some((e) => e.protocol === protocol && e.rule === rule);
}

/**
 * The exceptions no longer needed: the rule passes for the protocol without them (`shortfalls` is
 * every protocol and rule that fails when no exception is applied). One line each, to remove it.
 */
export function unneededExceptions(
  exceptions: readonly CoverageException[],
  shortfalls: readonly RuleShortfall[],
): string[] {
  return exceptions
    .filter((e) => !shortfalls.some((s) => s.protocol === e.protocol && s.rule === e.rule))
    .map(
      (e) => `${e.protocol} passes ${e.rule} without its exception (recorded ${e.recorded_on}): remove the exception`,
    );
}

/** The protocols data/products.json lists a product for (its entries' `protocol`). */
export function productProtocols(text: string): Set<string> {
  const data: unknown = JSON.parse(text);
  const names = new Set<string>();
  if (Array.isArray(data))
    for (const item of data as unknown[]) {
      const protocol = (item as { protocol?: unknown } | null)?.protocol;
      if (typeof protocol === "string") names.add(protocol);
    }
  return names;
}

/**
 * Where the products rule fails without exceptions: a protocol of `tvlUsd` or more, or a reviewed
 * one, with no product (the products' coverage requires the same protocols).
 */
export function productShortfalls(
  rows: ReadonlyArray<{ name: string; tvl_usd: number | null; review_status: "reviewed" | "tracked" }>,
  withProduct: ReadonlySet<string>,
  tvlUsd: number,
): RuleShortfall[] {
  return rows
    .filter((row) => (row.review_status === "reviewed" || (row.tvl_usd ?? 0) >= tvlUsd) && !withProduct.has(row.name))
    .map((row) => ({ protocol: row.name, rule: "products" as const }));
}

/** How data:check prints an exception it applied. */
export function formatAppliedException(e: CoverageException): string {
  return `${e.protocol}, ${e.rule} (recorded ${e.recorded_on}; ${e.pages_checked.length} page(s) checked): ${e.reason}`;
}
