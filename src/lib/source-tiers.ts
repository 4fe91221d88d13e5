// The source tiers of the risk evidence, kept as data in data/source-tiers.json: what counts as a
// primary source, what as a secondary one, and the never list (kinds of pages no finding may cite,
// each with its reason and the concrete hosts). /methodology and docs/methodology.md state them;
// npm run data:check applies the never list to every source URL (scripts/data/source-tiers.ts).
// Relative import: the data tooling and the build read this file outside Vite's aliases.
// The tier names and their guard live in config/domain.ts, which pages import without this file's
// texts (a protocol page's risk section needs only the names).
import tiers from "../../data/source-tiers.json" with { type: "json" };

export { isSourceTier, SOURCE_TIERS, type SourceTier } from "../config/domain.ts";

/** A kind of source of one tier: what it is, examples, and why it sits in that tier. */
export type TierCategory = { category: string; examples: string; reason: string };
/** A concrete never-list pattern: host[/path prefix], and what the site is. */
export type NeverHost = { pattern: string; site: string };
/** A kind of page no finding may cite, why, and the hosts known to publish it. */
export type NeverCategory = { category: string; reason: string; hosts: NeverHost[] };

export type SourceTiers = {
  about: string;
  primary: TierCategory[];
  secondary: TierCategory[];
  never: NeverCategory[];
};

export const SOURCE_TIER_DATA: SourceTiers = tiers;

/** What a never-list match names: the kind of page, the reason, and the pattern that matched. */
export type NeverMatch = { category: string; reason: string; pattern: string; site: string };

function splitPattern(pattern: string): { host: string[]; path: string[] } {
  const slash = pattern.indexOf("/");
  const host = (slash === -1 ? pattern : pattern.slice(0, slash)).toLowerCase();
  const path = slash === -1 ? "" : pattern.slice(slash + 1).toLowerCase();
  return { host: host.split("."), path: path.split("/").filter(Boolean) };
}

/** The host's last labels equal the pattern's ('*' matches any one label), so subdomains match too. */
function hostMatches(hostname: string, pattern: readonly string[]): boolean {
  const labels = hostname.toLowerCase().replace(/\.$/, "").split(".");
  if (pattern.length > labels.length) return false;
  const tail = labels.slice(labels.length - pattern.length);
  return pattern.every((label, index) => label === "*" || label === tail[index]);
}

/** The path starts with the pattern's segments ('*' matches any one segment). */
function pathMatches(pathname: string, pattern: readonly string[]): boolean {
  const segments = pathname.toLowerCase().split("/").filter(Boolean);
  if (pattern.length > segments.length) return false;
  return pattern.every((segment, index) => segment === "*" || segment === segments[index]);
}

/** Whether a never-list pattern covers the URL. */
export function patternMatches(url: URL, pattern: string): boolean {
  const { host, path } = splitPattern(pattern);
  return hostMatches(url.hostname, host) && pathMatches(url.pathname, path);
}

/** The never-list entry that covers the URL, or null when none does. */
export function neverListMatch(url: URL, data: SourceTiers = SOURCE_TIER_DATA): NeverMatch | null {
  for (const entry of data.never) {
    for (const host of entry.hosts) {
      if (patternMatches(url, host.pattern))
        return { category: entry.category, reason: entry.reason, pattern: host.pattern, site: host.site };
    }
  }
  return null;
}
