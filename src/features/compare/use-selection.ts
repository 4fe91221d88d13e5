import { useCallback, useMemo } from "react";
import { MAX_COMPARED } from "@/config/site";
import type { Protocol } from "@/features/protocols/model/types";
import { toggleSelection } from "./selection";

type Options = {
  /** A pick beyond MAX_COMPARED is refused and reported here. */
  onLimitReached?: () => void;
};

/**
 * The compare selection, by protocol slug (the `compare=` list). The caller holds the slugs (the
 * home URL, a protocol page's history state) and receives every change; the selected protocols
 * are derived from the current data, so a slug whose protocol is gone (refetch, bad row, stale
 * link) silently drops out and frees its slot.
 */
export function useSelection(
  protocols: readonly Protocol[],
  slugs: readonly string[],
  onChange: (slugs: string[]) => void,
  { onLimitReached }: Options = {},
) {
  const selectedProtocols = useMemo(() => {
    const bySlug = new Map(protocols.map((protocol) => [protocol.slug, protocol]));
    return [...new Set(slugs)].flatMap((slug) => bySlug.get(slug) ?? []).slice(0, MAX_COMPARED);
  }, [slugs, protocols]);

  const selectedSlugs = useMemo(() => selectedProtocols.map((protocol) => protocol.slug), [selectedProtocols]);

  const toggle = useCallback(
    (slug: string) => {
      const result = toggleSelection(selectedSlugs, slug);
      if (result.limitReached) onLimitReached?.();
      else onChange(result.selected);
    },
    [selectedSlugs, onLimitReached, onChange],
  );

  const remove = useCallback(
    (slug: string) => onChange(selectedSlugs.filter((selected) => selected !== slug)),
    [selectedSlugs, onChange],
  );

  return { selectedSlugs, selectedProtocols, toggle, remove };
}
