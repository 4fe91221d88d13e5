// data:push's part of the change log (issue 32): the curated edits a push makes to a reviewed
// row's terms (minimum investment, investor access, redemption, fees), old -> new as the site shows
// them, with the page that states the new value. They are written with the rows in one call
// (public.sync_protocols_logged, migration 20261127160100), recorded by 'review'.
import type { ProtocolRow } from "./rules/protocol-row.ts";

/** One entry as public.record_protocol_changes takes it. */
export type CuratedChange = {
  name: string;
  day: string;
  kind: "terms";
  field: "min_investment" | "investor_access" | "redemption" | "fees";
  old_value: string;
  new_value: string;
  reason: string;
  source_url: string | null;
};

const UNKNOWN = "Unknown";

// The term sheet's words, as the site shows them (src/lib/terms.ts; a test keeps them equal).
export const ACCESS_WORDS: Readonly<Record<string, string>> = {
  retail: "Retail, US included",
  "retail-non-us": "Retail, non-US only",
  accredited: "Accredited investors",
  "qualified-purchaser": "Qualified purchasers",
  institutional: "Institutions only",
  unknown: UNKNOWN,
};
const REDEMPTION_WORDS: Readonly<Record<string, string>> = {
  instant: "Instant",
  queue: "Withdrawal queue",
  none: "No redemption",
  unknown: UNKNOWN,
};

export function redemptionWords(row: Pick<ProtocolRow, "redemption" | "redemption_days">): string {
  if (row.redemption !== "days") return REDEMPTION_WORDS[row.redemption] ?? row.redemption;
  if (row.redemption_days === null) return UNKNOWN;
  return `Within ${row.redemption_days} ${row.redemption_days === 1 ? "day" : "days"}`;
}

const TERMS: ReadonlyArray<{
  field: CuratedChange["field"];
  words: (row: ProtocolRow) => string;
  source: (row: ProtocolRow) => string | null;
}> = [
  { field: "min_investment", words: (r) => r.min_investment, source: (r) => r.min_investment_source_url },
  {
    field: "investor_access",
    words: (r) => ACCESS_WORDS[r.investor_access] ?? r.investor_access,
    source: (r) => r.terms_source_url,
  },
  { field: "redemption", words: redemptionWords, source: (r) => r.terms_source_url },
  { field: "fees", words: (r) => (r.fees === "unknown" ? UNKNOWN : r.fees), source: (r) => r.terms_source_url },
];

/**
 * The terms a push changes on rows the database already has (by name), dated the push's day. A
 * new row is a listing, not an edit; a tracked row has no reviewed terms.
 */
export function curatedChanges(
  live: readonly ProtocolRow[],
  next: readonly ProtocolRow[],
  day: string,
): CuratedChange[] {
  const before = new Map(live.map((row) => [row.name, row]));
  const changes: CuratedChange[] = [];
  for (const row of next) {
    const old = before.get(row.name);
    if (!old || row.review_status !== "reviewed") continue;
    for (const term of TERMS) {
      const from = term.words(old);
      const to = term.words(row);
      if (from === to) continue;
      changes.push({
        name: row.name,
        day,
        kind: "terms",
        field: term.field,
        old_value: from,
        new_value: to,
        reason: "Reviewed against the protocol's own terms.",
        source_url: term.source(row),
      });
    }
  }
  return changes;
}
