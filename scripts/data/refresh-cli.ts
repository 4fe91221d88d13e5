// npm run data:refresh: the daily refresh from DefiLlama (the core is shared with the
// refresh-protocols Edge Function). Options and examples: docs/data.md, "The daily refresh".
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { LOCAL_API_HOST, LOCAL_API_PORT } from "../../local-api/defaults.ts";
import {
  DEFILLAMA_API,
  DEFILLAMA_SITE,
  fetchJson,
  SourceError,
  type FetchLike,
} from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import {
  isIsoDay,
  refreshProtocols,
  RefreshUsageError,
} from "../../supabase/functions/refresh-protocols/lib/refresh.ts";
import { createRestStore, StoreError } from "../../supabase/functions/refresh-protocols/lib/rest-store.ts";
import { httpSource } from "../../supabase/functions/refresh-protocols/lib/source.ts";
import { DEFAULT_TRACK_THRESHOLD_USD } from "../../supabase/functions/refresh-protocols/lib/tracked.ts";
import type { RefreshReport, RefreshSource } from "../../supabase/functions/refresh-protocols/lib/types.ts";
import { checkAssetClassCsv } from "./asset-classes.ts";
import { parseCsv, serializeCsv } from "./csv.ts";
import {
  checkHistoryCsv,
  checkYieldHistoryCsv,
  mergeHistoryCsv,
  mergeYieldHistoryCsv,
  type HistoryRow,
  type YieldHistoryRow,
} from "./history.ts";
import {
  ASSET_CLASSES_DISPLAY,
  ASSET_CLASSES_PATH,
  CSV_DISPLAY,
  CSV_PATH,
  HISTORY_DISPLAY,
  HISTORY_PATH,
  YIELD_HISTORY_DISPLAY,
  YIELD_HISTORY_PATH,
} from "./paths.ts";
import { PushError, resolveTarget } from "./push-core.ts";
import { checkCsv, COLUMNS, formatProblem, todayUtc, type Column } from "./rules.ts";

export type RefreshCliDeps = {
  env: Record<string, string | undefined>;
  /** For DefiLlama and for the target; tests inject saved responses and the local API. */
  fetch: FetchLike;
  log: (line: string) => void;
  error: (line: string) => void;
  now: () => Date;
  timeoutMs?: number;
  csvPath?: string;
  historyPath?: string;
  yieldHistoryPath?: string;
  assetClassesPath?: string;
};

const USAGE =
  "Usage: npm run data:refresh -- [--source-file FILE] [--yields-file FILE] [--as-of YYYY-MM-DD] [--backfill [--source-dir DIR]] [--accept SLUG ...] [--accept-file FILE] [--track-threshold USD] [--write-csv] [--dry-run]";

/** Runs one refresh; returns the exit code. Every failure prints one clear line per source. */
export async function main(argv: string[], deps: RefreshCliDeps): Promise<number> {
  try {
    return await refresh(argv, deps);
  } catch (error) {
    if (error instanceof SourceError) {
      deps.error(`data:refresh failed: ${error.message}; nothing was written.`);
      return 1;
    }
    if (error instanceof StoreError || error instanceof PushError || error instanceof RefreshUsageError) {
      deps.error(`data:refresh failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

async function refresh(argv: string[], deps: RefreshCliDeps): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        "source-file": { type: "string" },
        "yields-file": { type: "string" },
        "source-dir": { type: "string" },
        "as-of": { type: "string" },
        backfill: { type: "boolean" },
        accept: { type: "string", multiple: true },
        "accept-file": { type: "string", multiple: true },
        "track-threshold": { type: "string" },
        "write-csv": { type: "boolean" },
        "dry-run": { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new RefreshUsageError(`${error instanceof Error ? error.message : String(error)}. ${USAGE}`);
  }
  const today = todayUtc(deps.now());
  const sourceFile = values["source-file"];
  const yieldsFile = values["yields-file"];
  const sourceDir = values["source-dir"];
  const day = values["as-of"] ?? today;
  if (!isIsoDay(day)) throw new RefreshUsageError(`--as-of must be a real YYYY-MM-DD date, got '${day}'.`);
  if (day > today) throw new RefreshUsageError(`--as-of ${day} is in the future (today is ${today}).`);
  const saved = sourceFile !== undefined ? "--source-file" : yieldsFile !== undefined ? "--yields-file" : null;
  if (saved !== null && values["as-of"] === undefined) {
    throw new RefreshUsageError(`${saved} needs --as-of YYYY-MM-DD: the day the saved response was taken.`);
  }
  if (sourceFile === undefined && day !== today) {
    throw new RefreshUsageError(
      `--as-of ${day} with the live API: live figures are today's (${today}). Use --source-file for a saved response.`,
    );
  }
  if (sourceDir !== undefined && !values.backfill) throw new RefreshUsageError("--source-dir is for --backfill.");
  // --accept-file: a reviewed list kept in the repository, one slug a line, '#' starts a comment.
  const fromFiles: string[] = [];
  for (const file of values["accept-file"] ?? []) {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      throw new RefreshUsageError(`Cannot read --accept-file ${file} (${(error as Error).message}).`);
    }
    fromFiles.push(...text.split("\n").map((line) => line.replace(/#.*/, "")));
  }
  const slugs = (list: string[]) =>
    list
      .flatMap((a) => a.split(","))
      .map((a) => a.trim())
      .filter(Boolean);
  const accept = slugs(values.accept ?? []);
  const acceptListed = slugs(fromFiles);
  if (values["write-csv"] && values["dry-run"])
    throw new RefreshUsageError("--write-csv writes what the run wrote; it cannot be combined with --dry-run.");
  const thresholdText = values["track-threshold"] ?? deps.env.REFRESH_TRACK_THRESHOLD_USD?.trim() ?? "";
  const trackThreshold = thresholdText === "" ? DEFAULT_TRACK_THRESHOLD_USD : Number(thresholdText);
  if (!/^[0-9]+$/.test(thresholdText || "0"))
    throw new RefreshUsageError(`--track-threshold must be whole dollars (e.g. 10000000), got '${thresholdText}'.`);

  const live = (url: string) => fetchJson(url, { fetch: deps.fetch, timeoutMs: deps.timeoutMs });
  // A saved protocol list reads no live yields: a run on saved files never touches the network.
  const http = httpSource(live, DEFILLAMA_API);
  const source: RefreshSource = {
    ...http,
    ...(sourceFile !== undefined ? { label: sourceFile, list: () => readJson(sourceFile) } : {}),
    yields:
      yieldsFile !== undefined
        ? { label: yieldsFile, read: () => readJson(yieldsFile) }
        : sourceFile === undefined
          ? http.yields
          : undefined,
    ...(sourceDir !== undefined
      ? {
          history: (slug: string) => readJson(path.join(sourceDir, `${slug}.json`), { missingIsNull: true }),
          historyLabel: (slug: string) => path.join(sourceDir, `${slug}.json`),
        }
      : {}),
  };

  const mapping = checkAssetClassCsv(await readFile(deps.assetClassesPath ?? ASSET_CLASSES_PATH, "utf8"), today);
  if (mapping.problems.length > 0) {
    throw new RefreshUsageError(
      `${ASSET_CLASSES_DISPLAY} has problems (npm run data:check): ${mapping.problems.map(formatProblem).join("; ")}. Nothing was written.`,
    );
  }

  const target = resolveTarget(deps.env);
  deps.log(`Target: ${target.local ? `local API at ${target.url} (local demo service-role key)` : target.url}`);
  const store = createRestStore({
    url: target.url,
    serviceRoleKey: target.key,
    fetch: deps.fetch,
    unreachableHint: target.local
      ? `Start it with npm run local-api (port ${deps.env.LOCAL_API_PORT ?? LOCAL_API_PORT} on ${LOCAL_API_HOST}), then run this again. Nothing was written.`
      : "Nothing was written.",
  });

  const report = await refreshProtocols({
    store,
    source,
    day,
    accept,
    acceptListed,
    backfill: values.backfill === true,
    dryRun: values["dry-run"] === true,
    trackThreshold,
    assetClasses: mapping.map,
    log: deps.log,
  });
  if (values["write-csv"]) await writeCsv(report, deps, mapping.map);
  for (const failure of report.failures) {
    deps.error(
      failure.source === "protocols"
        ? `data:refresh failed: ${failure.message}; the TVL was not updated (the yields were).`
        : `data:refresh failed: ${failure.message}; no yields were written (the TVL was).`,
    );
  }
  return report.failures.length > 0 ? 1 : 0;
}

async function readJson(file: string, options: { missingIsNull?: boolean } = {}): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (options.missingIsNull && (error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new SourceError(`Cannot read ${file} (${(error as Error).message})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceError(`${file} is not JSON`);
  }
}

/**
 * Writes what the run wrote back to the CSV files, so data:build gives fresh clones these
 * figures: renames and DefiLlama's ids and dates, new tracked rows (appended), TVL and chains,
 * yields, dropped marks, and the day's history points.
 */
async function writeCsv(report: RefreshReport, deps: RefreshCliDeps, assetClassMap: ReadonlyMap<string, string[]>) {
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
  const checked = checkCsv(csvText, { today: day, freshness: false, assetClassMap });
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
