import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button } from "@/components/ui/button";
import { overriddenClasses, stopWatchingClassConflicts, watchClassConflicts } from "../../tests/class-conflicts";
import { cn } from "./utils";

describe("cn", () => {
  it("joins class names and leaves out what is false, null or undefined", () => {
    expect(cn("a", false, null, undefined, ["b", { c: true, d: false }])).toBe("a b c");
  });

  it("resolves no conflict: both classes stay, so a component must not be handed one (decision 021)", () => {
    expect(cn("h-9", "h-10")).toBe("h-9 h-10");
  });
});

describe("the class-conflict check every unit test runs (tests/class-conflicts.ts)", () => {
  it("names the classes a later one overrides, and none where nothing is set twice", () => {
    expect(overriddenClasses("inline-flex h-9 rounded-md px-3 h-7 rounded-full")).toEqual(["h-9", "rounded-md"]);
    expect(overriddenClasses("hidden md:inline-flex inline-flex")).toEqual(["hidden"]);
    // Different things: a side's padding after both sides', a shadow's colour after its size, a breakpoint.
    expect(overriddenClasses("px-3 pl-5 shadow-lg shadow-accent-strong/25 inline-flex max-md:hidden")).toEqual([]);
  });

  it("finds a conflict in what a page renders, added or changed after the check started", () => {
    watchClassConflicts();
    const { rerender } = render(<Button className="shrink-0">Compare</Button>);
    rerender(<Button className="h-8 w-full">Compare</Button>);
    const found = stopWatchingClassConflicts();
    expect(found).toEqual([expect.objectContaining({ overridden: "h-10" })]);
    expect(found[0]!.classes).toContain("h-10 px-4 py-2 text-sm");
    // The conflict was put there on purpose: the check after this test starts afresh.
    watchClassConflicts();
  });

  it("passes every variant of the button as it is (no variant sets a thing twice)", () => {
    watchClassConflicts();
    const variants = ["default", "accent", "action", "outline", "ghost", "quiet", "inverse", "link"] as const;
    const sizes = ["default", "sm", "lg", "icon", "xs", "tray", "bar", "hero"] as const;
    render(
      <>
        {variants.flatMap((variant) =>
          sizes.flatMap((size) =>
            (["default", "pill"] as const).flatMap((shape) =>
              (["default", "floating"] as const).map((elevation) => (
                <Button key={`${variant}${size}${shape}${elevation}`} {...{ variant, size, shape, elevation }}>
                  x
                </Button>
              )),
            ),
          ),
        )}
      </>,
    );
    expect(stopWatchingClassConflicts()).toEqual([]);
    watchClassConflicts();
  });
});
