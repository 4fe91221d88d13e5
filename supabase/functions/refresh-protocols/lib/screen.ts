// The last check before SQL (issue 30, item 3): every string of the run's writes is clean text
// (upstream-text.ts). The reading steps refuse such values already (readEntry, pickYield); this
// catches one that a future field lets through. A protocol with one is held and named, and
// nothing about it is written; the rest of the payload is untouched. Runtime-neutral: no I/O.
import type { Plan } from "./plan-state.ts";
import type { RefreshChanges } from "./types.ts";
import { firstUncleanText, showText } from "./upstream-text.ts";

/** Takes out of the payload every protocol one of whose writes holds a refused character; returns their slugs. */
export function screenPayload(plan: Plan, hold: (slug: string, line: string) => void): string[] {
  const payload = plan.payload;
  const bad = new Map<string, string>();
  const sections = Object.values(payload) as Array<Array<{ defillama_slug: string; new_slug?: string }>>;
  for (const section of sections) {
    for (const item of section) {
      const text = firstUncleanText(item);
      if (text !== null && !bad.has(item.defillama_slug)) bad.set(item.defillama_slug, text);
    }
  }
  if (bad.size === 0) return [];
  takeOutProtocols(plan, bad.keys());
  for (const [slug, text] of bad)
    hold(
      slug,
      `held for review: ${slug}: ${showText(text)} holds a control, format or surrogate character; nothing about it was written`,
    );
  return [...bad.keys()];
}

/**
 * Takes these protocols (by any slug of theirs before or after the run's renames) out of every
 * section of the payload, and marks their figures held: nothing about them is written.
 */
export function takeOutProtocols(plan: Plan, held: Iterable<string>): void {
  const payload = plan.payload;
  // Renames too: a held protocol's writes may be filed under its new slug in the other sections.
  const slugs = new Set(held);
  for (const identity of payload.identities) {
    if (slugs.has(identity.defillama_slug) && identity.new_slug) slugs.add(identity.new_slug);
    if (identity.new_slug && slugs.has(identity.new_slug)) slugs.add(identity.defillama_slug);
  }
  for (const key of Object.keys(payload) as Array<keyof RefreshChanges>) {
    const section = payload[key] as Array<{ defillama_slug: string }>;
    const kept = section.filter((item) => !slugs.has(item.defillama_slug));
    section.length = 0;
    section.push(...kept);
  }
  for (const list of [plan.changes, plan.yields])
    for (const change of list) if (slugs.has(change.slug) && change.status !== "held") change.status = "held";
}
