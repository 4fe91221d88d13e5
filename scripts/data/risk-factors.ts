// The rating's factors as the seed and the site carry them: each protocol's researched evidence
// (rules/risk-evidence.ts) plus, where DefiLlama gives the TVL, the computed contract and track
// record (src/lib/computed-factors.ts) unless a researched row replaces them; the overall level they
// give (src/lib/risk-rating.ts, docs/methodology.md); and the check that data/protocols.csv's
// risk_level is that level.
import { computedFactors, type ComputedInput } from "../../src/lib/computed-factors.ts";
import { overallRating, RISK_FACTORS, type RiskStep } from "../../src/lib/risk-rating.ts";
import type { HistoryRow } from "./rules/history.ts";
import type { LaunchDate } from "./rules/launch-dates.ts";
import type { Problem } from "./rules/problem.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import type { EvidenceRow } from "./rules/risk-evidence.ts";
import { COMPUTED_PROVENANCE } from "./rules/risk-evidence-provenance.ts";

/** One factor as the site shows it: researched or computed, or absent (Unknown). */
export type FactorRecord = Omit<EvidenceRow, "protocol"> & { computed: boolean };

/** What the computed factors read from a protocol's row and history, and its name. */
export type RatingInput = ComputedInput & { name: string };

/**
 * Every evidenced factor of one protocol: its researched rows, plus, for a protocol DefiLlama
 * covers, the two computed ones (contract from the audits flag, track record from the TVL, the
 * listing date and our history) where no researched row replaces them. A computed factor that
 * comes out Unknown (its input is missing) is left out.
 */
export function factorRecords(input: RatingInput, evidence: readonly EvidenceRow[]): FactorRecord[] {
  const records: FactorRecord[] = evidence
    .filter((row) => row.protocol === input.name)
    .map(({ protocol: _protocol, ...row }) => ({ ...row, computed: false }));
  const researched = new Set(records.map((r) => r.factor));
  for (const computed of computedFactors(input)) {
    if (researched.has(computed.factor)) continue;
    records.push({
      factor: computed.factor,
      level: computed.level,
      finding: computed.finding,
      source_url: computed.sourceUrl,
      ...COMPUTED_PROVENANCE,
      document_date: computed.day,
      read_on: computed.day,
      computed: true,
    });
  }
  return records.sort((a, b) => RISK_FACTORS.indexOf(a.factor) - RISK_FACTORS.indexOf(b.factor));
}

/** The overall level from a protocol's factor records: null is 'Not rated'. */
export function ratedLevel(records: readonly FactorRecord[]): RiskStep | null {
  return overallRating(Object.fromEntries(records.map((r) => [r.factor, r.level]))).level;
}

/**
 * Every protocol's factor records, from its row, its TVL history, the researched evidence and the
 * researched launch dates (data/launch-dates.csv).
 */
export function riskEntries(
  rows: readonly ProtocolRow[],
  history: readonly HistoryRow[],
  evidence: readonly EvidenceRow[],
  launches: readonly LaunchDate[] = [],
): Array<{ name: string; records: FactorRecord[] }> {
  const launchOf = new Map(launches.map((l) => [l.protocol, { date: l.launch_date, sourceUrl: l.source_url }]));
  return rows.map((row) => ({
    name: row.name,
    records: factorRecords(
      {
        name: row.name,
        defillamaSlug: row.tvl_source === "defillama" ? row.defillama_slug : null,
        audits: row.defillama_audits,
        listedAt: row.defillama_listed_at,
        launch: launchOf.get(row.name) ?? null,
        tvlUsd: row.tvl_usd,
        tvlAsOf: row.tvl_as_of,
        history: history
          .filter((h) => h.name === row.name && h.source === "defillama")
          .map((h) => ({ day: h.day, tvlUsd: h.tvl_usd })),
      },
      evidence,
    ),
  }));
}

/**
 * The rule's level for every row, and what data:check reports where the CSV disagrees: a row's
 * risk_level must be the computed one (empty when 'Not rated', fewer than MIN_EVIDENCED evidenced
 * factors, reviewed or not: the coverage rule says which protocols must be rated,
 * rules/risk-evidence-coverage.ts). `line` is the row's line in data/protocols.csv.
 */
export function checkRiskLevels(
  rows: ReadonlyArray<ProtocolRow & { line?: number }>,
  entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>,
): { levels: Map<string, RiskStep | null>; problems: Problem[] } {
  const byName = new Map(entries.map((e) => [e.name, e.records]));
  const levels = new Map<string, RiskStep | null>();
  const problems: Problem[] = [];
  rows.forEach((row, index) => {
    const records = byName.get(row.name) ?? [];
    const level = ratedLevel(records);
    levels.set(row.name, level);
    const line = row.line ?? index + 2;
    if ((row.risk_level ?? null) !== level) {
      problems.push({
        line,
        column: "risk_level",
        message: `is ${row.risk_level === null ? "empty" : `'${row.risk_level}'`} but the rating rule gives ${level === null ? "Not rated (empty)" : `'${level}'`}: run npm run data:rate`,
      });
    }
  });
  return { levels, problems };
}
