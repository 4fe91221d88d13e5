import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { parseProtocolRows } from "@/features/protocols/model";
import { protocolRows } from "../../../tests/fixtures/protocols";
import { useSelection } from "./use-selection";

const protocols = parseProtocolRows(protocolRows);
const [a, b, c, d] = protocols as [
  (typeof protocols)[0],
  (typeof protocols)[0],
  (typeof protocols)[0],
  (typeof protocols)[0],
];

describe("useSelection", () => {
  it("selects up to three, refuses the fourth and signals the limit", () => {
    const onLimitReached = vi.fn();
    const { result } = renderHook(() => useSelection(protocols, { onLimitReached }));
    act(() => result.current.toggle(a.id));
    act(() => result.current.toggle(b.id));
    act(() => result.current.toggle(c.id));
    expect(result.current.selectedProtocols.map((p) => p.name)).toEqual([a.name, b.name, c.name]);
    expect(onLimitReached).not.toHaveBeenCalled();

    act(() => result.current.toggle(d.id));
    expect(onLimitReached).toHaveBeenCalledTimes(1);
    expect(result.current.selectedIds).toEqual([a.id, b.id, c.id]);
  });

  it("toggles off, removes and clears", () => {
    const { result } = renderHook(() => useSelection(protocols));
    act(() => result.current.toggle(a.id));
    act(() => result.current.toggle(b.id));
    act(() => result.current.toggle(a.id));
    expect(result.current.selectedIds).toEqual([b.id]);
    act(() => result.current.remove(b.id));
    expect(result.current.selectedIds).toEqual([]);
    act(() => result.current.toggle(c.id));
    act(() => result.current.clear());
    expect(result.current.selectedProtocols).toEqual([]);
  });

  it("drops a selected protocol that disappears from the data and frees its slot", () => {
    const onLimitReached = vi.fn();
    const { result, rerender } = renderHook(({ data }) => useSelection(data, { onLimitReached }), {
      initialProps: { data: protocols },
    });
    act(() => result.current.toggle(a.id));
    act(() => result.current.toggle(b.id));
    act(() => result.current.toggle(c.id));
    rerender({ data: protocols.filter((p) => p.id !== b.id) });
    expect(result.current.selectedProtocols.map((p) => p.name)).toEqual([a.name, c.name]);
    act(() => result.current.toggle(d.id));
    expect(onLimitReached).not.toHaveBeenCalled();
    expect(result.current.selectedIds).toEqual([a.id, c.id, d.id]);
  });

  it("in controlled mode reads the given ids (unknown ones dropped, max 3) and reports changes", () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useSelection(protocols, { value: ["gone", a.id, b.id, c.id, d.id], onChange }));
    expect(result.current.selectedIds).toEqual([a.id, b.id, c.id]);
    act(() => result.current.remove(b.id));
    expect(onChange).toHaveBeenLastCalledWith([a.id, c.id]);
    // Controlled: nothing changes until the owner passes new ids.
    expect(result.current.selectedIds).toEqual([a.id, b.id, c.id]);
  });
});
