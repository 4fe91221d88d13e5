import { act, renderHook } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { parseProtocolRows } from "@/features/protocols/model/model";
import type { Protocol } from "@/features/protocols/model/types";
import { protocolRows } from "../../../tests/fixtures/protocols";
import { useSelection } from "./use-selection";

const protocols = parseProtocolRows(protocolRows);
const [a, b, c, d] = protocols as [Protocol, Protocol, Protocol, Protocol];

/** The owner a page is: it holds the slugs (as the URL does) and takes every change. */
function useOwnedSelection(data: readonly Protocol[], initial: string[], onLimitReached?: () => void) {
  const [slugs, setSlugs] = useState(initial);
  return { slugs, ...useSelection(data, slugs, setSlugs, { onLimitReached }) };
}

/** An owner whose updates land later, one at a time, as a URL navigation does. */
function useLaggingSelection(initial: string[]) {
  const [slugs, setSlugs] = useState(initial);
  const [queue, setQueue] = useState<string[][]>([]);
  const land = () => {
    const [next, ...rest] = queue;
    if (next) setSlugs(next);
    setQueue(rest);
  };
  const selection = useSelection(protocols, slugs, (next) => setQueue((pending) => [...pending, next]));
  return { slugs, land, pending: queue.length, ...selection };
}

describe("useSelection", () => {
  it("keeps every quick pick while the owner's updates are still on their way", () => {
    const { result } = renderHook(() => useLaggingSelection([]));
    // Three picks before any update has landed (the page re-renders between them, stale).
    act(() => result.current.toggle(a.slug));
    act(() => result.current.toggle(b.slug));
    act(() => result.current.land());
    act(() => result.current.toggle(c.slug));
    expect(result.current.pending).toBe(2);
    act(() => result.current.land());
    act(() => result.current.land());
    expect(result.current.slugs).toEqual([a.slug, b.slug, c.slug]);

    // Once caught up, a value the owner sets on its own (back, forward) is what the next pick builds on.
    act(() => result.current.toggle(a.slug));
    act(() => result.current.land());
    expect(result.current.slugs).toEqual([b.slug, c.slug]);
  });

  it("selects up to three by slug, refuses the fourth and signals the limit", () => {
    const onLimitReached = vi.fn();
    const { result } = renderHook(() => useOwnedSelection(protocols, [], onLimitReached));
    act(() => result.current.toggle(a.slug));
    act(() => result.current.toggle(b.slug));
    act(() => result.current.toggle(c.slug));
    expect(result.current.slugs).toEqual([a.slug, b.slug, c.slug]);
    expect(result.current.selectedProtocols.map((p) => p.name)).toEqual([a.name, b.name, c.name]);
    expect(onLimitReached).not.toHaveBeenCalled();

    act(() => result.current.toggle(d.slug));
    expect(onLimitReached).toHaveBeenCalledTimes(1);
    expect(result.current.slugs).toEqual([a.slug, b.slug, c.slug]);
    expect(result.current.selectedSlugs).toEqual([a.slug, b.slug, c.slug]);
  });

  it("toggles off and removes, keeping the order of the rest", () => {
    const { result } = renderHook(() => useOwnedSelection(protocols, []));
    act(() => result.current.toggle(a.slug));
    act(() => result.current.toggle(b.slug));
    act(() => result.current.toggle(c.slug));
    act(() => result.current.toggle(a.slug));
    expect(result.current.slugs).toEqual([b.slug, c.slug]);
    act(() => result.current.remove(b.slug));
    expect(result.current.slugs).toEqual([c.slug]);
    expect(result.current.selectedProtocols).toEqual([c]);
  });

  it("drops a selected protocol that disappears from the data and frees its slot", () => {
    const onLimitReached = vi.fn();
    const { result, rerender } = renderHook(({ data }) => useOwnedSelection(data, [], onLimitReached), {
      initialProps: { data: protocols },
    });
    act(() => result.current.toggle(a.slug));
    act(() => result.current.toggle(b.slug));
    act(() => result.current.toggle(c.slug));
    rerender({ data: protocols.filter((p) => p.slug !== b.slug) });
    expect(result.current.selectedProtocols.map((p) => p.name)).toEqual([a.name, c.name]);
    act(() => result.current.toggle(d.slug));
    expect(onLimitReached).not.toHaveBeenCalled();
    // The next change writes only the protocols that still exist.
    expect(result.current.slugs).toEqual([a.slug, c.slug, d.slug]);
  });

  it("reads the owner's slugs (unknown, id-shaped and repeated ones dropped, max 3) and changes nothing itself", () => {
    const onChange = vi.fn();
    const onLimitReached = vi.fn();
    const slugs = ["gone", a.slug, a.id, b.slug, a.slug, c.slug, d.slug];
    const { result } = renderHook(() => useSelection(protocols, slugs, onChange, { onLimitReached }));
    expect(result.current.selectedSlugs).toEqual([a.slug, b.slug, c.slug]);
    act(() => result.current.remove(b.slug));
    expect(onChange).toHaveBeenLastCalledWith([a.slug, c.slug]);
    // Controlled: nothing changes until the owner passes new slugs, so the selection is still full.
    expect(result.current.selectedSlugs).toEqual([a.slug, b.slug, c.slug]);
    // A pick made before the owner has passed the change builds on the change asked for, not on
    // the stale slugs: the slot b freed is free.
    act(() => result.current.toggle(d.slug));
    expect(onLimitReached).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith([a.slug, c.slug, d.slug]);
    expect(result.current.selectedSlugs).toEqual([a.slug, b.slug, c.slug]);
  });
});
