// data/asset-classes.csv: the reviewed asset classes of tracked rows, one line per
// DefiLlama slug, each with the page that shows the class and the day it was reviewed. A tracked
// row takes its classes from here; until its slug is listed it is 'Unclassified'.
import { ASSET_CLASSES } from "../../../src/config/domain.ts";
import { CsvSyntaxError, parseCsv } from "../csv.ts";
import { SLUG_PATTERN } from "../../../supabase/functions/refresh-protocols/lib/defillama.ts";
import { parseIsoDate, splitList, todayUtc } from "./cells.ts";
import type { Problem } from "./problem.ts";

export const ASSET_CLASS_COLUMNS = ["defillama_slug", "asset_classes", "source_url", "reviewed_on"] as const;

export type AssetClassEntry = { slug: string; assetClasses: string[]; sourceUrl: string; reviewedOn: string };

/**
 * Validates the mapping: the exact header, a DefiLlama slug listed once, one or more of the six
 * classes (no repeats), an https page and a real review day not in the future. Returns the
 * classes by slug for the entries without problems.
 */
export function checkAssetClassCsv(
  text: string,
  today: string = todayUtc(),
): { map: Map<string, string[]>; entries: AssetClassEntry[]; problems: Problem[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { map: new Map(), entries: [], problems: [{ line: error.line, column: "csv", message: error.message }] };
    throw error;
  }
  const problems: Problem[] = [];
  const header = records[0];
  if (!header || header.cells.join(",") !== ASSET_CLASS_COLUMNS.join(",")) {
    return {
      map: new Map(),
      entries: [],
      problems: [{ line: 1, column: "header", message: `must be exactly ${ASSET_CLASS_COLUMNS.join(",")}` }],
    };
  }
  const latest = [today, todayUtc()].sort().at(-1)!;
  const firstLine = new Map<string, number>();
  const entries: AssetClassEntry[] = [];
  for (const { line, cells } of records.slice(1)) {
    const add = (column: string, message: string) => problems.push({ line, column, message });
    if (cells.length !== ASSET_CLASS_COLUMNS.length) {
      add(
        "row",
        `has ${cells.length} cells, expected ${ASSET_CLASS_COLUMNS.length} (${ASSET_CLASS_COLUMNS.join(",")})`,
      );
      continue;
    }
    const [slug, classes, sourceUrl, reviewedOn] = cells as [string, string, string, string];
    const before = problems.length;
    if (!SLUG_PATTERN.test(slug) || slug.length > 100)
      add("defillama_slug", `'${slug}' is not a DefiLlama slug (lower case letters, digits, '.', '_' and '-')`);
    else if (firstLine.has(slug)) add("defillama_slug", `duplicates the slug on line ${firstLine.get(slug)}`);
    else firstLine.set(slug, line);
    const items = splitList(classes);
    if (items.length === 0) add("asset_classes", "is required");
    for (const item of items.filter((i) => !(ASSET_CLASSES as readonly string[]).includes(i)))
      add("asset_classes", `'${item}' is not one of ${ASSET_CLASSES.join(", ")}`);
    for (const item of new Set(items.filter((item, i) => items.indexOf(item) !== i)))
      add("asset_classes", `lists '${item}' more than once`);
    if (!/^https:\/\/[^\s/]+\.[^\s/]+(\/[^\s]*)?$/.test(sourceUrl))
      add("source_url", `'${sourceUrl}' is not an https page: cite the page that shows the asset class`);
    if (parseIsoDate(reviewedOn) === null) add("reviewed_on", `'${reviewedOn}' is not a real date in YYYY-MM-DD form`);
    else if (reviewedOn > latest) add("reviewed_on", `${reviewedOn} is in the future (today is ${latest})`);
    if (problems.length === before) entries.push({ slug, assetClasses: items, sourceUrl, reviewedOn });
  }
  return { map: new Map(entries.map((e) => [e.slug, e.assetClasses])), entries, problems };
}
