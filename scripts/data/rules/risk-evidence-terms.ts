// The terms agree with the findings (docs/methodology.md, "Sources"): data:check flags a term left
// unknown while a finding of the same protocol states it. Redemption: any researched redemption
// finding states how money comes back. Investor access: a legal or regulation finding that names
// who may buy. A term is known when the protocol's row states it (data/protocols.csv) or, once
// data/products.json exists, when any product of the protocol does. A product's redemption that is
// 'not-disclosed' but records what the page says (a redemption note or an instant facility: the
// timing is what the page leaves out) states the term: the finding and the product agree.
import type { EvidenceRow } from "./risk-evidence.ts";
import type { ProtocolRow } from "./protocol-row.ts";

/** Words that name who may buy, as the findings write them. */
const WHO_MAY_BUY =
  /\b(qualified purchasers?|accredited investors?|accredited|professional (?:investors?|clients?)|institutional (?:investors?|clients?)|institutions only|non-U\.?S\.? (?:persons?|investors?|residents?|holders?|buyers?)|retail (?:investors?|holders?|clients?|customers?|buyers?))\b/i;

/** A term that states nothing: never checked, or checked and silent. */
const SILENT = new Set(["unknown", "not-disclosed"]);

/** One product's terms, as data/products.json states them (only what this check reads). */
export type ProductTerms = {
  protocol: string;
  investor_access: string;
  redemption: string;
  /** The product records the page's words on redemption: a redemption note or an instant facility. */
  redemption_stated: boolean;
};

const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** The products' terms from data/products.json; entries without the fields read are skipped. */
export function readProductTerms(text: string): ProductTerms[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) return [];
  return data.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const fields = item as Record<string, unknown>;
    const { protocol, investor_access: access, redemption } = fields;
    return typeof protocol === "string" && typeof access === "string" && typeof redemption === "string"
      ? [
          {
            protocol,
            investor_access: access,
            redemption,
            redemption_stated: hasText(fields.redemption_note) || hasText(fields.instant_facility),
          },
        ]
      : [];
  });
}

/** The part of a finding that names who may buy, or null. */
export function whoMayBuy(finding: string): string | null {
  return WHO_MAY_BUY.exec(finding)?.[0] ?? null;
}

/**
 * Every term left unknown although a finding of the protocol states it, one message a term.
 * `products` is null until data/products.json exists.
 */
export function termsAgreeWithFindings(
  rows: readonly ProtocolRow[],
  evidence: readonly EvidenceRow[],
  products: readonly ProductTerms[] | null,
): string[] {
  const problems: string[] = [];
  const where = products === null ? "its row in data/protocols.csv" : "its row and every product in data/products.json";
  for (const row of rows) {
    const own = products?.filter((p) => p.protocol === row.name) ?? [];
    const knows = (term: "investor_access" | "redemption") =>
      !SILENT.has(row[term]) ||
      own.some(
        (p) =>
          !SILENT.has(p[term]) || (term === "redemption" && p.redemption === "not-disclosed" && p.redemption_stated),
      );
    const findings = evidence.filter((e) => e.protocol === row.name);
    const redemption = findings.find((e) => e.factor === "redemption");
    if (redemption && !knows("redemption")) {
      problems.push(
        `${row.name}: redemption is unknown in ${where}, but its redemption finding states it ("${redemption.finding}", ${redemption.source_url}): state the term from that page`,
      );
    }
    const access = findings
      .filter((e) => e.factor === "legal" || e.factor === "regulation")
      .map((e) => ({ finding: e, names: whoMayBuy(e.finding) }))
      .find((f) => f.names !== null);
    if (access && !knows("investor_access")) {
      problems.push(
        `${row.name}: investor access is unknown in ${where}, but its ${access.finding.factor} finding names who may buy ('${access.names}', ${access.finding.source_url}): state the term from that page`,
      );
    }
  }
  return problems;
}
