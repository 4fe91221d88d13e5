import { describe, expect, it } from "vitest";
import { MAX_COMPARED } from "@/config/site";
import { toggleSelection } from "./selection";

describe("toggleSelection", () => {
  it("adds slugs in the order they were picked", () => {
    const one = toggleSelection([], "a");
    expect(one).toEqual({ selected: ["a"], limitReached: false });
    expect(toggleSelection(one.selected, "b")).toEqual({ selected: ["a", "b"], limitReached: false });
  });

  it("removes a slug that is already selected, keeping the order of the rest", () => {
    expect(toggleSelection(["a", "b", "c"], "b")).toEqual({ selected: ["a", "c"], limitReached: false });
  });

  it("refuses a fourth slug by default and leaves the selection unchanged", () => {
    expect(MAX_COMPARED).toBe(3);
    const full = ["a", "b", "c"];
    expect(toggleSelection(full, "d")).toEqual({ selected: ["a", "b", "c"], limitReached: true });
    expect(full).toEqual(["a", "b", "c"]);
  });

  it("still allows removing when the selection is full, then adding again", () => {
    const removed = toggleSelection(["a", "b", "c"], "a");
    expect(removed).toEqual({ selected: ["b", "c"], limitReached: false });
    expect(toggleSelection(removed.selected, "d")).toEqual({ selected: ["b", "c", "d"], limitReached: false });
  });

  it("honours a custom maximum", () => {
    expect(toggleSelection(["a"], "b", 1)).toEqual({ selected: ["a"], limitReached: true });
    expect(toggleSelection([], "a", 0)).toEqual({ selected: [], limitReached: true });
  });

  it("returns a new array rather than the input", () => {
    const input = ["a"];
    expect(toggleSelection(input, "a").selected).not.toBe(input);
    expect(toggleSelection(["a", "b", "c"], "d").selected).not.toBe(input);
  });
});
