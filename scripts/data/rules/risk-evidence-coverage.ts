// How much of the directory the evidence covers (docs/methodology.md, "Sources"), as data:check
// enforces it: every protocol of $100M or more has at least five evidenced factors, every
// protocol of $1B or more at least four primary findings, and at least 75% of all researched
// findings are primary. data:check prints the figures whether or not they pass.
import { MIN_EVIDENCED } from "../../../src/lib/risk-rating.ts";
import type { FactorRecord } from "../risk-factors.ts";
import type { ProtocolRow } from "./protocol-row.ts";
import type { EvidenceRow } from "./risk-evidence.ts";

/** From this TVL a protocol must be rated: at least EVIDENCED_MIN evidenced factors. */
export const COVERAGE_TVL_USD = 100_000_000;
export const EVIDENCED_MIN = MIN_EVIDENCED;
/** From this TVL a protocol needs at least PRIMARY_FINDINGS_MIN findings from primary sources. */
export const PRIMARY_TVL_USD = 1_000_000_000;
export const PRIMARY_FINDINGS_MIN = 4;
/** The least share of primary findings across all researched findings. */
export const PRIMARY_SHARE_MIN = 0.75;

export type CoverageReport = {
  /** One line per figure, printed by data:check. */
  figures: string[];
  /** What falls short, one protocol (or the share) a line. */
  problems: string[];
};

function usd(value: number): string {
  return value >= 1e9 ? `$${(value / 1e9).toFixed(1)}B` : `$${Math.round(value / 1e6)}M`;
}

/** The coverage figures of the data and every rule they break. */
export function evidenceCoverage(
  rows: readonly ProtocolRow[],
  entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>,
  evidence: readonly EvidenceRow[],
): CoverageReport {
  const records = new Map(entries.map((e) => [e.name, e.records]));
  const problems: string[] = [];
  const bySize = [...rows].sort((a, b) => (b.tvl_usd ?? 0) - (a.tvl_usd ?? 0));

  const large = bySize.filter((row) => (row.tvl_usd ?? 0) >= COVERAGE_TVL_USD);
  const shortOfFactors = large.filter((row) => (records.get(row.name)?.length ?? 0) < EVIDENCED_MIN);
  for (const row of shortOfFactors) {
    problems.push(
      `${row.name} (${usd(row.tvl_usd!)}) has ${records.get(row.name)?.length ?? 0} evidenced factor(s); from ${usd(COVERAGE_TVL_USD)} a protocol needs at least ${EVIDENCED_MIN}`,
    );
  }

  const primaryOf = (name: string) =>
    evidence.filter((row) => row.protocol === name && row.source_tier === "primary").length;
  const largest = bySize.filter((row) => (row.tvl_usd ?? 0) >= PRIMARY_TVL_USD);
  const shortOfPrimary = largest.filter((row) => primaryOf(row.name) < PRIMARY_FINDINGS_MIN);
  for (const row of shortOfPrimary) {
    problems.push(
      `${row.name} (${usd(row.tvl_usd!)}) has ${primaryOf(row.name)} primary finding(s); from ${usd(PRIMARY_TVL_USD)} a protocol needs at least ${PRIMARY_FINDINGS_MIN}`,
    );
  }

  const primary = evidence.filter((row) => row.source_tier === "primary").length;
  const share = evidence.length === 0 ? 0 : primary / evidence.length;
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  if (share < PRIMARY_SHARE_MIN) {
    problems.push(
      `${primary} of ${evidence.length} findings (${percent(share)}) are primary; at least ${percent(PRIMARY_SHARE_MIN)} must be`,
    );
  }

  return {
    figures: [
      `${large.length - shortOfFactors.length} of ${large.length} protocols of ${usd(COVERAGE_TVL_USD)} or more have at least ${EVIDENCED_MIN} evidenced factors`,
      `${largest.length - shortOfPrimary.length} of ${largest.length} protocols of ${usd(PRIMARY_TVL_USD)} or more have at least ${PRIMARY_FINDINGS_MIN} primary findings`,
      `${primary} of ${evidence.length} researched findings are primary (${percent(share)}; at least ${percent(PRIMARY_SHARE_MIN)} required)`,
    ],
    problems,
  };
}
