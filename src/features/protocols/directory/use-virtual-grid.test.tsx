import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { onDemand } from "@/lib/on-demand";
import { useVirtualGrid } from "./use-virtual-grid";

// A stand-in for the virtualizer's component: the hook hands over whatever the download gives.
function FakeVirtualGrid() {
  return null;
}

describe("useVirtualGrid", () => {
  it("downloads nothing until a list needs it, then hands over the component", async () => {
    const importer = vi.fn(() => Promise.resolve(FakeVirtualGrid));
    const code = onDemand(importer);
    const { result, rerender } = renderHook(({ needed }) => useVirtualGrid(code, needed), {
      initialProps: { needed: false },
    });
    expect(result.current).toEqual({ VirtualGrid: null, failed: false });
    expect(importer).not.toHaveBeenCalled();

    rerender({ needed: true });
    await waitFor(() => expect(result.current.VirtualGrid).toBe(FakeVirtualGrid));
    expect(result.current.failed).toBe(false);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("renders at once with code that has already arrived", async () => {
    const code = onDemand(() => Promise.resolve(FakeVirtualGrid));
    await code.load();
    const { result } = renderHook(() => useVirtualGrid(code, true));
    expect(result.current).toEqual({ VirtualGrid: FakeVirtualGrid, failed: false });
  });

  it("reports a failed download, so the list mounts every card, and does not retry it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new TypeError("Failed to fetch dynamically imported module");
    const importer = vi.fn(() => Promise.reject(failure));
    const code = onDemand(importer);
    const { result, rerender } = renderHook(({ needed }) => useVirtualGrid(code, needed), {
      initialProps: { needed: true },
    });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.VirtualGrid).toBeNull();
    expect(error).toHaveBeenCalledWith("The list virtualizer failed to load; rendering every card:", failure);

    rerender({ needed: true });
    expect(result.current.failed).toBe(true);
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
