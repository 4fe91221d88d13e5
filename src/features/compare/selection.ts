import { MAX_COMPARED } from "@/config/site";

export type SelectionResult = {
  selected: string[];
  /** True when the id was refused because the selection is full; `selected` is then unchanged. */
  limitReached: boolean;
};

/** Adds or removes one id; adding beyond `max` is refused. */
export function toggleSelection(selectedIds: readonly string[], id: string, max = MAX_COMPARED): SelectionResult {
  if (selectedIds.includes(id)) {
    return { selected: selectedIds.filter((selectedId) => selectedId !== id), limitReached: false };
  }
  if (selectedIds.length >= max) return { selected: [...selectedIds], limitReached: true };
  return { selected: [...selectedIds, id], limitReached: false };
}
