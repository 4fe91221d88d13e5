// The evidence rules of data:check beyond each file's own rows (docs/methodology.md, "Sources"):
// the tiers file, the never list over every source URL, the coverage, the terms that findings
// state, the change log, and the documented coverage exceptions. Returns printable lines: problems,
// the coverage figures and the exceptions applied.
import { existsSync, readFileSync } from "node:fs";
import {
  formatAppliedException,
  isExcepted,
  parseCoverageExceptions,
  productProtocols,
  productShortfalls,
  unneededExceptions,
} from "./coverage-exceptions.ts";
import {
  COVERAGE_EXCEPTIONS_DISPLAY,
  COVERAGE_EXCEPTIONS_PATH,
  CSV_DISPLAY,
  PRODUCTS_DISPLAY,
  PRODUCTS_PATH,
  REVIEW_CHANGES_DISPLAY,
  REVIEW_CHANGES_PATH,
  RISK_EVIDENCE_DISPLAY,
} from "./paths.ts";
import type { FactorRecord } from "./risk-factors.ts";
import { checkReviewChangesCsv } from "./rules/review-changes.ts";
import { formatProblem } from "./rules/problem.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import type { EvidenceRow } from "./rules/risk-evidence.ts";
import { COVERAGE_TVL_USD, evidenceCoverage } from "./rules/risk-evidence-coverage.ts";
import { readProductTerms, termsAgreeWithFindings } from "./rules/risk-evidence-terms.ts";
import { checkCsvSources, checkSourceTiers } from "./rules/source-tiers.ts";

export type EvidenceCheckInput = {
  rows: readonly ProtocolRow[];
  entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>;
  evidence: readonly EvidenceRow[];
  protocolsText: string;
  evidenceText: string;
  today: string;
  /** data/coverage-exceptions.json's text (read from the file when not given). */
  exceptionsText?: string;
  /** data/products.json's text, null when there is none (read from the file when not given). */
  productsText?: string | null;
};

/**
 * Every problem as a printable line (file, then where, then what), the coverage figures, and the
 * coverage exceptions applied (one line each).
 */
export function checkEvidenceRules(input: EvidenceCheckInput): {
  problems: string[];
  figures: string[];
  exceptions: string[];
} {
  const problems: string[] = [
    ...checkSourceTiers().map((p) => `data/source-tiers.json ${p.column}: ${p.message}`),
    ...checkCsvSources(input.protocolsText).map((p) => `${CSV_DISPLAY} ${formatProblem(p)}`),
    ...checkCsvSources(input.evidenceText).map((p) => `${RISK_EVIDENCE_DISPLAY} ${formatProblem(p)}`),
  ];
  const productsText =
    input.productsText !== undefined
      ? input.productsText
      : existsSync(PRODUCTS_PATH)
        ? readFileSync(PRODUCTS_PATH, "utf8")
        : null;
  const products = productsText === null ? null : readProductTerms(productsText);
  problems.push(
    ...termsAgreeWithFindings(input.rows, input.evidence, products).map(
      (message) => `${products === null ? CSV_DISPLAY : PRODUCTS_DISPLAY} terms: ${message}`,
    ),
  );
  if (existsSync(REVIEW_CHANGES_PATH)) {
    const log = checkReviewChangesCsv(readFileSync(REVIEW_CHANGES_PATH, "utf8"), input.today);
    problems.push(...log.problems.map((p) => `${REVIEW_CHANGES_DISPLAY} ${formatProblem(p)}`));
  }
  const file = parseCoverageExceptions(input.exceptionsText ?? readFileSync(COVERAGE_EXCEPTIONS_PATH, "utf8"), {
    today: input.today,
    protocols: new Set(input.rows.map((row) => row.name)),
  });
  problems.push(...file.problems.map((message) => `${COVERAGE_EXCEPTIONS_DISPLAY} ${message}`));
  const coverage = evidenceCoverage(input.rows, input.entries, input.evidence, (protocol, rule) =>
    isExcepted(protocol, rule, file.exceptions),
  );
  problems.push(...coverage.problems.map((message) => `${RISK_EVIDENCE_DISPLAY} coverage: ${message}`));
  // The products' own checker applies the 'products' exceptions; whether one is still needed is judged here.
  const withProduct = productsText === null ? new Set<string>() : productProtocols(productsText);
  const shortfalls = [...coverage.shortfalls, ...productShortfalls(input.rows, withProduct, COVERAGE_TVL_USD)];
  const unneeded = unneededExceptions(file.exceptions, shortfalls);
  problems.push(...unneeded.map((message) => `${COVERAGE_EXCEPTIONS_DISPLAY} ${message}`));
  const applied = file.exceptions.filter((e) => shortfalls.some((s) => s.protocol === e.protocol && s.rule === e.rule));
  return { problems, figures: coverage.figures, exceptions: applied.map(formatAppliedException) };
}
