// npm run data:refresh's options: what the command line (and REFRESH_TRACK_THRESHOLD_USD) asks
// for, checked before anything is read from a source or written (docs/data.md, "The daily refresh").
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { isIsoDay } from "../../supabase/functions/_shared/iso-day.ts";
import { RefreshUsageError } from "../../supabase/functions/refresh-protocols/lib/refresh.ts";
import {
  readChangeThresholds,
  type ChangeThresholds,
} from "../../supabase/functions/refresh-protocols/lib/change-rules.ts";
import { DEFAULT_TRACK_THRESHOLD_USD } from "../../supabase/functions/refresh-protocols/lib/tracked.ts";
import { todayUtc } from "./rules/cells.ts";

const USAGE =
  "Usage: npm run data:refresh -- [--source-file FILE] [--yields-file FILE] [--as-of YYYY-MM-DD] [--backfill [--source-dir DIR]] [--accept SLUG ...] [--accept-file FILE] [--track-threshold USD] [--write-csv] [--dry-run]";

/** One run as the command line asks for it. */
export type RefreshRequest = {
  /** Today (UTC), by the injected clock. */
  today: string;
  /** The run's day: --as-of, else today. */
  day: string;
  sourceFile: string | undefined;
  yieldsFile: string | undefined;
  sourceDir: string | undefined;
  accept: string[];
  /** The slugs of every --accept-file. */
  acceptListed: string[];
  backfill: boolean;
  dryRun: boolean;
  writeCsv: boolean;
  trackThreshold: number;
  /** When a move goes into the change log: CHANGE_TVL_DAY_PCT, CHANGE_TVL_WEEK_PCT, CHANGE_YIELD_POINTS (10, 20, 1). */
  changeThresholds: ChangeThresholds;
};

/** Reads and checks the options; a bad one is a RefreshUsageError naming it. */
export async function parseRefreshArgs(
  argv: string[],
  env: Record<string, string | undefined>,
  now: Date,
): Promise<RefreshRequest> {
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
  const today = todayUtc(now);
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
  const thresholdText = values["track-threshold"] ?? env.REFRESH_TRACK_THRESHOLD_USD?.trim() ?? "";
  const trackThreshold = thresholdText === "" ? DEFAULT_TRACK_THRESHOLD_USD : Number(thresholdText);
  if (!/^[0-9]+$/.test(thresholdText || "0"))
    throw new RefreshUsageError(`--track-threshold must be whole dollars (e.g. 10000000), got '${thresholdText}'.`);
  let changeThresholds: ChangeThresholds;
  try {
    changeThresholds = readChangeThresholds((name) => env[name]);
  } catch (error) {
    throw new RefreshUsageError(`${(error as Error).message}. Nothing was written.`);
  }
  return {
    today,
    day,
    sourceFile,
    yieldsFile,
    sourceDir,
    accept,
    acceptListed,
    backfill: values.backfill === true,
    dryRun: values["dry-run"] === true,
    writeCsv: values["write-csv"] === true,
    trackThreshold,
    changeThresholds,
  };
}
