// The yield's source and date, shown as the TVL's is: on a card, in the comparison's
// Source row and in the protocol page's key figures; and the 'No longer tracked by DefiLlama'
// note next to a dropped row's TVL. Real components, parsed rows as the API serves them.
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { ComparisonDialog } from "@/features/compare/comparison-dialog";
import { KeyFigures } from "@/features/protocols/page/key-figures";
import { parseProtocolRows } from "@/features/protocols/model/model";
import { ProtocolCard } from "@/features/protocols/card/protocol-card";
import type { Protocol } from "@/features/protocols/model/types";
import { yieldProvenance } from "@/lib/tvl-provenance";
import { renderWithProviders } from "../../tests/render";
import { curatedYieldRow, defillamaYieldRow, droppedRow } from "../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../tests/fixtures/protocols";

const [defillama, curated, dropped, unsourced] = parseProtocolRows([
  defillamaYieldRow,
  curatedYieldRow,
  droppedRow,
  protocolRows[8],
]) as [Protocol, Protocol, Protocol, Protocol];

/** A day the 2026-09-05 figures are fresh on (10 days later), and one they are stale on. */
const FRESH_DAY = new Date("2026-09-15T12:00:00Z");
const STALE_DAY = new Date("2026-11-25T12:00:00Z");

function card(protocol: Protocol) {
  render(
    <MemoryRouter>
      <ProtocolCard protocol={protocol} selected={false} onToggleSelect={vi.fn()} />
    </MemoryRouter>,
  );
  return screen.getByRole("article", { name: protocol.name });
}

describe("yieldProvenance", () => {
  it("names DefiLlama with its pools page, or the curated page's host, each with its own day", () => {
    expect(yieldProvenance(defillama)).toEqual({
      label: "DefiLlama",
      href: "https://defillama.com/yields?project=yield-fund-one",
      date: "2026-09-05",
    });
    expect(yieldProvenance(curated)).toEqual({
      label: "curated-homes.example",
      href: "https://www.curated-homes.example/returns",
      date: "2026-08-20",
    });
    // An older yield without a source of its own: nothing of its own to show.
    expect(yieldProvenance(unsourced)).toBeNull();
  });
});

describe("a card's yield source", () => {
  it("names DefiLlama, links its pools page and gives the day, under the TVL's", () => {
    const article = card(defillama);
    const link = within(article).getByRole("link", {
      name: "Yield source for Yield Fund One: DefiLlama (opens in a new tab)",
    });
    expect(link).toHaveAttribute("href", "https://defillama.com/yields?project=yield-fund-one");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link.closest("p")).toHaveTextContent(/^(Stale \(older than 45 days\))?Yield: DefiLlama· Sep 5, 2026$/);
    expect(link.closest("p")!.querySelector("time")).toHaveAttribute("datetime", "2026-09-05");
    // The TVL's line comes first, the yield's right after it.
    const tvl = within(article)
      .getByRole("link", { name: /^TVL source for Yield Fund One/ })
      .closest("p")!;
    expect(tvl.nextElementSibling).toBe(link.closest("p"));
  });

  it("names a curated yield's host and links the page that states it", () => {
    const article = card(curated);
    const link = within(article).getByRole("link", {
      name: "Yield source for Curated Homes: curated-homes.example (opens in a new tab)",
    });
    expect(link).toHaveAttribute("href", "https://www.curated-homes.example/returns");
    expect(link.closest("p")).toHaveTextContent("Aug 20, 2026");
  });

  it("marks a yield older than 45 days as stale, in text, and a recent one not", () => {
    const fresh = render(<KeyFigures protocol={defillama} today={FRESH_DAY} />);
    const freshYield = within(fresh.container).getByText("Yield", { selector: "dt" }).parentElement!;
    expect(within(freshYield).queryByText("Stale")).not.toBeInTheDocument();
    fresh.unmount();
    const stale = render(<KeyFigures protocol={defillama} today={STALE_DAY} />);
    const yieldFigure = within(stale.container).getByText("Yield", { selector: "dt" }).parentElement!;
    expect(within(yieldFigure).getByText("Stale")).toBeInTheDocument();
    expect(within(yieldFigure).getByText(": older than 45 days")).toHaveClass("sr-only");
  });

  it("shows no yield line for a yield without a source of its own (the row's date and source cover it)", () => {
    const article = card(unsourced);
    expect(within(article).queryByText(/^Yield:/)).not.toBeInTheDocument();
    expect(within(article).queryByRole("link", { name: /^Yield source/ })).not.toBeInTheDocument();
  });
});

describe("the protocol page's key figures", () => {
  it("give the yield its own source and day, as the TVL's", () => {
    render(<KeyFigures protocol={defillama} today={FRESH_DAY} />);
    const yieldFigure = screen.getByText("Yield", { selector: "dt" }).parentElement!;
    expect(within(yieldFigure).getByText("3.25-3.59%")).toBeInTheDocument();
    expect(within(yieldFigure).getByText("Sep 5, 2026")).toHaveAttribute("datetime", "2026-09-05");
    expect(
      within(yieldFigure).getByRole("link", { name: "Yield source: DefiLlama (opens in a new tab)" }),
    ).toHaveAttribute("href", "https://defillama.com/yields?project=yield-fund-one");
  });

  it("say 'No longer tracked by DefiLlama' under a dropped row's TVL, which keeps its last figure and day", () => {
    render(<KeyFigures protocol={dropped} today={FRESH_DAY} />);
    const tvlFigure = screen.getByText("TVL", { selector: "dt" }).parentElement!;
    expect(within(tvlFigure).getByText("$9M")).toBeInTheDocument();
    expect(within(tvlFigure).getByText("Aug 12, 2026")).toBeInTheDocument();
    const note = within(tvlFigure).getByText(/No longer tracked by DefiLlama/);
    expect(note).toHaveTextContent("No longer tracked by DefiLlama since Sep 5, 2026");
    expect(note.querySelector("time")).toHaveAttribute("datetime", "2026-09-05");
  });
});

describe("a dropped row's card", () => {
  it("says 'No longer tracked by DefiLlama' next to the TVL with its last day; other cards do not", () => {
    const article = card(dropped);
    const tvl = within(article)
      .getByRole("link", { name: /^TVL source for Dropped Carbon/ })
      .closest("p")!;
    expect(tvl).toHaveTextContent("Aug 12, 2026");
    expect(tvl.nextElementSibling).toHaveTextContent("No longer tracked by DefiLlama since Sep 5, 2026");
    const other = card(defillama);
    expect(within(other).queryByText(/No longer tracked/)).not.toBeInTheDocument();
  });
});

describe("the comparison's Source row", () => {
  it("gives the TVL's and the yield's source and day, the dropped note, then the other figures' source", () => {
    renderWithProviders(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[defillama, curated, dropped]} />);
    const table = screen.getByRole("table");
    const sourceRow = within(table).getByRole("rowheader", { name: "Source" }).closest("tr")!;
    const [first, second, third] = within(sourceRow).getAllByRole("cell");
    expect(
      within(first!).getByRole("link", { name: "Yield source for Yield Fund One: DefiLlama (opens in a new tab)" }),
    ).toBeInTheDocument();
    expect(within(first!).getByText(/^TVL:/).closest("p")).toHaveTextContent("Sep 5, 2026");
    expect(within(first!).getByText("Other figures:")).toBeInTheDocument();
    expect(
      within(second!).getByRole("link", {
        name: "Yield source for Curated Homes: curated-homes.example (opens in a new tab)",
      }),
    ).toBeInTheDocument();
    // A row with a yield source but no TVL source still separates the other figures' source.
    expect(within(second!).getByText("Other figures:")).toBeInTheDocument();
    expect(within(third!).getByText(/No longer tracked by DefiLlama since/)).toHaveTextContent(
      "No longer tracked by DefiLlama since Sep 5, 2026",
    );
    expect(within(third!).queryByText(/^Yield:/)).not.toBeInTheDocument();
  });
});
