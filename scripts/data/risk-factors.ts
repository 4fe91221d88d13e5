// The rating's factors as the seed and the site carry them: each protocol's researched evidence
// (rules/risk-evidence.ts) plus, where DefiLlama gives the TVL, the computed contract and track
// record; the overall level they give (src/lib/risk-rating.ts, docs/methodology.md); and the check
// that data/protocols.csv's risk_level is that level.
import {
  contractFactor,
  MIN_EVIDENCED,
  overallRating,
  RISK_FACTORS,
  trackRecordFactor,
  type HistoryPoint,
  type RiskFactor,
  type RiskStep,
} from "../../src/lib/risk-rating.ts";
import type { HistoryRow } from "./rules/history.ts";
import type { Problem } from "./rules/problem.ts";
import type { ProtocolRow } from "./rules/protocol-row.ts";
import type { EvidenceRow } from "./rules/risk-evidence.ts";

/** One factor as the site shows it: researched or computed, or absent (Unknown). */
export type FactorRecord = {
  factor: RiskFactor;
  level: RiskStep;
  finding: string;
  source_url: string;
  read_on: string;
  computed: boolean;
};

/** What the computed factors read from a protocol's row and history. */
export type RatingInput = {
  name: string;
  /** Only when the row's TVL comes from DefiLlama; null otherwise. */
  defillamaSlug: string | null;
  /** DefiLlama's audits flag (0 none, 1 partly, 2 yes, 3 fork of audited); null when unknown. */
  audits: number | null;
  /** DefiLlama's listing date, YYYY-MM-DD; null when unknown. */
  listedAt: string | null;
  tvlUsd: number | null;
  tvlAsOf: string | null;
  history: readonly HistoryPoint[];
};

/**
 * Every evidenced factor of one protocol: its researched rows, plus, for a protocol DefiLlama
 * covers, the two computed ones (contract from the audits flag, track record from the TVL, the
 * listing date and our history). A computed factor that comes out Unknown is left out.
 */
export function factorRecords(input: RatingInput, evidence: readonly EvidenceRow[]): FactorRecord[] {
  const records: FactorRecord[] = evidence
    .filter((row) => row.protocol === input.name)
    .map((row) => ({ ...row, computed: false }));
  if (input.defillamaSlug && input.tvlAsOf) {
    const page = `https://defillama.com/protocol/${input.defillamaSlug}`;
    const contract = contractFactor(input.audits);
    if (contract.level !== "Unknown") {
      records.push({
        factor: "contract",
        level: contract.level,
        finding: contract.finding,
        source_url: page,
        read_on: input.tvlAsOf,
        computed: true,
      });
    }
    const track = trackRecordFactor({
      since: input.listedAt,
      asOf: input.tvlAsOf,
      tvlUsd: input.tvlUsd,
      history: input.history,
    });
    if (track.level !== "Unknown") {
      records.push({
        factor: "track_record",
        level: track.level,
        finding: input.listedAt ? track.finding.replace("live since", "listed by DefiLlama since") : track.finding,
        source_url: page,
        read_on: input.tvlAsOf,
        computed: true,
      });
    }
  }
  return records.sort((a, b) => RISK_FACTORS.indexOf(a.factor) - RISK_FACTORS.indexOf(b.factor));
}

/** The overall level from a protocol's factor records: null is 'Not rated'. */
export function ratedLevel(records: readonly FactorRecord[]): RiskStep | null {
  return overallRating(Object.fromEntries(records.map((r) => [r.factor, r.level]))).level;
}

/** Every protocol's factor records, from its row, its TVL history and the researched evidence. */
export function riskEntries(
  rows: readonly ProtocolRow[],
  history: readonly HistoryRow[],
  evidence: readonly EvidenceRow[],
): Array<{ name: string; records: FactorRecord[] }> {
  return rows.map((row) => ({
    name: row.name,
    records: factorRecords(
      {
        name: row.name,
        defillamaSlug: row.tvl_source === "defillama" ? row.defillama_slug : null,
        audits: row.defillama_audits,
        listedAt: row.defillama_listed_at,
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
 * risk_level must be the computed one (empty when 'Not rated'), and a reviewed row must be rated
 * (at least MIN_EVIDENCED evidenced factors). `line` is the row's line in data/protocols.csv.
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
    if (row.review_status === "reviewed" && level === null) {
      problems.push({
        line,
        column: "risk_level",
        message: `${row.name} has ${records.length} evidenced risk factor(s); a reviewed protocol needs at least ${MIN_EVIDENCED} (data/risk-evidence.csv)`,
      });
    } else if ((row.risk_level ?? null) !== level) {
      problems.push({
        line,
        column: "risk_level",
        message: `is ${row.risk_level === null ? "empty" : `'${row.risk_level}'`} but the rating rule gives ${level === null ? "Not rated (empty)" : `'${level}'`}: run npm run data:rate`,
      });
    }
  });
  return { levels, problems };
}
