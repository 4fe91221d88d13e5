// The rating's change log for one protocol (public.protocol_changes, kinds 'risk_factor' and
// 'risk_level'): its request and the changes the Risk section lists, "Changed on <date>: <old> → <new>".
import { compareIsoDays, utcDay } from "@/lib/iso-day";
import { protocolQueryOptions } from "@/lib/protocol-query";
import { NOT_RATED_VALUE, UNKNOWN_VALUE } from "@/lib/risk-changes";
import { isRiskFactor, isRiskStep, type RiskFactor } from "@/lib/risk-rating";
import { safeHttpUrl } from "../model/model";

/** One change of a factor's assessment (`factor`) or of the overall level (`factor` null). */
export type RatingChangeEntry = {
  day: string;
  factor: RiskFactor | null;
  oldValue: string;
  newValue: string;
  reason: string | null;
  sourceUrl: string | null;
};

function value(raw: unknown, overall: boolean): string | null {
  if (typeof raw !== "string") return null;
  return isRiskStep(raw) || raw === (overall ? NOT_RATED_VALUE : UNKNOWN_VALUE) ? raw : null;
}

/**
 * The rating's changes among a protocol's change rows, newest first: a row of another kind, or with
 * a bad day, factor or value, is left out (never shown half right).
 */
export function parseRatingChanges(rows: unknown): RatingChangeEntry[] {
  if (!Array.isArray(rows)) return [];
  const changes: RatingChangeEntry[] = [];
  for (const row of rows) {
    if (typeof row !== "object" || row === null || Array.isArray(row)) continue;
    const { day, kind, field, old_value, new_value, reason, source_url } = row as Record<string, unknown>;
    if (typeof day !== "string" || utcDay(day) === null) continue;
    const overall = kind === "risk_level";
    if (!overall && kind !== "risk_factor") continue;
    const factor = overall ? null : typeof field === "string" && isRiskFactor(field) ? field : undefined;
    const oldValue = value(old_value, overall);
    const newValue = value(new_value, overall);
    if (factor === undefined || oldValue === null || newValue === null || oldValue === newValue) continue;
    changes.push({
      day,
      factor,
      oldValue,
      newValue,
      reason: typeof reason === "string" && reason.trim() !== "" ? reason.trim() : null,
      sourceUrl: safeHttpUrl(source_url),
    });
  }
  return changes.sort((a, b) => compareIsoDays(b.day, a.day));
}

/** Requested with the risk factors by the protocol page. */
export function protocolRatingChangesQueryOptions(protocolId: string) {
  return protocolQueryOptions(
    {
      key: "protocol-rating-changes",
      table: "protocol_changes",
      select: "day,kind,field,old_value,new_value,reason,source_url",
      // Only the rating's rows: the log also holds every TVL, yield and terms change.
      filters: { kind: "in.(risk_factor,risk_level)" },
      order: "day.desc,id.desc",
      parse: parseRatingChanges,
      fallback: "Failed to load the rating's changes",
    },
    protocolId,
  );
}
