// The source rules of data:check (docs/methodology.md, "Sources"): the shape of
// data/source-tiers.json, and the never list applied to every source URL of data/protocols.csv
// (its *_source_url columns and the links in its notes), data/risk-evidence.csv and, through
// checkSourceUrl, data/products.json.
import { neverListMatch, SOURCE_TIER_DATA, type SourceTiers } from "../../../src/lib/source-tiers.ts";
import { CsvSyntaxError, parseCsv } from "../csv.ts";
import type { Problem } from "./problem.ts";
import { isHomepage } from "./risk-evidence.ts";

/** A pattern: host labels (letters, digits, '-', or '*'), then optional path segments. */
const PATTERN = /^(?:\*|[a-z0-9-]+)(?:\.(?:\*|[a-z0-9-]+))+(?:\/[^\s/]+)*$/i;

/**
 * Problems of the tiers file itself: every category has its reason (and the tiers their
 * examples), every never-list pattern is well formed, names what the site is and is listed once.
 * `line` is 0: the problems name the entry instead.
 */
export function checkSourceTiers(data: SourceTiers = SOURCE_TIER_DATA): Problem[] {
  const problems: Problem[] = [];
  const add = (column: string, message: string) => problems.push({ line: 0, column, message });
  for (const tier of ["primary", "secondary"] as const) {
    if (data[tier].length === 0) add(tier, "lists no category");
    for (const entry of data[tier]) {
      if (entry.category.trim() === "") add(tier, "has a category without a name");
      if (entry.examples.trim() === "") add(tier, `'${entry.category}' gives no examples`);
      if (entry.reason.trim() === "") add(tier, `'${entry.category}' gives no reason`);
    }
  }
  const seen = new Set<string>();
  for (const entry of data.never) {
    if (entry.reason.trim() === "") add("never", `'${entry.category}' gives no reason`);
    if (entry.hosts.length === 0) add("never", `'${entry.category}' names no host`);
    for (const host of entry.hosts) {
      if (!PATTERN.test(host.pattern))
        add("never", `'${host.pattern}' is not host[/path] (labels, '*' for one label or segment)`);
      if (host.site.trim() === "") add("never", `'${host.pattern}' does not say what the site is`);
      if (seen.has(host.pattern.toLowerCase())) add("never", `'${host.pattern}' is listed twice`);
      seen.add(host.pattern.toLowerCase());
    }
  }
  return problems;
}

/** Why the never list rejects the URL, or null when it does not (or the URL does not parse). */
export function neverListProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match = neverListMatch(parsed);
  if (match === null) return null;
  return `'${url}' is on the never list (${match.category}: ${match.site}, ${match.pattern}). ${match.reason}`;
}

/**
 * The one check every source URL of the data passes: an http(s) address, not a homepage, not on
 * the never list. Returns the problem in words, or null. data/products.json's checker calls it
 * for each product's sources.
 */
export function checkSourceUrl(url: string): string | null {
  let parsed: URL | null;
  try {
    parsed = /^https?:\/\/\S+$/.test(url) ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (parsed === null) return `'${url}' is not a web address (http or https)`;
  if (isHomepage(parsed)) return `'${url}' is a homepage: cite the page that states it`;
  return neverListProblem(url);
}

/** The links written into free text (notes), without the punctuation that follows them. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'\]]+/g)].map((m) => m[0].replace(/[),.;:!?]+$/, ""));
}

/**
 * The never list over a data CSV (data/protocols.csv, data/risk-evidence.csv): every column whose
 * name ends in source_url, and the links in a notes column. A row or cell the file's own rules
 * reject is theirs to report; this only adds the never list. Line numbers match the file.
 */
export function checkCsvSources(text: string): Problem[] {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return [];
    throw error;
  }
  const header = records[0]?.cells ?? [];
  const sourceColumns = header.flatMap((name, index) => (name.endsWith("source_url") ? [{ name, index }] : []));
  const notesAt = header.indexOf("notes");
  const problems: Problem[] = [];
  for (const { line, cells } of records.slice(1)) {
    for (const { name, index } of sourceColumns) {
      const value = cells[index] ?? "";
      const problem = value === "" ? null : neverListProblem(value);
      if (problem) problems.push({ line, column: name, message: problem });
    }
    for (const link of notesAt === -1 ? [] : linksIn(cells[notesAt] ?? "")) {
      const problem = neverListProblem(link);
      if (problem) problems.push({ line, column: "notes", message: problem });
    }
  }
  return problems;
}
