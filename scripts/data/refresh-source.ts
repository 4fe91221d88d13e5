// Where data:refresh reads its figures: DefiLlama live, or the saved files the options name (a
// saved protocol list reads no live yields, so a run on saved files never touches the network).
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  DEFILLAMA_API,
  fetchJson,
  SourceError,
  type FetchLike,
} from "../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { httpSource } from "../../supabase/functions/refresh-protocols/lib/source.ts";
import type { RefreshSource } from "../../supabase/functions/refresh-protocols/lib/types.ts";
import type { RefreshRequest } from "./refresh-options.ts";

/** The run's source: live DefiLlama, with the saved list, yields or histories the request names in its place. */
export function refreshSource(
  { sourceFile, yieldsFile, sourceDir }: Pick<RefreshRequest, "sourceFile" | "yieldsFile" | "sourceDir">,
  fetch: FetchLike,
  timeoutMs: number | undefined,
): RefreshSource {
  const live = (url: string) => fetchJson(url, { fetch, timeoutMs });
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
  return source;
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
