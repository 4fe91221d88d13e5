// Tracked candidates: every RWA protocol above the threshold that no row matched, listed for review,
// and added (with its first figure) when a person accepted it. Runtime-neutral: no I/O.
import { entryId, entrySlug, formatTvl, readEntry, type RawEntry } from "./defillama.ts";
import { guardProtocol, type Plan, type PlanInput, type PlanState } from "./plan-state.ts";
import { TRACKED_CATEGORIES, trackedRow } from "./tracked.ts";
import { isCleanText, showText } from "./upstream-text.ts";
import type { CurrentRow } from "./types.ts";

/** Lists (or adds, when accepted) the list's RWA entries above the threshold that no row matched. */
export function planTracked(
  plan: Plan,
  rows: readonly CurrentRow[],
  entries: readonly RawEntry[],
  matched: ReadonlySet<RawEntry>,
  input: PlanInput,
  state: PlanState,
): void {
  const { accept, threshold } = input;
  const { usedSlugs, usedIds, acceptedInserts } = state;
  const takenNames = new Set(rows.map((r) => r.name.toLowerCase()));
  const candidates = entries
    .filter((raw) => !matched.has(raw) && typeof raw.category === "string" && TRACKED_CATEGORIES.includes(raw.category))
    .filter((raw) => {
      const slug = entrySlug(raw);
      const id = entryId(raw);
      return slug !== null && !usedSlugs.has(slug) && (id === null || !usedIds.has(id));
    })
    .filter((raw) => !(typeof raw.tvl === "number" && raw.tvl < threshold) && raw.tvl !== null && raw.tvl !== undefined)
    .sort((a, b) => (typeof b.tvl === "number" ? b.tvl : 0) - (typeof a.tvl === "number" ? a.tvl : 0));
  const seen = new Set<string>();
  for (const raw of candidates) {
    const slug = entrySlug(raw)!;
    if (seen.has(slug)) continue;
    seen.add(slug);
    // One candidate's part of the plan: an error in it holds that candidate alone.
    guardProtocol(plan, state, slug, "reading DefiLlama's entry", () => {
      plan.known.add(slug);
      const read = readEntry(raw);
      // For the report only: a name or category with a refused character is shown escaped.
      const printable = (value: string) => (isCleanText(value) ? value : showText(value));
      const name = typeof raw.name === "string" ? printable(raw.name.trim()) : slug;
      const category = typeof raw.category === "string" ? printable(raw.category) : null;
      if ("problem" in read) {
        plan.tracked.push({
          slug,
          name,
          tvl: "?",
          category,
          status: "skipped",
          problem: `DefiLlama's entry is malformed (${read.problem})`,
        });
        return;
      }
      const entry = read.entry;
      const tvl = formatTvl(entry.tvl ?? 0);
      const built = trackedRow(entry, { assetClasses: input.assetClasses, takenNames });
      if ("problem" in built) {
        plan.tracked.push({ slug, name, tvl, category, status: "skipped", problem: built.problem });
        return;
      }
      if (!accept.has(slug)) {
        plan.tracked.push({ slug, name: built.row.name, tvl, category, status: "listed", problem: null });
        return;
      }
      plan.released.add(slug);
      acceptedInserts.add(slug);
      takenNames.add(built.row.name.toLowerCase());
      usedSlugs.add(slug);
      if (entry.id !== null) usedIds.add(entry.id);
      plan.tracked.push({ slug, name: built.row.name, tvl, category, status: "added", problem: null });
      plan.payload.inserts.push(built.row);
      plan.slugOf.set(built.row.name, slug);
      // Its first figure needs no second --accept: accepting the row is the review.
      plan.payload.tvl.push({
        defillama_slug: slug,
        tvl,
        tvl_usd: Math.round(entry.tvl!),
        blockchains: entry.chains,
      });
    });
  }
}
