import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { FIRST_GRID_SIZE } from "@/config/site";
import { DEFAULT_FILTERS } from "../filters/filter";
import { parseProtocolRows } from "../model/model";
import { VIRTUALIZE_AFTER } from "./directory-results";
import { ProtocolDirectory } from "./protocol-directory";
import { syntheticRow } from "../../../../tests/fixtures/protocol-cases";

// Scale: the local API can serve 10,000 synthetic rows; 'Show All' must not mount them all.
const many = parseProtocolRows(Array.from({ length: 400 }, (_, index) => syntheticRow(index)));

describe("ProtocolDirectory at scale", () => {
  it("expands a long second grid without mounting every card, and collapses again", async () => {
    const user = userEvent.setup();
    const onToggleSelect = vi.fn();
    // Card names link to their pages: the directory renders inside the app's router.
    render(
      <MemoryRouter>
        <ProtocolDirectory
          protocols={many}
          selectedSlugs={["protocol-00010"]}
          onToggleSelect={onToggleSelect}
          filters={DEFAULT_FILTERS}
          onFiltersChange={vi.fn()}
          sort="name"
          onSortChange={vi.fn()}
          onClearFilters={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("Showing 400 of 400 protocols • 1 selected")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show All 400 Protocols" }));
    // The virtualizer's code loads on demand (a dynamic import), so the list may take a moment.
    const rest = await screen.findByRole("list", { name: `${400 - FIRST_GRID_SIZE} more protocols` });
    const mounted = within(rest).getAllByRole("article");
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.length).toBeLessThan(VIRTUALIZE_AFTER);
    // The first mounted row starts right after the first grid, and says where it sits in the list.
    expect(within(mounted[0]!).getByRole("heading")).toHaveTextContent("Protocol 00009");
    expect(within(rest).getAllByRole("listitem")[0]).toHaveAttribute("aria-setsize", String(400 - FIRST_GRID_SIZE));
    const selectedToggle = within(rest).getByRole("checkbox", { name: "Select Protocol 00010 for comparison" });
    expect(selectedToggle).toBeChecked();
    await user.click(selectedToggle);
    expect(onToggleSelect).toHaveBeenCalledWith("protocol-00010");

    await user.click(screen.getByRole("button", { name: "Show Less" }));
    expect(screen.queryByRole("list", { name: /more protocols/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(FIRST_GRID_SIZE + 3);
  });
});

describe("ProtocolDirectory when the filters change", () => {
  it("updates the cards in place: the same elements show the newly matching protocols", async () => {
    const props = {
      protocols: many,
      selectedSlugs: [],
      onToggleSelect: vi.fn(),
      onFiltersChange: vi.fn(),
      sort: "name" as const,
      onSortChange: vi.fn(),
      onClearFilters: vi.fn(),
    };
    const { rerender } = render(
      <MemoryRouter>
        <ProtocolDirectory {...props} filters={DEFAULT_FILTERS} />
      </MemoryRouter>,
    );
    const before = screen.getAllByRole("article");
    expect(within(before[0]!).getByRole("heading")).toHaveTextContent("Protocol 00000");

    rerender(
      <MemoryRouter>
        <ProtocolDirectory {...props} filters={{ ...DEFAULT_FILTERS, searchQuery: "00003" }} />
      </MemoryRouter>,
    );
    await screen.findByText("Showing 1 of 400 protocols");
    const after = screen.getAllByRole("article");
    expect(after).toHaveLength(1);
    // Keyed by place (directory-results.tsx): the first card's element stays and holds the match,
    // so a keystroke on a large list rewrites text rather than rebuilding every card.
    expect(after[0]).toBe(before[0]);
    expect(within(after[0]!).getByRole("heading")).toHaveTextContent("Protocol 00003");
    const hrefs = within(after[0]!)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toContain("/protocols/protocol-00003");
    expect(hrefs).not.toContain("/protocols/protocol-00000");
  });
});
