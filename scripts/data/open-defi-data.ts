// The snapshot CSVs of ConorsCode/open-defi-data (data/defillama/open-defi-data/) back into the
// shapes DefiLlama's API answers with, so `npm run data:refresh -- --source-file / --yields-file`
// reads them like a saved response. What the snapshot's scripts/fetch.mjs changed is undone:
// chains joined with '; ' become a list again, listedAt goes back from ISO 8601 to unix seconds,
// change1d/change7d are change_1d/change_7d again and poolId is pool. scrapedAt is not part of
// the API and is left out. A cell that should be a number but is not stays the text it was, so
// the refresh holds that protocol instead of this converter hiding the problem.
import { parseCsv } from "./csv.ts";

export const PROTOCOLS_HEADER = [
  "id",
  "name",
  "slug",
  "category",
  "chains",
  "tvl",
  "change1d",
  "change7d",
  "url",
  "description",
  "audits",
  "twitter",
  "listedAt",
  "scrapedAt",
] as const;

export const YIELDS_HEADER = [
  "poolId",
  "project",
  "chain",
  "symbol",
  "tvlUsd",
  "apy",
  "apyBase",
  "apyReward",
  "apyPct1D",
  "apyPct7D",
  "stablecoin",
  "ilRisk",
  "exposure",
  "poolMeta",
  "outlier",
  "scrapedAt",
] as const;

export class ConvertError extends Error {}

type Cells = Record<string, string>;

function records(text: string, header: readonly string[], label: string): Cells[] {
  const parsed = parseCsv(text);
  const first = parsed[0]?.cells ?? [];
  if (first.join(",") !== header.join(",")) {
    throw new ConvertError(`${label}: the header is not ${header.join(",")}`);
  }
  return parsed.slice(1).map(({ cells, line }) => {
    if (cells.length !== header.length)
      throw new ConvertError(`${label} line ${line}: ${cells.length} cells, expected ${header.length}`);
    return Object.fromEntries(header.map((column, i) => [column, cells[i]!]));
  });
}

/** Empty is null (the snapshot writes null as an empty cell). */
const textOrNull = (cell: string): string | null => (cell === "" ? null : cell);

/** A number as JSON would carry it; anything else stays its text (the refresh judges it). */
function numberOrText(cell: string): number | string | null {
  if (cell === "") return null;
  return /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(cell) ? Number(cell) : cell;
}

function booleanOrText(cell: string): boolean | string | null {
  if (cell === "") return null;
  if (cell === "true") return true;
  if (cell === "false") return false;
  return cell;
}

/** ISO 8601 -> unix seconds, as the API sends listedAt. */
function unixSeconds(cell: string): number | string | null {
  if (cell === "") return null;
  const ms = Date.parse(cell);
  return Number.isNaN(ms) ? cell : Math.floor(ms / 1000);
}

/** data/protocols.csv -> GET https://api.llama.fi/protocols (an array of protocols). */
export function convertProtocols(text: string, label = "protocols.csv"): Record<string, unknown>[] {
  return records(text, PROTOCOLS_HEADER, label).map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    category: textOrNull(r.category!),
    chains: r
      .chains!.split(";")
      .map((chain) => chain.trim())
      .filter((chain) => chain !== ""),
    tvl: numberOrText(r.tvl!),
    change_1d: numberOrText(r.change1d!),
    change_7d: numberOrText(r.change7d!),
    url: textOrNull(r.url!),
    description: textOrNull(r.description!),
    audits: textOrNull(r.audits!),
    twitter: textOrNull(r.twitter!),
    listedAt: unixSeconds(r.listedAt!),
  }));
}

/** data/yields.csv -> GET https://yields.llama.fi/pools ({ status, data: [...] }). */
export function convertYields(
  text: string,
  label = "yields.csv",
): { status: "success"; data: Record<string, unknown>[] } {
  return {
    status: "success",
    data: records(text, YIELDS_HEADER, label).map((r) => ({
      pool: r.poolId,
      project: textOrNull(r.project!),
      chain: textOrNull(r.chain!),
      symbol: textOrNull(r.symbol!),
      tvlUsd: numberOrText(r.tvlUsd!),
      apy: numberOrText(r.apy!),
      apyBase: numberOrText(r.apyBase!),
      apyReward: numberOrText(r.apyReward!),
      apyPct1D: numberOrText(r.apyPct1D!),
      apyPct7D: numberOrText(r.apyPct7D!),
      stablecoin: booleanOrText(r.stablecoin!),
      ilRisk: textOrNull(r.ilRisk!),
      exposure: textOrNull(r.exposure!),
      poolMeta: textOrNull(r.poolMeta!),
      outlier: booleanOrText(r.outlier!),
    })),
  };
}

/** Converts one file, whichever of the two it is (told by its header). */
export function convertSnapshot(text: string, label: string): { kind: "protocols" | "yields"; json: unknown } {
  const header = (parseCsv(text)[0]?.cells ?? []).join(",");
  if (header === PROTOCOLS_HEADER.join(",")) return { kind: "protocols", json: convertProtocols(text, label) };
  if (header === YIELDS_HEADER.join(",")) return { kind: "yields", json: convertYields(text, label) };
  throw new ConvertError(
    `${label}: not an open-defi-data snapshot (the header is neither protocols' ${PROTOCOLS_HEADER.join(",")} nor yields' ${YIELDS_HEADER.join(",")})`,
  );
}
