import { useCallback, useEffect } from "react";
import { MAX_COMPARED } from "@/config/site";
import { useSelection } from "@/features/compare/use-selection";
import type { Protocol } from "@/features/protocols/model/types";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";

/**
 * The comparison selection as the pages keep it: protocol slugs (the home page's `compare=` list),
 * held by the caller (the home URL, a protocol page's history state). A 4th pick opens the
 * limit-reached waitlist dialog, whose code is warmed once the selection is full.
 */
export function useCompareSlugs(
  protocols: readonly Protocol[],
  slugs: readonly string[],
  setSlugs: (slugs: string[]) => void,
) {
  const { openWaitlist, prefetchWaitlist } = useWaitlistDialog();
  const onLimitReached = useCallback(
    () => openWaitlist({ limitReached: true, source: "limit-reached" }),
    [openWaitlist],
  );
  const selection = useSelection(protocols, slugs, setSlugs, { onLimitReached });
  const full = selection.selectedSlugs.length >= MAX_COMPARED;
  useEffect(() => {
    if (full) prefetchWaitlist();
  }, [full, prefetchWaitlist]);
  return selection;
}
