import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ALL } from "@/config/site";

// Issue 22: the first dropdown opened slowly on a cold load, its code fetched only once the
// pointer reached it. Intent anywhere in the filter bar now starts that download. Each test
// starts from a fresh copy of the modules: nothing loaded yet.
let bar: typeof import("./protocol-filters");
beforeEach(async () => {
  vi.resetModules();
  bar = await import("./protocol-filters");
});

const FILTERS = {
  searchQuery: "",
  selectedAssetClass: ALL,
  selectedRisk: ALL,
  selectedBlockchain: ALL,
  selectedInvestor: ALL,
};

function renderBar() {
  const { ProtocolFiltersBar } = bar;
  render(<ProtocolFiltersBar filters={FILTERS} onChange={() => {}} sort="name" onSortChange={() => {}} />);
}

/** Whether the selects are still the stand-ins shown until their code arrives (lazy-select.tsx). */
const standIns = () => screen.getAllByRole("combobox").filter((select) => select.hasAttribute("data-stand-in"));

describe("the filter bar warms the selects' code on intent", () => {
  it("loads nothing until someone shows intent", async () => {
    renderBar();
    // Well past a chunk's import in the test environment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(standIns()).toHaveLength(5);
  });

  it("starts on focus anywhere in the bar (the search field), before any select is reached", async () => {
    const user = userEvent.setup();
    renderBar();
    expect(standIns()).toHaveLength(5);
    await user.click(screen.getByRole("searchbox", { name: "Search by name" }));
    await waitFor(() => expect(standIns()).toHaveLength(0));
    // Every select is the real one now, still closed and showing its value.
    expect(screen.getByRole("combobox", { name: "Asset class" })).toHaveTextContent("All asset classes");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it.each([
    ["a pointer entering the bar", (target: Element) => fireEvent.pointerEnter(target)],
    ["a touch on the bar", (target: Element) => fireEvent.touchStart(target)],
  ])("starts on %s", async (_case, intent) => {
    renderBar();
    const label = screen.getByText("Search by name");
    intent(label.closest("div")!.parentElement!);
    await waitFor(() => expect(standIns()).toHaveLength(0));
  });
});
