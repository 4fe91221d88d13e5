import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
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

  // The caller's update can land later (the home page's is a URL navigation): two quick picks
  // must build on each other, not both on the render before them, or the first is lost. So the
  // picks build on the newest selection asked for, until the caller's value catches up with it;
  // a value the caller sets on its own (back and forward) is taken as it comes.
  const latest = useRef<readonly string[]>(selectedSlugs);
  const asked = useRef<string[][]>([]);
  useLayoutEffect(() => {
    const at = asked.current.findIndex((value) => sameSlugs(value, selectedSlugs));
    // An earlier request has landed while a newer one is on its way: keep building on the newer.
    if (at !== -1 && at < asked.current.length - 1) return;
    latest.current = selectedSlugs;
    asked.current = [];
  }, [selectedSlugs]);
  const change = useCallback(
    (next: string[]) => {
      latest.current = next;
      asked.current = [...asked.current, next];
      onChange(next);
    },
    [onChange],
  );

  const toggle = useCallback(
    (slug: string) => {
      const result = toggleSelection(latest.current, slug);
      if (result.limitReached) onLimitReached?.();
      else change(result.selected);
    },
    [onLimitReached, change],
  );

  const remove = useCallback(
    (slug: string) => change(latest.current.filter((selected) => selected !== slug)),
    [change],
  );

  return { selectedSlugs, selectedProtocols, toggle, remove };
}

function sameSlugs(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((slug, index) => slug === b[index]);
}
