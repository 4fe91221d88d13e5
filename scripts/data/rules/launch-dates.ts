// data/launch-dates.csv: when each protocol went live, researched from its launch announcement or
// the fund's inception date, with the source like a finding's (kind, tier, the document's date, the
// day read). The computed track record counts its age from it, else from DefiLlama's listing date
// (src/lib/computed-factors.ts, docs/methodology.md).
import { isSourceTier, type SourceTier } from "../../../src/lib/source-tiers.ts";
import { CsvSyntaxError, parseCsv } from "../csv.ts";
import { parseIsoDate } from "./cells.ts";
import type { Problem } from "./problem.ts";
import { checkProvenance } from "./risk-evidence-provenance.ts";
import { checkSourceUrl } from "./source-tiers.ts";

export const LAUNCH_COLUMNS = [
  "protocol",
  "launch_date",
  "source_url",
  "source_kind",
  "source_tier",
  "document_date",
  "read_on",
] as const;

export type LaunchDate = {
  protocol: string;
  /** YYYY-MM-DD, or YYYY-MM when the source states only the month. */
  launch_date: string;
  source_url: string;
  source_kind: string;
  source_tier: SourceTier;
  document_date: string;
  read_on: string;
};

const LAUNCH_PATTERN = /^\d{4}-\d{2}(-\d{2})?$/;
/** No tokenized product launched before Bitcoin's first block. */
const LAUNCH_MIN = "2009-01";

/** Validates the file. Line numbers match the file; the header is line 1. */
export function checkLaunchDatesCsv(
  text: string,
  protocolNames: ReadonlySet<string>,
  today: string,
): { rows: LaunchDate[]; problems: Problem[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { rows: [], problems: [{ line: error.line, column: "csv", message: error.message }] };
    throw error;
  }
  if (records[0]?.cells.join(",") !== LAUNCH_COLUMNS.join(",")) {
    return {
      rows: [],
      problems: [{ line: 1, column: "header", message: `must be exactly ${LAUNCH_COLUMNS.join(",")}` }],
    };
  }
  const rows: LaunchDate[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of records.slice(1)) {
    const add = (column: string, message: string) => problems.push({ line, column, message });
    if (cells.length !== LAUNCH_COLUMNS.length) {
      add("row", `has ${cells.length} cells, expected ${LAUNCH_COLUMNS.length} (${LAUNCH_COLUMNS.join(",")})`);
      continue;
    }
    const row = Object.fromEntries(LAUNCH_COLUMNS.map((c, i) => [c, cells[i]!])) as LaunchDate;
    const before = problems.length;
    if (!protocolNames.has(row.protocol)) add("protocol", `'${row.protocol}' is not a protocol in data/protocols.csv`);
    const first = seen.get(row.protocol);
    if (first !== undefined) add("protocol", `${row.protocol} already has a launch date on line ${first}`);
    else seen.set(row.protocol, line);
    const day = LAUNCH_PATTERN.test(row.launch_date)
      ? parseIsoDate(row.launch_date.length === 7 ? `${row.launch_date}-01` : row.launch_date)
      : null;
    if (day === null) add("launch_date", `'${row.launch_date}' is not a real YYYY-MM-DD or YYYY-MM date`);
    else if (row.launch_date < LAUNCH_MIN || row.launch_date > today)
      add("launch_date", `'${row.launch_date}' is not between ${LAUNCH_MIN} and today (${today})`);
    const url = checkSourceUrl(row.source_url);
    if (url !== null) add("source_url", url);
    const read = parseIsoDate(row.read_on);
    if (read === null) add("read_on", `'${row.read_on}' is not a real date in YYYY-MM-DD form`);
    else if (row.read_on > today) add("read_on", `'${row.read_on}' is after today (${today})`);
    checkProvenance(
      {
        sourceKind: row.source_kind,
        sourceTier: row.source_tier,
        documentDate: row.document_date,
        readOn: read === null ? null : row.read_on,
      },
      add,
    );
    if (problems.length === before && isSourceTier(row.source_tier)) rows.push(row);
  }
  return { rows, problems };
}
