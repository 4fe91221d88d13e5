// npm run data:refresh: the daily TVL refresh from DefiLlama (the core is shared with the
// refresh-protocols Edge Function). Options and examples: docs/data.md, "The daily refresh".
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { LOCAL_API_HOST, LOCAL_API_PORT } from "../../local-api/defaults.ts";
import {
  DEFILLAMA_API,
  fetchJson,
  SourceError,
  type FetchLike,
} from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import {
  httpSource,
  isIsoDay,
  refreshProtocols,
  RefreshUsageError,
  type RefreshReport,
  type RefreshSource,
} from "../../supabase/functions/refresh-protocols/lib/refresh.ts";
import { createRestStore, StoreError } from "../../supabase/functions/refresh-protocols/lib/rest-store.ts";
import { parseCsv, serializeCsv } from "./csv.ts";
import { checkHistoryCsv, mergeHistoryCsv, type HistoryRow } from "./history.ts";
import { CSV_DISPLAY, CSV_PATH, HISTORY_DISPLAY, HISTORY_PATH } from "./paths.ts";
import { PushError, resolveTarget } from "./push-core.ts";
import { checkCsv, COLUMNS, formatProblem, todayUtc } from "./rules.ts";

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
};

const USAGE =
  "Usage: npm run data:refresh -- [--source-file FILE --as-of YYYY-MM-DD] [--backfill [--source-dir DIR]] [--accept SLUG ...] [--write-csv] [--dry-run]";

/** Runs one refresh; returns the exit code. Every failure prints one clear line and writes nothing. */
export async function main(argv: string[], deps: RefreshCliDeps): Promise<number> {
  try {
    return await refresh(argv, deps);
  } catch (error) {
    if (
      error instanceof SourceError ||
      error instanceof StoreError ||
      error instanceof PushError ||
      error instanceof RefreshUsageError
    ) {
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
        "source-dir": { type: "string" },
        "as-of": { type: "string" },
        backfill: { type: "boolean" },
        accept: { type: "string", multiple: true },
        "write-csv": { type: "boolean" },
        "dry-run": { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new RefreshUsageError(`${error instanceof Error ? error.message : String(error)}. ${USAGE}`);
  }
  const today = todayUtc(deps.now());
  const sourceFile = values["source-file"];
  const sourceDir = values["source-dir"];
  const day = values["as-of"] ?? today;
  if (!isIsoDay(day)) throw new RefreshUsageError(`--as-of must be a real YYYY-MM-DD date, got '${day}'.`);
  if (day > today) throw new RefreshUsageError(`--as-of ${day} is in the future (today is ${today}).`);
  if (sourceFile !== undefined && values["as-of"] === undefined) {
    throw new RefreshUsageError("--source-file needs --as-of YYYY-MM-DD: the day the saved response was taken.");
  }
  if (sourceFile === undefined && day !== today) {
    throw new RefreshUsageError(
      `--as-of ${day} with the live API: live figures are today's (${today}). Use --source-file for a saved response.`,
    );
  }
  if (sourceDir !== undefined && !values.backfill) throw new RefreshUsageError("--source-dir is for --backfill.");
  const accept = (values.accept ?? [])
    .flatMap((a) => a.split(","))
    .map((a) => a.trim())
    .filter(Boolean);
  if (values["write-csv"] && values["dry-run"])
    throw new RefreshUsageError("--write-csv writes what the run wrote; it cannot be combined with --dry-run.");

  const live = (url: string) => fetchJson(url, { fetch: deps.fetch, timeoutMs: deps.timeoutMs });
  const source: RefreshSource = {
    ...httpSource(live, DEFILLAMA_API),
    ...(sourceFile !== undefined ? { label: sourceFile, list: () => readJson(sourceFile) } : {}),
    ...(sourceDir !== undefined
      ? {
          history: (slug: string) => readJson(path.join(sourceDir, `${slug}.json`), { missingIsNull: true }),
          historyLabel: (slug: string) => path.join(sourceDir, `${slug}.json`),
        }
      : {}),
  };

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
    backfill: values.backfill === true,
    dryRun: values["dry-run"] === true,
    log: deps.log,
  });
  if (values["write-csv"]) await writeCsv(report, deps);
  return 0;
}

async function readJson(file: string, options: { missingIsNull?: boolean } = {}): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (options.missingIsNull && (error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new SourceError(`Cannot read ${file} (${(error as Error).message}); nothing was written.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceError(`${file} is not JSON; nothing was written.`);
  }
}

/** Writes what the run wrote back to the CSV files, so data:build gives fresh clones these figures. */
async function writeCsv(report: RefreshReport, deps: RefreshCliDeps) {
  const csvPath = deps.csvPath ?? CSV_PATH;
  const historyPath = deps.historyPath ?? HISTORY_PATH;
  const records = parseCsv(await readFile(csvPath, "utf8"));
  const column = (name: (typeof COLUMNS)[number]) => COLUMNS.indexOf(name);
  const bySlug = new Map(report.updates.map((u) => [u.defillama_slug, u]));
  const nameBySlug = new Map<string, string>();
  for (const record of records.slice(1)) {
    const slug = record.cells[column("defillama_slug")];
    if (slug) nameBySlug.set(slug, record.cells[column("name")]!);
    const update = slug ? bySlug.get(slug) : undefined;
    if (!update) continue;
    record.cells[column("tvl")] = update.tvl;
    record.cells[column("tvl_usd")] = String(update.tvl_usd);
    record.cells[column("blockchains")] = update.blockchains.join(";");
    record.cells[column("tvl_as_of")] = report.day;
    record.cells[column("tvl_source_url")] = `https://defillama.com/protocol/${update.defillama_slug}`;
    record.cells[column("tvl_source")] = "defillama";
  }
  const csvText = serializeCsv(records.map((r) => r.cells));
  const checked = checkCsv(csvText, { today: report.day, freshness: false });
  if (checked.problems.length > 0) {
    throw new RefreshUsageError(
      `The database was refreshed, but ${CSV_DISPLAY} was not written: ${checked.problems.map(formatProblem).join("; ")}`,
    );
  }
  const history = checkHistoryCsv(await readFile(historyPath, "utf8"), checked.rows);
  if (history.problems.length > 0) {
    throw new RefreshUsageError(
      `${HISTORY_DISPLAY} has problems, not written: ${history.problems.map(formatProblem).join("; ")}`,
    );
  }
  const points: HistoryRow[] = [
    ...report.updates.map((u) => ({
      name: nameBySlug.get(u.defillama_slug)!,
      day: report.day,
      tvl_usd: u.tvl_usd,
      source: "defillama" as const,
    })),
    ...report.historyPoints.map((p) => ({
      name: nameBySlug.get(p.defillama_slug)!,
      day: p.day,
      tvl_usd: p.tvl_usd,
      source: "defillama" as const,
    })),
  ];
  await writeFile(csvPath, csvText);
  await writeFile(historyPath, mergeHistoryCsv(history.rows, points));
  deps.log(
    `Wrote ${report.updates.length} rows to ${CSV_DISPLAY} and ${points.length} points to ${HISTORY_DISPLAY}: run npm run data:build, then commit the three files.`,
  );
}
