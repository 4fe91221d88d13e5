// data:refresh --write-csv: what the run wrote, written back to data/protocols.csv and the history
// files, checked by the same rules first, so data:build gives fresh clones these figures.
import { readFile, writeFile } from "node:fs/promises";
import { DEFILLAMA_SITE } from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { RefreshUsageError } from "../../supabase/functions/refresh-protocols/lib/refresh.ts";
import type { RefreshReport } from "../../supabase/functions/refresh-protocols/lib/types.ts";
import { parseCsv, serializeCsv } from "./csv.ts";
import {
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_DISPLAY,
  HISTORY_PATH,
  YIELD_HISTORY_DISPLAY,
  YIELD_HISTORY_PATH,
} from "./paths.ts";
import {
  checkHistoryCsv,
  checkYieldHistoryCsv,
  mergeHistoryCsv,
  mergeYieldHistoryCsv,
  type HistoryRow,
  type YieldHistoryRow,
} from "./rules/history.ts";
import { formatProblem } from "./rules/problem.ts";
import { COLUMNS, type Column } from "./rules/protocol-row.ts";
import { checkCsv } from "./rules/protocols.ts";

/** The files written (the committed ones unless a test names others), and where to say so. */
type CsvFiles = {
  csvPath?: string;
  historyPath?: string;
  yieldHistoryPath?: string;
  log: (line: string) => void;
};

/**
 * Writes what the run wrote back to the CSV files, so data:build gives fresh clones these
 * figures: renames and DefiLlama's ids and dates, new tracked rows (appended), TVL and chains,
 * yields, dropped marks, and the day's history points.
 */
export async function writeCsv(
  report: RefreshReport,
  deps: CsvFiles,
  assetClassMap: ReadonlyMap<string, string[]>,
  /** The real day: a replayed run (--as-of) keeps the CSV's later reviews, which are not in the future. */
  today: string = report.day,
) {
  const csvPath = deps.csvPath ?? CSV_PATH;
  const historyPath = deps.historyPath ?? HISTORY_PATH;
  const yieldHistoryPath = deps.yieldHistoryPath ?? YIELD_HISTORY_PATH;
  const records = parseCsv(await readFile(csvPath, "utf8"));
  const header = records[0]!.cells;
  const index = (name: Column) => {
    const i = header.indexOf(name);
    if (i === -1) throw new RefreshUsageError(`${CSV_DISPLAY} has no column ${name}: run data:check.`);
    return i;
  };
  const rows = records.slice(1).map((r) => r.cells);
  const bySlug = (slug: string) => rows.find((cells) => cells[index("defillama_slug")] === slug);
  const set = (cells: string[], column: Column, value: string | number | null) => {
    cells[index(column)] = value === null ? "" : String(value);
  };
  const { payload, day } = report;

  for (const identity of payload.identities) {
    const cells = bySlug(identity.defillama_slug);
    if (!cells) continue;
    if (identity.new_slug !== undefined) {
      set(cells, "defillama_slug", identity.new_slug);
      if (cells[index("tvl_source")] === "defillama")
        set(cells, "tvl_source_url", `${DEFILLAMA_SITE}${identity.new_slug}`);
      if (cells[index("source_url")] === `${DEFILLAMA_SITE}${identity.defillama_slug}`)
        set(cells, "source_url", `${DEFILLAMA_SITE}${identity.new_slug}`);
    }
    if (identity.defillama_id !== undefined) set(cells, "defillama_id", identity.defillama_id);
    if (identity.defillama_listed_at !== undefined) set(cells, "defillama_listed_at", identity.defillama_listed_at);
    if (identity.defillama_audits !== undefined) set(cells, "defillama_audits", identity.defillama_audits);
  }
  for (const insert of payload.inserts) {
    const cells = COLUMNS.map(() => "");
    const values: Partial<Record<Column, string | number | null>> = {
      name: insert.name,
      description: insert.description,
      asset_classes: insert.asset_classes.join(";"),
      blockchains: insert.blockchains.join(";"),
      tvl: "N/A",
      yield_range: "Unknown",
      risk_level: null,
      min_investment: "Unknown",
      url: insert.url,
      source_url: insert.source_url,
      as_of: day,
      notes: insert.notes,
      defillama_slug: insert.defillama_slug,
      investor_access: "unknown",
      kyc: "unknown",
      redemption: "unknown",
      fees: "unknown",
      defillama_id: insert.defillama_id,
      review_status: "tracked",
      defillama_listed_at: insert.defillama_listed_at,
      defillama_audits: insert.defillama_audits,
    };
    for (const [column, value] of Object.entries(values)) set(cells, column as Column, value ?? null);
    rows.push(cells);
  }
  for (const update of payload.tvl) {
    const cells = bySlug(update.defillama_slug);
    if (!cells) continue;
    set(cells, "tvl", update.tvl);
    set(cells, "tvl_usd", update.tvl_usd);
    set(cells, "blockchains", update.blockchains.join(";"));
    set(cells, "tvl_as_of", day);
    set(cells, "tvl_source_url", `${DEFILLAMA_SITE}${update.defillama_slug}`);
    set(cells, "tvl_source", "defillama");
  }
  for (const update of payload.yields) {
    const cells = bySlug(update.defillama_slug);
    if (!cells) continue;
    set(cells, "yield_range", update.yield_range);
    set(cells, "yield_apy_min", update.apy_min);
    set(cells, "yield_apy_max", update.apy_max);
    set(cells, "yield_as_of", day);
    set(cells, "yield_source", "defillama");
    set(cells, "yield_source_url", update.source_url);
  }
  for (const update of payload.dropped) {
    const cells = bySlug(update.defillama_slug);
    if (cells) set(cells, "defillama_dropped_on", update.dropped_on);
  }

  const csvText = serializeCsv([header, ...rows]);
  const checked = checkCsv(csvText, { today, freshness: false, assetClassMap });
  if (checked.problems.length > 0) {
    throw new RefreshUsageError(
      `The database was refreshed, but ${CSV_DISPLAY} was not written: ${checked.problems.map(formatProblem).join("; ")}`,
    );
  }
  const history = checkHistoryCsv(await readFile(historyPath, "utf8"), checked.rows);
  const yieldHistory = checkYieldHistoryCsv(await readFile(yieldHistoryPath, "utf8"), checked.rows);
  for (const [display, problems] of [
    [HISTORY_DISPLAY, history.problems],
    [YIELD_HISTORY_DISPLAY, yieldHistory.problems],
  ] as const) {
    if (problems.length > 0)
      throw new RefreshUsageError(`${display} has problems, not written: ${problems.map(formatProblem).join("; ")}`);
  }
  const nameBySlug = new Map(
    checked.rows.filter((r) => r.defillama_slug !== null).map((r) => [r.defillama_slug!, r.name]),
  );
  const points: HistoryRow[] = [
    ...payload.history.map((p) => ({ slug: p.defillama_slug, day: p.day, tvl_usd: p.tvl_usd })),
    ...payload.tvl.map((u) => ({ slug: u.defillama_slug, day, tvl_usd: u.tvl_usd })),
  ].map((p) => ({ name: nameBySlug.get(p.slug)!, day: p.day, tvl_usd: p.tvl_usd, source: "defillama" as const }));
  const yieldPoints: YieldHistoryRow[] = payload.yields.map((y) => ({
    name: nameBySlug.get(y.defillama_slug)!,
    day,
    apy_min: y.apy_min,
    apy_max: y.apy_max,
    source: "defillama" as const,
  }));
  await writeFile(csvPath, csvText);
  await writeFile(historyPath, mergeHistoryCsv(history.rows, points));
  await writeFile(yieldHistoryPath, mergeYieldHistoryCsv(yieldHistory.rows, yieldPoints));
  deps.log(
    `Wrote ${CSV_DISPLAY} (${payload.inserts.length} rows added, ${payload.tvl.length} TVL figures, ${payload.yields.length} yields), ${points.length} points to ${HISTORY_DISPLAY} and ${yieldPoints.length} to ${YIELD_HISTORY_DISPLAY}: run npm run data:build, then commit the files.`,
  );
}
