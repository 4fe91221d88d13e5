// Tracked rows: every protocol DefiLlama lists in its RWA categories with a TVL of at
// least the threshold that the directory does not have yet. What DefiLlama states (name,
// description, website, chains, TVL, yields, listing day, audits) is taken, dated and sourced;
// everything else (a website DefiLlama does not give included) is 'Unknown', 'Not rated' or
// 'Unclassified' until a person reviews the row.
// Runtime-neutral: no I/O.
import { DEFILLAMA_SITE, type LlamaEntry, SLUG_PATTERN } from "./defillama.ts";

/** The DefiLlama categories whose protocols the directory tracks. */
export const TRACKED_CATEGORIES: readonly string[] = ["RWA", "RWA Lending"];
/** The default threshold (a setting: --track-threshold, REFRESH_TRACK_THRESHOLD_USD). */
export const DEFAULT_TRACK_THRESHOLD_USD = 10_000_000;
export const UNCLASSIFIED = "Unclassified";
/** What a tracked row says about itself until someone reviews it. */
export const UNKNOWN = "Unknown";

/** The database's limits for the columns a tracked row takes from DefiLlama. */
const MAX_NAME = 120;
const MAX_DESCRIPTION = 1000;
const MAX_NOTES = 1000;

/** The new row, as public.apply_protocol_refresh inserts it (TVL and yield follow in the same call). */
export type TrackedInsert = {
  name: string;
  description: string;
  asset_classes: string[];
  blockchains: string[];
  /** Null when DefiLlama gives no https website: the row is listed all the same, its website 'Unknown'. */
  url: string | null;
  source_url: string;
  notes: string;
  defillama_slug: string;
  defillama_id: number | null;
  defillama_listed_at: string | null;
  defillama_audits: number | null;
};

/** Newlines, tabs and control characters become spaces; runs of spaces one. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001F\u007F\s]+/g, " ").trim();
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

function isHttpsPage(url: string): boolean {
  if (!/^https:\/\/[^\s]+$/.test(url) || url.length > 2048) return false;
  try {
    return new URL(url).hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * The row a tracked protocol gets, or why it cannot be added (the report names the problem; the
 * protocol is listed again on the next run). `takenNames` are the directory's names, lower case.
 */
export function trackedRow(
  entry: LlamaEntry,
  options: { assetClasses?: ReadonlyMap<string, readonly string[]>; takenNames: ReadonlySet<string> },
): { row: TrackedInsert } | { problem: string } {
  const name = oneLine(entry.name);
  if (name === "" || [...name].length > MAX_NAME) return { problem: `its name is not 1 to ${MAX_NAME} characters` };
  if (options.takenNames.has(name.toLowerCase()))
    return {
      problem: `the directory already has a row named '${name}': if it is this protocol, set that row's defillama_slug (and defillama_id)`,
    };
  if (!SLUG_PATTERN.test(entry.slug) || entry.slug.length > 100) return { problem: `'${entry.slug}' is not a slug` };
  if (entry.chains.length === 0) return { problem: "DefiLlama lists no chain for it" };
  // A missing website is 'Unknown', never a reason to leave a protocol out (Valos, issue 28).
  const given = entry.url === null ? null : entry.url.trim();
  const url = given !== null && isHttpsPage(given) ? given : null;
  const description = entry.description === null ? UNKNOWN : clip(oneLine(entry.description), MAX_DESCRIPTION);
  const mapped = options.assetClasses?.get(entry.slug);
  const notes = clip(
    `Tracked from DefiLlama's ${entry.category ?? "RWA"} category: the name, description, website, chains, TVL and yield are DefiLlama's (see their dates and sources). ` +
      `Terms, risk and minimum investment are not reviewed yet.` +
      (url === null ? " Website: Unknown (DefiLlama gives none)." : "") +
      (mapped ? " Asset class: reviewed in data/asset-classes.csv." : ""),
    MAX_NOTES,
  );
  return {
    row: {
      name,
      description: description === "" ? UNKNOWN : description,
      asset_classes: mapped ? [...mapped] : [UNCLASSIFIED],
      blockchains: entry.chains,
      url,
      source_url: `${DEFILLAMA_SITE}${entry.slug}`,
      notes,
      defillama_slug: entry.slug,
      defillama_id: entry.id,
      defillama_listed_at: entry.listedAt,
      defillama_audits: entry.audits,
    },
  };
}
