import { useCallback, useEffect, useMemo } from "react";
import { MAX_COMPARED } from "@/config/site";
import { useSelection } from "@/features/compare/use-selection";
import type { Protocol } from "@/features/protocols/types";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";

/**
 * The comparison selection as the home page keeps it: protocol slugs (its `compare=` list), held by
 * the caller (the home URL, a protocol page's history state). The selection itself works in ids; a
 * 4th pick opens the limit-reached waitlist dialog, whose code is warmed once the selection is full.
 */
export function useCompareSlugs(
  protocols: readonly Protocol[],
  slugs: readonly string[],
  setSlugs: (slugs: string[]) => void,
) {
  const { openWaitlist, prefetchWaitlist } = useWaitlistDialog();
  const { idsBySlug, slugsById } = useMemo(
    () => ({
      idsBySlug: new Map(protocols.map((p) => [p.slug, p.id])),
      slugsById: new Map(protocols.map((p) => [p.id, p.slug])),
    }),
    [protocols],
  );
  const value = useMemo(() => slugs.flatMap((slug) => idsBySlug.get(slug) ?? []), [slugs, idsBySlug]);
  const onChange = useCallback(
    (ids: string[]) => setSlugs(ids.flatMap((id) => slugsById.get(id) ?? [])),
    [setSlugs, slugsById],
  );
  const onLimitReached = useCallback(
    () => openWaitlist({ limitReached: true, source: "limit-reached" }),
    [openWaitlist],
  );
  const selection = useSelection(protocols, { onLimitReached, value, onChange });
  const full = selection.selectedIds.length >= MAX_COMPARED;
  useEffect(() => {
    if (full) prefetchWaitlist();
  }, [full, prefetchWaitlist]);
  return selection;
}
