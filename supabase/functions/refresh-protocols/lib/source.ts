// Where a run's figures come from: DefiLlama over HTTP (or saved files, scripts/data/refresh-cli.ts),
// and reading one source so that its failure is a report line, not an exception. Runtime-neutral:
// the fetch is injected.
import { SourceError } from "./defillama.ts";
import type { RefreshSource } from "./types.ts";
import { YIELDS_API } from "./yields.ts";

/** Reads one source, turning its failure into a report line instead of an exception. */
export async function readSource<T>(
  read: () => Promise<unknown>,
  parse: (body: unknown) => T,
): Promise<{ value: T } | { error: string }> {
  try {
    return { value: parse(await read()) };
  } catch (error) {
    if (error instanceof SourceError) return { error: error.message };
    throw error;
  }
}

/** A source over HTTP: DefiLlama itself (the default bases) with the 10 s deadline per request. */
export function httpSource(
  fetchJsonImpl: (url: string) => Promise<unknown>,
  base: string,
  yieldsUrl: string | null = YIELDS_API,
): RefreshSource {
  return {
    label: `${base}/protocols`,
    list: () => fetchJsonImpl(`${base}/protocols`),
    history: (slug) => fetchJsonImpl(`${base}/protocol/${encodeURIComponent(slug)}`),
    historyLabel: (slug) => `${base}/protocol/${slug}`,
    ...(yieldsUrl === null ? {} : { yields: { label: yieldsUrl, read: () => fetchJsonImpl(yieldsUrl) } }),
  };
}
