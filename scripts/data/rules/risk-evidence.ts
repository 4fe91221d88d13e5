// data/risk-evidence.csv: the researched evidence behind each protocol's risk factors (the rule:
// src/lib/risk-rating.ts, docs/methodology.md). One row per protocol and factor: a one-sentence
// finding in our own words, the page that states it, the kind of document, its tier, the date the
// document states and the date it was read (risk-evidence-provenance.ts). A researched contract or
// track_record row replaces the computed one. Validated here
// (npm run data:check), seeded into public.protocol_risk_factors with the computed factors, and
// published in the open data.
import {
  isRiskFactor,
  isRiskStep,
  RISK_FACTORS,
  type RiskFactor,
  type RiskStep,
} from "../../../src/lib/risk-rating.ts";
import type { SourceTier } from "../../../src/lib/source-tiers.ts";
import { CsvSyntaxError, parseCsv, serializeCsv } from "../csv.ts";
import { AS_OF_MIN, parseIsoDate } from "./cells.ts";
import type { Problem } from "./problem.ts";
import type { ProtocolRow } from "./protocol-row.ts";
import { checkProvenance } from "./risk-evidence-provenance.ts";

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
 * TVL comes from DefiLlama (then contract and track record are computed unless researched).
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

/** The evidence check's view of the directory's rows (computed factors where DefiLlama gives the TVL). */
export function evidenceProtocols(rows: readonly ProtocolRow[]): EvidenceProtocol[] {
  return rows.map((row) => ({
    name: row.name,
    defillamaSlug: row.tvl_source === "defillama" ? row.defillama_slug : null,
  }));
}
