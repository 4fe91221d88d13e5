import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NearViewport } from "./near-viewport";

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

/** An IntersectionObserver whose callbacks the test calls, with the options each was made with. */
function stubObserver() {
  const observers: Array<{ callback: Callback; margin: string | undefined; observed: Element[] }> = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      private readonly entry;
      constructor(callback: Callback, options?: { rootMargin?: string }) {
        this.entry = { callback, margin: options?.rootMargin, observed: [] as Element[] };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.observed.push(element);
      }
      disconnect() {}
    },
  );
  return observers;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NearViewport", () => {
  it("shows the placeholder until its place nears the viewport, then the children for good", () => {
    const observers = stubObserver();
    render(
      <NearViewport placeholder={<p>placeholder</p>} margin="300px">
        <p>chart</p>
      </NearViewport>,
    );
    expect(screen.getByText("placeholder")).toBeInTheDocument();
    expect(screen.queryByText("chart")).toBeNull();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.margin).toBe("300px");
    expect(observers[0]!.observed).toHaveLength(1);

    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.queryByText("chart")).toBeNull();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText("chart")).toBeInTheDocument();
    expect(screen.queryByText("placeholder")).toBeNull();
  });

  it("renders the children at once where there is no IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <NearViewport placeholder={<p>placeholder</p>}>
        <p>chart</p>
      </NearViewport>,
    );
    expect(screen.getByText("chart")).toBeInTheDocument();
  });
});
