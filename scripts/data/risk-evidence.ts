// data/risk-evidence.csv: the researched evidence behind each protocol's risk factors (the rule:
// src/lib/risk-rating.ts, docs/methodology.md). One row per protocol and factor: a one-sentence
// finding in our own words, the page that states it, the kind of document, its tier, the date the
// document states and the date it was read. A researched contract or track_record row replaces
// the computed one. Validated here
// (npm run data:check), seeded into public.protocol_risk_factors with the computed factors, and
// published in the open data.
import { computedFactors, type ComputedInput } from "../../src/lib/computed-factors.ts";
import {
  MIN_EVIDENCED,
  isRiskFactor,
  isRiskStep,
  overallRating,
  RISK_FACTORS,
  type RiskFactor,
  type RiskStep,
} from "../../src/lib/risk-rating.ts";
import type { SourceTier } from "../../src/lib/source-tiers.ts";
import { CsvSyntaxError, parseCsv, serializeCsv } from "./csv.ts";
import { checkProvenance, COMPUTED_PROVENANCE } from "./evidence-provenance.ts";
import type { HistoryRow } from "./history.ts";
import { AS_OF_MIN, parseIsoDate, type Problem, type ProtocolRow } from "./rules.ts";

export const EVIDENCE_COLUMNS = [
  "protocol",
  "factor",
  "level",
  "finding",
  "source_url",
  "source_kind",
  "source_tier",
  "document_date",
  "read_on",
] as const;
export const FINDING_MAX = 400;

export type EvidenceRow = {
  protocol: string;
  factor: RiskFactor;
  level: RiskStep;
  finding: string;
  source_url: string;
  /** The kind of document (SOURCE_KINDS): 'Fact sheet', 'SEC filing' ... */
  source_kind: string;
  source_tier: SourceTier;
  /** The date the document states: YYYY-MM-DD, YYYY-MM or 'undated'. */
  document_date: string;
  read_on: string;
};

/**
 * What the evidence check needs to know about each protocol: `defillamaSlug` only when the row's
 * TVL comes from DefiLlama (then contract and track record are computed, not researched).
 */
export type EvidenceProtocol = { name: string; defillamaSlug: string | null };

/** A URL that names only a site (no path, or '/', with no query): a homepage states nothing. */
export function isHomepage(url: URL): boolean {
  return (url.pathname === "/" || url.pathname === "") && url.search === "" && url.hash === "";
}

/** Validates the evidence file. Line numbers match the file; the header is line 1. */
export function checkRiskEvidenceCsv(
  text: string,
  protocols: readonly EvidenceProtocol[],
  today: string,
): { rows: EvidenceRow[]; problems: Problem[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { rows: [], problems: [{ line: error.line, column: "csv", message: error.message }] };
    throw error;
  }
  const header = records[0];
  if (!header || header.cells.join(",") !== EVIDENCE_COLUMNS.join(",")) {
    return {
      rows: [],
      problems: [{ line: 1, column: "header", message: `must be exactly ${EVIDENCE_COLUMNS.join(",")}` }],
    };
  }
  const byName = new Map(protocols.map((p) => [p.name, p]));
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  const rows: EvidenceRow[] = [];
  for (const { line, cells } of records.slice(1)) {
    const add = (column: string, message: string) => problems.push({ line, column, message });
    if (cells.length !== EVIDENCE_COLUMNS.length) {
      add("row", `has ${cells.length} cells, expected ${EVIDENCE_COLUMNS.length} (${EVIDENCE_COLUMNS.join(",")})`);
      continue;
    }
    const [protocol, factor, level, finding, sourceUrl, sourceKind, sourceTier, documentDate, readOn] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const before = problems.length;
    const target = byName.get(protocol);
    if (!target) add("protocol", `'${protocol}' is not a protocol in data/protocols.csv`);
    if (!isRiskFactor(factor)) add("factor", `'${factor}' is not one of ${RISK_FACTORS.join(", ")}`);
    if (!isRiskStep(level)) add("level", `'${level}' is not one of Low, Medium, High, Very High`);
    const trimmed = finding.trim();
    if (trimmed === "") add("finding", "is empty: every assessment needs its finding");
    else if (trimmed !== finding) add("finding", "has leading or trailing spaces");
    else if (/[\r\n]/.test(finding)) add("finding", "must be one line");
    else if (finding.length > FINDING_MAX) add("finding", `is ${finding.length} characters, at most ${FINDING_MAX}`);
    let url: URL | null;
    try {
      url = /^https?:\/\/\S+$/.test(sourceUrl) ? new URL(sourceUrl) : null;
    } catch {
      url = null;
    }
    if (url === null) add("source_url", `'${sourceUrl}' is not a web address (http or https)`);
    else if (isHomepage(url)) add("source_url", `'${sourceUrl}' is a homepage: cite the page that states the finding`);
    const day = parseIsoDate(readOn);
    if (day === null) add("read_on", `'${readOn}' is not a real date in YYYY-MM-DD form`);
    else if (readOn < AS_OF_MIN) add("read_on", `'${readOn}' is before ${AS_OF_MIN}`);
    else if (readOn > today) add("read_on", `'${readOn}' is after today (${today})`);
    checkProvenance({ sourceKind, sourceTier, documentDate, readOn: day === null ? null : readOn }, add);
    const key = `${protocol}\n${factor}`;
    const first = seen.get(key);
    if (first !== undefined) add("factor", `${protocol} already has ${factor} evidence on line ${first}`);
    else seen.set(key, line);
    if (problems.length === before) {
      rows.push({
        protocol,
        factor: factor as RiskFactor,
        level: level as RiskStep,
        finding,
        source_url: sourceUrl,
        source_kind: sourceKind,
        source_tier: sourceTier as SourceTier,
        document_date: documentDate,
        read_on: readOn,
      });
    }
  }
  return { rows, problems };
}

/** The file sorted by protocol, then factor in the method's order. */
export function serializeRiskEvidence(rows: readonly EvidenceRow[]): string {
  const sorted = [...rows].sort(
    (a, b) =>
      a.protocol.localeCompare(b.protocol, "en") || RISK_FACTORS.indexOf(a.factor) - RISK_FACTORS.indexOf(b.factor),
  );
  return serializeCsv([[...EVIDENCE_COLUMNS], ...sorted.map((r) => EVIDENCE_COLUMNS.map((column) => r[column]))]);
}

/* ------------------------------------------------------------------ the computed rating */

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

/* ------------------------------------------------------------------ the seed */

function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * The seed's protocol_risk_factors statement: every evidenced factor of every protocol, sorted by
 * protocol name then the method's factor order, one row a line (readable in a diff).
 */
export function buildRiskSeedSql(entries: ReadonlyArray<{ name: string; records: readonly FactorRecord[] }>): string {
  const lines = [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap(({ name, records }) =>
      records.map(
        (r) =>
          `  (${[name, r.factor, r.level, r.finding, r.source_url, r.source_kind, r.source_tier, r.document_date].map(sqlText).join(", ")}, date ${sqlText(r.read_on)}, ${r.computed})`,
      ),
    );
  if (lines.length === 0) return "";
  return [
    `-- ${lines.length} risk factor assessments (data/risk-evidence.csv and the computed factors; docs/methodology.md).`,
    "insert into public.protocol_risk_factors (protocol_id, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)",
    "select p.id, f.factor, f.level, f.finding, f.source_url, f.source_kind, f.source_tier, f.document_date, f.read_on, f.computed",
    "from (values",
    lines.join(",\n"),
    ") as f(name, factor, level, finding, source_url, source_kind, source_tier, document_date, read_on, computed)",
    "join public.protocols p on p.name = f.name;",
    "",
  ].join("\n");
}

/** The evidence check's view of the directory's rows (computed factors where DefiLlama gives the TVL). */
export function evidenceProtocols(rows: readonly ProtocolRow[]): EvidenceProtocol[] {
  return rows.map((row) => ({
    name: row.name,
    defillamaSlug: row.tvl_source === "defillama" ? row.defillama_slug : null,
  }));
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
