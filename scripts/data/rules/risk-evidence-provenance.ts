// The provenance of one finding in data/risk-evidence.csv (docs/methodology.md, "Sources"): the
// kind of document, its tier, and the date the document itself states. Every finding has all three.
import {
  documentDateStart,
  isDocumentDate,
  isSourceKind,
  SOURCE_KINDS,
  type SourceKind,
} from "../../../src/lib/source-provenance.ts";
import { isSourceTier, SOURCE_TIERS, type SourceTier } from "../../../src/lib/source-tiers.ts";

/**
 * What a computed factor cites: DefiLlama's data, a third party's dataset (secondary), dated by
 * the figure's own day (document_date and read_on are both set to it by the caller).
 */
export const COMPUTED_PROVENANCE: { source_kind: SourceKind; source_tier: SourceTier } = {
  source_kind: "Dataset",
  source_tier: "secondary",
};

/**
 * Checks a finding's kind, tier and document date. `readOn` is the finding's read_on when it is a
 * real day (else null): a document cannot be dated after the day it was read.
 */
export function checkProvenance(
  cells: { sourceKind: string; sourceTier: string; documentDate: string; readOn: string | null },
  add: (column: string, message: string) => void,
): void {
  const { sourceKind, sourceTier, documentDate, readOn } = cells;
  if (sourceKind === "") add("source_kind", `is empty: name the kind of document (${SOURCE_KINDS.join(", ")})`);
  else if (!isSourceKind(sourceKind)) add("source_kind", `'${sourceKind}' is not one of ${SOURCE_KINDS.join(", ")}`);
  if (sourceTier === "") add("source_tier", `is empty: every finding is ${SOURCE_TIERS.join(" or ")}`);
  else if (!isSourceTier(sourceTier)) add("source_tier", `'${sourceTier}' is not one of ${SOURCE_TIERS.join(", ")}`);
  if (documentDate === "")
    add("document_date", "is empty: write the date the document states (YYYY-MM-DD or YYYY-MM), or 'undated'");
  else if (!isDocumentDate(documentDate))
    add("document_date", `'${documentDate}' is not a real YYYY-MM-DD or YYYY-MM date, or 'undated'`);
  else {
    const start = documentDateStart(documentDate);
    if (start !== null && readOn !== null && start > readOn)
      add("document_date", `'${documentDate}' is after the day it was read (${readOn})`);
  }
}
