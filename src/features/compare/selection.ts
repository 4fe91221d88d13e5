import { MAX_COMPARED } from "@/config/site";

export type SelectionResult = {
  selected: string[];
  /** True when the slug was refused because the selection is full; `selected` is then unchanged. */
  limitReached: boolean;
};

/** Adds or removes one protocol slug; adding beyond `max` is refused. */
export function toggleSelection(selectedSlugs: readonly string[], slug: string, max = MAX_COMPARED): SelectionResult {
  if (selectedSlugs.includes(slug)) {
    return { selected: selectedSlugs.filter((selected) => selected !== slug), limitReached: false };
  }
  if (selectedSlugs.length >= max) return { selected: [...selectedSlugs], limitReached: true };
  return { selected: [...selectedSlugs, slug], limitReached: false };
}
