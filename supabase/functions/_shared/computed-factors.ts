// The two computed risk factors of a protocol DefiLlama covers (docs/methodology.md): smart
// contract from DefiLlama's audits flag, track record from the TVL, the listing date and our own
// history. Shared by the data tooling (the seed, the open data) and the refresh's change log
// (risk-changes.ts). Pure; relative imports, for the tooling outside Vite's aliases.
import { contractFactor, trackRecordFactor, type HistoryPoint, type RiskFactor, type RiskStep } from "./risk-rating.ts";

/** What the computed factors read from a protocol's row and history. */
export type ComputedInput = {
  /** Only when the row's TVL comes from DefiLlama; null otherwise (nothing is computed). */
  defillamaSlug: string | null;
  /** DefiLlama's audits flag (0 none, 1 partly, 2 yes, 3 fork of audited); null when unknown. */
  audits: number | null;
  /** DefiLlama's listing date, YYYY-MM-DD; null when unknown. */
  listedAt: string | null;
  /**
   * The researched launch date (data/launch-dates.csv): YYYY-MM-DD, or YYYY-MM counted from the
   * month's last day (never older than it is), and the page that states it. Absent or null: none.
   */
  launch?: { date: string; sourceUrl: string } | null;
  tvlUsd: number | null;
  /** The day of the TVL figure, YYYY-MM-DD; null when there is none (nothing is computed). */
  tvlAsOf: string | null;
  history: readonly HistoryPoint[];
};

/** One computed factor with a level: its finding, DefiLlama's page and the day of the data. */
export type ComputedRecord = {
  factor: Extract<RiskFactor, "contract" | "track_record">;
  level: RiskStep;
  finding: string;
  sourceUrl: string;
  /** The day of DefiLlama's figures the factor was computed from. */
  day: string;
};

/** '2024-03' -> '2024-03-31'; a full day is returned as it is. */
export function launchDay(date: string): string {
  if (date.length !== 7) return date;
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * The computed factors that come out with a level. The track record's age counts from the
 * researched launch date, else from DefiLlama's listing date. A factor whose input is missing (no
 * audit record, neither date, no dated TVL) is Unknown and left out: missing data is not a finding.
 */
export function computedFactors(input: ComputedInput): ComputedRecord[] {
  if (!input.defillamaSlug || !input.tvlAsOf) return [];
  const sourceUrl = `https://defillama.com/protocol/${input.defillamaSlug}`;
  const records: ComputedRecord[] = [];
  const contract = contractFactor(input.audits);
  if (contract.level !== "Unknown")
    records.push({
      factor: "contract",
      level: contract.level,
      finding: contract.finding,
      sourceUrl,
      day: input.tvlAsOf,
    });
  const since = input.launch ? launchDay(input.launch.date) : input.listedAt;
  const track = trackRecordFactor({ since, asOf: input.tvlAsOf, tvlUsd: input.tvlUsd, history: input.history });
  if (track.level !== "Unknown") {
    records.push({
      factor: "track_record",
      level: track.level,
      finding: input.launch
        ? track.finding.replace(
            `live since ${since}`,
            `launched ${input.launch.date} per ${hostOf(input.launch.sourceUrl)}`,
          )
        : track.finding.replace("live since", "listed by DefiLlama since"),
      sourceUrl,
      day: input.tvlAsOf,
    });
  }
  return records;
}
