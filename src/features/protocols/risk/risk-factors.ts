// The evidence behind one protocol's risk level (protocol_risk_factors): one row per
// factor that has evidence, its request, and the seven lines the page and the comparison show.
import { isSourceTier, type SourceTier } from "@/config/domain";
import { utcDay } from "@/lib/iso-day";
import { word } from "@/lib/number-words";
import { protocolQueryOptions } from "@/lib/protocol-query";
import { isDocumentDate } from "@/lib/source-provenance";
import {
  FACTOR_LABELS,
  isRiskFactor,
  isRiskStep,
  MIN_EVIDENCED,
  RISK_FACTORS,
  type Assessment,
  type RiskFactor,
  type RiskStep,
} from "@/lib/risk-rating";
import { safeHttpUrl } from "../model/model";

/**
 * One evidenced factor: its assessment, the finding in our words, the page that states it, what
 * kind of document that is, its tier and its own date, and the day it was read.
 */
export type FactorEvidence = {
  factor: RiskFactor;
  level: RiskStep;
  finding: string;
  sourceUrl: string;
  /** 'Fact sheet', 'SEC filing' ...; null when the row does not say (a database before the tiers). */
  sourceKind: string | null;
  sourceTier: SourceTier | null;
  /** YYYY-MM-DD, YYYY-MM or 'undated'; null when the row does not say. */
  documentDate: string | null;
  /** YYYY-MM-DD: the day the page was read, or (computed factors) the day of the data. */
  readOn: string;
  /** Computed from our DefiLlama data rather than researched. */
  computed: boolean;
};

/** One of the seven lines: the evidence, or 'Unknown' when there is none. */
export type FactorLine = {
  factor: RiskFactor;
  label: string;
  assessment: Assessment;
  evidence: FactorEvidence | null;
};

function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * Validates the served rows like model.ts does the protocols: a row whose factor or level is not
 * the method's, or without a finding, a safe http(s) source or a calendar day, is dropped (its
 * factor then reads 'Unknown', never a guess). A kind, tier or document date that is missing or
 * malformed is left out of what the line says, the finding kept. One row per factor: the first wins.
 */
export function parseFactorRows(rows: unknown): FactorEvidence[] {
  if (!Array.isArray(rows)) return [];
  const byFactor = new Map<RiskFactor, FactorEvidence>();
  for (const row of rows) {
    if (typeof row !== "object" || row === null || Array.isArray(row)) continue;
    const record = row as Record<string, unknown>;
    const { factor, level, finding, source_url: sourceUrl, read_on: readOn, computed } = record;
    if (typeof factor !== "string" || !isRiskFactor(factor) || byFactor.has(factor)) continue;
    if (typeof level !== "string" || !isRiskStep(level)) continue;
    const said = text(finding);
    const url = safeHttpUrl(sourceUrl);
    const day = typeof readOn === "string" && utcDay(readOn.trim()) ? readOn.trim() : null;
    if (said === null || url === null || day === null) continue;
    const kind = text(record.source_kind);
    const tier = typeof record.source_tier === "string" && isSourceTier(record.source_tier) ? record.source_tier : null;
    const dated =
      typeof record.document_date === "string" && isDocumentDate(record.document_date) ? record.document_date : null;
    byFactor.set(factor, {
      factor,
      level,
      finding: said,
      sourceUrl: url,
      sourceKind: kind !== null && kind.length <= 40 ? kind : null,
      sourceTier: tier,
      documentDate: dated,
      readOn: day,
      computed: computed === true,
    });
  }
  return RISK_FACTORS.flatMap((factor) => byFactor.get(factor) ?? []);
}

/** All seven factors in the method's order; a factor without evidence is 'Unknown'. */
export function factorLines(evidence: readonly FactorEvidence[]): FactorLine[] {
  return RISK_FACTORS.map((factor) => {
    const found = evidence.find((row) => row.factor === factor) ?? null;
    return { factor, label: FACTOR_LABELS[factor], assessment: found?.level ?? "Unknown", evidence: found };
  });
}

/** Why a protocol shows 'Not rated': too little evidence, or evidence enough but no review yet. */
export function notRatedReason(evidenced: number): string {
  return evidenced < MIN_EVIDENCED
    ? `Not rated: ${evidenced} of ${RISK_FACTORS.length} factors have evidence, and we rate a protocol only once at least ${word(MIN_EVIDENCED)} do. We do not guess.`
    : "Not rated: not reviewed yet.";
}

/** Requested by the protocol page and the comparison (never on `/` before a comparison opens). */
export function protocolRiskFactorsQueryOptions(protocolId: string) {
  return protocolQueryOptions(
    {
      key: "protocol-risk-factors",
      table: "protocol_risk_factors",
      select: "factor,level,finding,source_url,source_kind,source_tier,document_date,read_on,computed",
      parse: parseFactorRows,
      fallback: "Failed to load the risk factors",
    },
    protocolId,
  );
}
