// The evidence rules of data:check beyond each file's own rows (docs/methodology.md, "Sources"):
// the tiers file, the never list over every source URL, the coverage, the terms that findings
// state, and the change log. Returns printable lines: problems, and the coverage figures.
import { existsSync, readFileSync } from "node:fs";
import {
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
import { evidenceCoverage } from "./rules/risk-evidence-coverage.ts";
import { readProductTerms, termsAgreeWithFindings } from "./rules/risk-evidence-terms.ts";
import { checkCsvSources, checkSourceTiers } from "./rules/source-tiers.ts";

export type EvidenceCheckInput = {
  rows: readonly ProtocolRow[];
  entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>;
  evidence: readonly EvidenceRow[];
  protocolsText: string;
  evidenceText: string;
  today: string;
};

/** Every problem as a printable line (file, then where, then what), and the coverage figures. */
export function checkEvidenceRules(input: EvidenceCheckInput): { problems: string[]; figures: string[] } {
  const problems: string[] = [
    ...checkSourceTiers().map((p) => `data/source-tiers.json ${p.column}: ${p.message}`),
    ...checkCsvSources(input.protocolsText).map((p) => `${CSV_DISPLAY} ${formatProblem(p)}`),
    ...checkCsvSources(input.evidenceText).map((p) => `${RISK_EVIDENCE_DISPLAY} ${formatProblem(p)}`),
  ];
  const products = existsSync(PRODUCTS_PATH) ? readProductTerms(readFileSync(PRODUCTS_PATH, "utf8")) : null;
  problems.push(
    ...termsAgreeWithFindings(input.rows, input.evidence, products).map(
      (message) => `${products === null ? CSV_DISPLAY : PRODUCTS_DISPLAY} terms: ${message}`,
    ),
  );
  if (existsSync(REVIEW_CHANGES_PATH)) {
    const log = checkReviewChangesCsv(readFileSync(REVIEW_CHANGES_PATH, "utf8"), input.today);
    problems.push(...log.problems.map((p) => `${REVIEW_CHANGES_DISPLAY} ${formatProblem(p)}`));
  }
  const coverage = evidenceCoverage(input.rows, input.entries, input.evidence);
  problems.push(...coverage.problems.map((message) => `${RISK_EVIDENCE_DISPLAY} coverage: ${message}`));
  return { problems, figures: coverage.figures };
}
