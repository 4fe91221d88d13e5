import { act, render, renderHook, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useMediaQuery } from "./use-media-query";

/**
 * A window whose width the test sets: `(max-width: Npx)` and `(min-width: Npx)` match against it,
 * and changing it tells the lists whose answer changed, as a browser does on resize.
 */
function fakeViewport(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Map<string, Set<() => void>>();
  const matches = (query: string) => {
    const [, kind, px] = /\((max|min)-width:\s*([\d.]+)px\)/.exec(query)!;
    return kind === "max" ? width <= Number(px) : width >= Number(px);
  };
  const matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_type: string, listener: () => void) => {
        const set = listeners.get(query) ?? new Set();
        set.add(listener);
        listeners.set(query, set);
      },
      removeEventListener: (_type: string, listener: () => void) => listeners.get(query)?.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    matchMedia,
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    resize(next: number) {
      const before = new Map([...listeners.keys()].map((query) => [query, matches(query)]));
      width = next;
      for (const [query, was] of before)
        if (matches(query) !== was) for (const listener of listeners.get(query) ?? []) listener();
    },
  };
}

const PHONE = "(max-width: 639.98px)";
const realMatchMedia = window.matchMedia;
let viewport: ReturnType<typeof fakeViewport>;

beforeEach(() => {
  viewport = fakeViewport(1280);
  window.matchMedia = viewport.matchMedia;
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe("useMediaQuery", () => {
  it("answers whether the query matches now", () => {
    expect(renderHook(() => useMediaQuery(PHONE)).result.current).toBe(false);
    viewport.resize(375);
    expect(renderHook(() => useMediaQuery(PHONE)).result.current).toBe(true);
  });

  it("re-renders when the answer changes, and stops listening on unmount", () => {
    function Layout() {
      return <p>{useMediaQuery(PHONE) ? "Phone layout" : "Desktop layout"}</p>;
    }
    const { unmount } = render(<Layout />);
    expect(screen.getByText("Desktop layout")).toBeInTheDocument();

    act(() => viewport.resize(375));
    expect(screen.getByText("Phone layout")).toBeInTheDocument();
    act(() => viewport.resize(1024));
    expect(screen.getByText("Desktop layout")).toBeInTheDocument();

    expect(viewport.listenerCount()).toBe(1);
    unmount();
    expect(viewport.listenerCount()).toBe(0);
  });

  it("follows a new query, leaving the old one", () => {
    const { result, rerender } = renderHook(({ query }) => useMediaQuery(query), {
      initialProps: { query: "(min-width: 1024px)" },
    });
    expect(result.current).toBe(true);
    rerender({ query: "(min-width: 1440px)" });
    expect(result.current).toBe(false);
    act(() => viewport.resize(1500));
    expect(result.current).toBe(true);
    expect(viewport.listenerCount()).toBe(1);
  });

  it("renders the server value when there is no window to ask (the prerendered shell)", () => {
    function Probe({ serverValue }: { serverValue?: boolean }) {
      return <p>{String(useMediaQuery(PHONE, serverValue))}</p>;
    }
    viewport.resize(375);
    expect(renderToString(<Probe />)).toBe("<p>false</p>");
    expect(renderToString(<Probe serverValue />)).toBe("<p>true</p>");
  });
});
