import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ASSET_CLASSES, BLOCKCHAINS } from "@/config/site";
import { renderWithProviders } from "../../../../tests/render";
import { DEFAULT_FILTERS } from "./filter";
import { FilterPanel } from "./filter-panel";

const OPTIONS = { assetClasses: ASSET_CLASSES, blockchains: BLOCKCHAINS };

function panel(filters = DEFAULT_FILTERS, onClearFilters = vi.fn()) {
  return renderWithProviders(
    <FilterPanel
      filters={filters}
      options={OPTIONS}
      onChange={() => {}}
      sort="name"
      onSortChange={() => {}}
      onClearFilters={onClearFilters}
    />,
  );
}

describe("FilterPanel", () => {
  it("keeps the spec's section, its search and five labelled selects; 'Filters' controls their fold", async () => {
    const { user } = panel();
    const region = screen.getByRole("region", { name: "Filter Protocols" });
    expect(region).toContainElement(screen.getByPlaceholderText("Search protocols..."));
    for (const name of ["Asset class", "Risk level", "Blockchain", "Investor type", "Sort by"])
      expect(screen.getByRole("combobox", { name })).toBeInTheDocument();
    const toggle = screen.getByRole("button", { name: "Filters" });
    const fold = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(fold).toContainElement(screen.getByRole("combobox", { name: "Asset class" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("says how many filters are on, and offers to reset them", async () => {
    const reset = vi.fn();
    const { user } = panel({ ...DEFAULT_FILTERS, selectedRisk: "Low", selectedBlockchain: "Ethereum" }, reset);
    const toggle = screen.getByRole("button", { name: "Filters, 2 active" });
    expect(toggle).toHaveTextContent("Filters2");
    await user.click(screen.getAllByRole("button", { name: "Reset filters" })[0]!);
    expect(reset).toHaveBeenCalledOnce();
  });
});
