// npm run data:refresh: the daily refresh from DefiLlama (the core is shared with the
// refresh-protocols Edge Function). Options and examples: docs/data.md, "The daily refresh".
// The parts: refresh-options.ts (the command line), refresh-source.ts (live or saved files) and
// refresh-write-csv.ts (--write-csv).
import { readFile } from "node:fs/promises";
import { LOCAL_API_HOST, LOCAL_API_PORT } from "../../local-api/defaults.ts";
import { SourceError, type FetchLike } from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { refreshProtocols, RefreshUsageError } from "../../supabase/functions/refresh-protocols/lib/refresh.ts";
import { createRestStore, StoreError } from "../../supabase/functions/refresh-protocols/lib/rest-store.ts";
import { ASSET_CLASSES_DISPLAY, ASSET_CLASSES_PATH } from "./paths.ts";
import { PushError, resolveTarget } from "./push-core.ts";
import { parseRefreshArgs } from "./refresh-options.ts";
import { refreshSource } from "./refresh-source.ts";
import { writeCsv } from "./refresh-write-csv.ts";
import { checkAssetClassCsv } from "./rules/asset-classes.ts";
import { formatProblem } from "./rules/problem.ts";

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
  const request = await parseRefreshArgs(argv, deps.env, deps.now());
  const { today, day } = request;
  const source = refreshSource(request, deps.fetch, deps.timeoutMs);

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
    accept: request.accept,
    acceptListed: request.acceptListed,
    backfill: request.backfill,
    dryRun: request.dryRun,
    trackThreshold: request.trackThreshold,
    changeThresholds: request.changeThresholds,
    assetClasses: mapping.map,
    log: deps.log,
  });
  if (request.writeCsv) await writeCsv(report, deps, mapping.map, today);
  for (const failure of report.failures) {
    deps.error(
      failure.source === "protocols"
        ? `data:refresh failed: ${failure.message}; the TVL was not updated (the yields were).`
        : `data:refresh failed: ${failure.message}; no yields were written (the TVL was).`,
    );
  }
  return report.failures.length > 0 ? 1 : 0;
}
