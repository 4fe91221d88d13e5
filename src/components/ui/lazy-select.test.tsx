import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The real select is a separate chunk; `chunk.failures` makes the next loads of it fail the way a
// browser does when the file cannot be fetched (a deploy replaced it, the network dropped).
const chunk = { failures: 0, loads: 0 };
function mockChunk() {
  vi.doMock("./select", async (importOriginal) => {
    chunk.loads += 1;
    if (chunk.failures > 0) {
      chunk.failures -= 1;
      throw new TypeError("Failed to fetch dynamically imported module: /assets/select.js");
    }
    return importOriginal();
  });
}

const ITEMS = [
  { value: "all", label: "All risk levels" },
  { value: "Low", label: "Low" },
  { value: "High", label: "High" },
];

// Each test starts from a first load: a fresh copy of the module, with nothing loaded yet.
let lazy: typeof import("./lazy-select");
beforeEach(async () => {
  vi.resetModules();
  chunk.failures = 0;
  chunk.loads = 0;
  mockChunk();
  lazy = await import("./lazy-select");
});

/** `skipHover` lets a click land on the stand-in before a pointer-enter warm-up could swap it. */
function renderSelect({ skipHover = false } = {}) {
  const changes: string[] = [];
  const { LazySelect } = lazy;
  function Filter() {
    const [value, setValue] = useState("all");
    return (
      <>
        <label htmlFor="risk">Risk level</label>
        <LazySelect
          id="risk"
          value={value}
          onValueChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          items={ITEMS}
        />
        <label htmlFor="chain">Blockchain</label>
        <LazySelect
          id="chain"
          value="all"
          onValueChange={() => {}}
          items={[{ value: "all", label: "All blockchains" }]}
        />
      </>
    );
  }
  render(<Filter />);
  return {
    user: userEvent.setup({ skipHover }),
    changes,
    combobox: () => screen.getByRole("combobox", { name: "Risk level" }),
  };
}

describe("LazySelect before the dropdown's code has loaded", () => {
  it("renders a closed combobox named by its label, showing the current option, reachable with Tab", async () => {
    const { user, combobox } = renderSelect();
    expect(combobox()).toHaveTextContent("All risk levels");
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(combobox()).toHaveAttribute("aria-haspopup", "listbox");
    expect(screen.getByRole("combobox", { name: "Blockchain" })).toHaveTextContent("All blockchains");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(combobox()).toHaveAttribute("data-stand-in");
    expect(chunk.loads).toBe(0);
    await user.tab();
    expect(combobox()).toHaveFocus();
  });

  it("starts loading on pointer enter, then every select is the real one, still closed", async () => {
    const { user, combobox } = renderSelect();
    await user.hover(combobox());
    await lazy.loadSelect();
    await waitFor(() => expect(combobox()).not.toHaveAttribute("data-stand-in"));
    expect(screen.getByRole("combobox", { name: "Blockchain" })).not.toHaveAttribute("data-stand-in");
    expect(combobox()).toHaveTextContent("All risk levels");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });
});

describe("LazySelect on the first intent", () => {
  it("opens the real list on the first click, once, and the choice reaches onValueChange", async () => {
    const { user, changes, combobox } = renderSelect({ skipHover: true });
    expect(combobox()).toHaveAttribute("data-stand-in");
    await user.click(combobox());
    await lazy.loadSelect();
    const listbox = await screen.findByRole("listbox");
    expect(screen.getAllByRole("listbox")).toHaveLength(1);
    // While the list is open Radix hides the rest of the page from assistive technology.
    expect(document.getElementById("risk")).toHaveAttribute("aria-expanded", "true");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "All risk levels",
      "Low",
      "High",
    ]);
    expect(listbox).toBeVisible();
    await user.click(screen.getByRole("option", { name: "High" }));
    expect(changes).toEqual(["High"]);
    expect(combobox()).toHaveTextContent("High");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(combobox()).toHaveFocus();
  });

  it.each([
    ["Enter", "{Enter}"],
    ["Space", " "],
    ["ArrowDown", "{ArrowDown}"],
    ["ArrowUp", "{ArrowUp}"],
  ])(
    "opens the real list from the keyboard with %s, and Escape gives focus back to the trigger",
    async (_key, keys) => {
      const { user, changes, combobox } = renderSelect();
      await user.tab();
      expect(combobox()).toHaveFocus();
      await user.keyboard(keys);
      await lazy.loadSelect();
      await screen.findByRole("listbox");
      expect(screen.getAllByRole("listbox")).toHaveLength(1);
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("listbox")).not.toBeInTheDocument());
      expect(combobox()).toHaveFocus();
      expect(combobox()).toHaveTextContent("All risk levels");
      expect(changes).toEqual([]);
    },
  );

  it("picks an option with the keyboard alone", async () => {
    const { user, changes, combobox } = renderSelect();
    await user.tab();
    await user.keyboard("{ArrowDown}");
    await lazy.loadSelect();
    await screen.findByRole("listbox");
    await waitFor(() => expect(screen.getByRole("option", { name: "All risk levels" })).toHaveFocus());
    await user.keyboard("{ArrowDown}{Enter}");
    expect(changes).toEqual(["Low"]);
    expect(combobox()).toHaveTextContent("Low");
    expect(combobox()).toHaveFocus();
  });

  it("keeps focus on the trigger when the code arrives while it is focused", async () => {
    const { user, combobox } = renderSelect();
    await user.tab();
    await lazy.loadSelect();
    await waitFor(() => expect(combobox()).not.toHaveAttribute("data-stand-in"));
    expect(combobox()).toHaveFocus();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });
});

describe("LazySelect when the dropdown's code fails to load", () => {
  it("keeps the stand-in usable, throws nothing, and loads again on the next click", async () => {
    chunk.failures = Infinity;
    const { user, changes, combobox } = renderSelect({ skipHover: true });
    await user.click(combobox());
    await waitFor(() => expect(chunk.loads).toBe(1));
    // Let the rejection settle: the stand-in stays, closed, with its value and focus.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(combobox()).toHaveTextContent("All risk levels");
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(combobox()).toHaveAttribute("data-stand-in");
    expect(combobox()).toHaveFocus();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();

    chunk.failures = 0;
    await user.click(combobox());
    await lazy.loadSelect();
    await screen.findByRole("listbox");
    expect(chunk.loads).toBe(2);
    await user.click(screen.getByRole("option", { name: "Low" }));
    expect(changes).toEqual(["Low"]);
    expect(combobox()).toHaveTextContent("Low");
  });

  it("retries from the keyboard too, after a failed warm-up on focus", async () => {
    chunk.failures = 1;
    const { user, combobox } = renderSelect();
    await user.tab();
    await waitFor(() => expect(chunk.loads).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(combobox()).toHaveFocus();
    await user.keyboard("{Enter}");
    await lazy.loadSelect();
    await screen.findByRole("listbox");
    expect(chunk.loads).toBe(2);
  });
});
