import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FILTERS } from "./filter";
import { parseProtocolRows } from "../model/model";
import { protocolRows } from "../../../../tests/fixtures/protocols";

// The rule: a filter dropdown opens at once on its first use. Its code is not on the boot path, so
// intent anywhere in the directory (a pointer, a touch, focus) starts that download before the
// pointer reaches a select. Each test starts from a fresh copy of the modules: nothing loaded yet.
let directory: typeof import("../directory/protocol-directory");
beforeEach(async () => {
  vi.resetModules();
  directory = await import("../directory/protocol-directory");
});

const protocols = parseProtocolRows(protocolRows);

function renderDirectory() {
  const { ProtocolDirectory } = directory;
  render(
    <MemoryRouter>
      <ProtocolDirectory
        protocols={protocols}
        selectedSlugs={[]}
        onToggleSelect={() => {}}
        filters={DEFAULT_FILTERS}
        onFiltersChange={() => {}}
        sort="name"
        onSortChange={() => {}}
        onClearFilters={() => {}}
      />
    </MemoryRouter>,
  );
}

/** The selects still shown as stand-ins, waiting for their code (lazy-select.tsx). */
const standIns = () => screen.getAllByRole("combobox").filter((select) => select.hasAttribute("data-stand-in"));

describe("the directory warms the filter selects' code on intent", () => {
  it("loads nothing until someone shows intent", async () => {
    renderDirectory();
    // Every import the render started has arrived: the select's code was not among them.
    await vi.dynamicImportSettled();
    expect(standIns()).toHaveLength(5);
  });

  it("starts on focus in the search field, before any select is reached", async () => {
    const user = userEvent.setup();
    renderDirectory();
    expect(standIns()).toHaveLength(5);
    await user.click(screen.getByRole("searchbox", { name: "Search by name" }));
    await waitFor(() => expect(standIns()).toHaveLength(0));
    // Every select is the real one now, still closed and showing its value.
    expect(screen.getByRole("combobox", { name: "Asset class" })).toHaveTextContent("All asset classes");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it.each([
    ["a pointer entering a card", (target: Element) => fireEvent.pointerEnter(target)],
    ["a touch on a card", (target: Element) => fireEvent.touchStart(target)],
  ])("starts on %s", async (_case, intent) => {
    renderDirectory();
    intent(screen.getAllByRole("article")[0]!);
    await waitFor(() => expect(standIns()).toHaveLength(0));
  });
});
