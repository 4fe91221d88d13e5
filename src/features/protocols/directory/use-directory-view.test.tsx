import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, MemoryRouter, Router, RouterProvider, type Navigator } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SEARCH_URL_DELAY_MS, useDirectoryView } from "./use-directory-view";

function SearchBox() {
  const { filters, setFilters } = useDirectoryView();
  return (
    <input
      aria-label="Search"
      value={filters.searchQuery}
      onChange={(e) => setFilters({ ...filters, searchQuery: e.target.value })}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, "", "/");
});

describe("useDirectoryView and history navigation", () => {
  it("resets the search box on Back even when the router has not rendered the writes yet", async () => {
    // BrowserRouter renders location changes in a transition. On a loaded machine a search's
    // URL write and the Back that undoes it can land in one render: the router then shows the
    // same location as before, and nothing in React state says anything changed. This router
    // stands for that render: it writes the real history but never renders a new location.
    window.history.replaceState(null, "", "/?sort=tvl");
    const frozen = { pathname: "/", search: "?sort=tvl", hash: "", state: null, key: "start" };
    const navigator: Navigator = {
      createHref: (to) => (typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}`),
      go: (delta) => window.history.go(delta),
      push: (to) =>
        window.history.pushState(null, "", typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}`),
      replace: (to) =>
        window.history.replaceState(null, "", typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}`),
    };
    const user = userEvent.setup();
    render(
      <Router location={frozen} navigator={navigator}>
        <SearchBox />
      </Router>,
    );
    const box = screen.getByRole("textbox", { name: "Search" });
    await user.type(box, "gold");
    await waitFor(() => expect(new URLSearchParams(window.location.search).get("q")).toBe("gold"));

    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(window.location.search).toBe("?sort=tvl");
    await waitFor(() => expect(box).toHaveValue(""));
  });

  it("drops a search still waiting for its pause when Back is pressed, instead of writing it onto the older entry", async () => {
    window.history.replaceState(null, "", "/?risk=Low");
    window.history.pushState(null, "", "/?risk=Low&sort=tvl");
    const frozen = { pathname: "/", search: "?risk=Low&sort=tvl", hash: "", state: null, key: "k" };
    const written: string[] = [];
    const navigator: Navigator = {
      createHref: (to) => (typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}`),
      go: (delta) => window.history.go(delta),
      push: (to) => written.push(typeof to === "string" ? to : `${to.search ?? ""}`),
      replace: (to) => written.push(typeof to === "string" ? to : `${to.search ?? ""}`),
    };
    // Fake timers: the search's pause is run out on the test's clock, not waited for.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(
      <Router location={frozen} navigator={navigator}>
        <SearchBox />
      </Router>,
    );
    // fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout.
    const box = screen.getByRole("textbox", { name: "Search" });
    fireEvent.change(box, { target: { value: "g" } });
    fireEvent.change(box, { target: { value: "go" } });
    await act(async () => {
      let popped = false;
      window.addEventListener("popstate", () => (popped = true), { once: true });
      window.history.back();
      // jsdom queues the traversal on the (fake) clock: step it until the popstate has fired.
      for (let step = 0; step < 100 && !popped; step++) await vi.advanceTimersByTimeAsync(1);
      expect(popped).toBe(true);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_URL_DELAY_MS * 2);
    });
    expect(written).toEqual([]);
    expect(window.location.search).toBe("?risk=Low");
  });
});

describe("useDirectoryView and memoised readers", () => {
  it("keeps the compared list the same array when a search's pause writes the URL", async () => {
    // Memoised cards hold `toggle`, derived from the compared list: a write that only echoes the
    // search box must not change it (every card would re-render).
    const seen: { compare: readonly string[]; search: string }[] = [];
    function Probe() {
      const view = useDirectoryView();
      seen.push({ compare: view.compare, search: view.search });
      return (
        <input
          aria-label="Search"
          value={view.filters.searchQuery}
          onChange={(e) => view.setFilters({ ...view.filters, searchQuery: e.target.value })}
        />
      );
    }
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={["/?risk=Low&compare=spiko,realt"]}>
        <Probe />
      </MemoryRouter>,
    );
    await user.type(screen.getByRole("textbox", { name: "Search" }), "gold");
    await waitFor(() => expect(new URLSearchParams(seen.at(-1)!.search).get("q")).toBe("gold"));

    const written = seen.at(-1)!;
    expect(written.compare).toEqual(["spiko", "realt"]);
    expect(written.compare).toBe(seen[0]!.compare);
  });
});

describe("useDirectoryView and leaving the page", () => {
  it("a click on a card's link while a search waits for its pause reaches the page, though its code is still loading", async () => {
    // The data router keeps the directory on screen while the next page's loader runs (its code): a
    // search written when its pause ends would navigate back to the directory and cancel the visit.
    let arrive: () => void = () => {};
    const pageCode = new Promise<null>((resolve) => (arrive = () => resolve(null)));
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <>
              <SearchBox />
              <Link to="/protocols/gold">Gold</Link>
              <a href="https://example.org/gold" target="_blank" rel="noreferrer">
                Gold elsewhere
              </a>
            </>
          ),
        },
        { path: "/protocols/gold", loader: () => pageCode, element: <h1>Gold page</h1> },
      ],
      { initialEntries: ["/"] },
    );
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<RouterProvider router={router} />);
    const box = screen.getByRole("textbox", { name: "Search" });

    // A link that opens elsewhere leaves the search's write as it was.
    fireEvent.change(box, { target: { value: "gol" } });
    fireEvent.click(screen.getByRole("link", { name: "Gold elsewhere" }));
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_URL_DELAY_MS);
    });
    expect(router.state.location.search).toBe("?q=gol");

    fireEvent.change(box, { target: { value: "gold" } });
    fireEvent.click(screen.getByRole("link", { name: "Gold" }));
    expect(router.state.navigation.location?.pathname).toBe("/protocols/gold");
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_URL_DELAY_MS * 2);
    });
    // Still on its way to the page, not back on the directory.
    expect(router.state.navigation.location?.pathname).toBe("/protocols/gold");
    // (No findBy: Testing Library's waiting runs on the faked setTimeout.)
    await act(async () => {
      arrive();
      await pageCode;
    });
    expect(screen.getByRole("heading", { name: "Gold page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/protocols/gold");
  });
});
