// The TVL's source, date and staleness as readers see them: on a card and in the comparison's
// Source row. Real components, parsed rows as the API serves them.
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { ComparisonDialog } from "@/features/compare/comparison-dialog";
import { parseProtocolRows } from "@/features/protocols/model/model";
import { ProtocolCard } from "@/features/protocols/card/protocol-card";
import { protocolRows } from "../../tests/fixtures/protocols";
import { renderWithProviders } from "../../tests/render";

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );

const base = protocolRows[0]!;
const fresh = daysAgo(3);
const [defillama, stale, curated, estimate, legacy] = parseProtocolRows([
  {
    ...base,
    id: "a",
    name: "Lofty",
    tvl: "$99M",
    tvl_usd: 99180168,
    tvl_as_of: fresh,
    tvl_source: "defillama",
    tvl_source_url: "https://defillama.com/protocol/lofty",
  },
  {
    ...base,
    id: "b",
    name: "Meld Gold",
    tvl: "$10M",
    tvl_usd: 10308313,
    tvl_as_of: "2025-12-19",
    tvl_source: "defillama",
    tvl_source_url: "https://defillama.com/protocol/meld-gold",
  },
  {
    ...base,
    id: "c",
    name: "Franklin Templeton BENJI (FOBXX)",
    tvl: "$795M",
    tvl_as_of: daysAgo(45),
    tvl_source: "curated",
    tvl_source_url: "https://www.franklintempleton.com/investments/FOBXX",
  },
  {
    ...base,
    id: "d",
    name: "Reental",
    tvl: "$15M",
    tvl_as_of: daysAgo(46),
    tvl_source: "curated",
    tvl_source_url: null,
  },
  { ...base, id: "e", name: "Older Backend", as_of: "2025-10-31" },
]);
const unknown = parseProtocolRows([
  {
    ...base,
    id: "f",
    name: "Exodus (EXOD tokenized shares)",
    tvl: "N/A",
    tvl_usd: null,
    tvl_as_of: "2025-07-31",
    tvl_source: "curated",
    tvl_source_url: null,
  },
])[0];

function card(protocol: NonNullable<typeof defillama>) {
  // The card's name links to the protocol's page: it renders inside the app's router.
  render(
    <MemoryRouter>
      <ProtocolCard protocol={protocol} selected={false} onToggleSelect={vi.fn()} />
    </MemoryRouter>,
  );
  return screen.getByRole("article", { name: protocol.name });
}

describe("a card's TVL source", () => {
  it("names DefiLlama, links its page and gives the day, with no stale mark when recent", () => {
    const article = card(defillama!);
    const link = within(article).getByRole("link", { name: "TVL source for Lofty: DefiLlama (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://defillama.com/protocol/lofty");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link.closest("p")).toHaveTextContent(`TVL: DefiLlama· ${shortDate(fresh)}`);
    expect(within(article).queryByText("Stale")).not.toBeInTheDocument();
  });

  it("marks a figure older than 45 days as 'Stale' in text, with the reason for screen readers", () => {
    const article = card(stale!);
    const mark = within(article).getByText("Stale");
    expect(mark).toHaveTextContent("Stale (older than 45 days)");
    expect(mark.closest("p")).toHaveTextContent("Stale (older than 45 days)TVL: DefiLlama· Dec 19, 2025");
  });

  it("names a curated source by its site, and says 'Curated estimate' without a link when no page states it", () => {
    const benji = card(curated!);
    expect(
      within(benji).getByRole("link", {
        name: /^TVL source for Franklin Templeton BENJI \(FOBXX\): franklintempleton\.com/,
      }),
    ).toHaveAttribute("href", "https://www.franklintempleton.com/investments/FOBXX");
    expect(within(benji).queryByText("Stale")).not.toBeInTheDocument(); // exactly 45 days
    const reental = card(estimate!);
    expect(within(reental).getByText("Curated estimate").closest("p")).toHaveTextContent(
      /Stale \(older than 45 days\)TVL: Curated estimate· /,
    );
    expect(within(reental).queryByRole("link", { name: /TVL source/ })).not.toBeInTheDocument();
  });

  it("gives no day, source or stale mark to a TVL that is N/A: there is no figure to date", () => {
    const article = card(unknown!);
    expect(within(article).getByText("N/A")).toBeInTheDocument();
    expect(within(article).queryByText(/Curated estimate|^As of/)).not.toBeInTheDocument();
    expect(within(article).queryByText("Stale")).not.toBeInTheDocument();
  });

  it("falls back to the row's date on a database without the TVL columns", () => {
    const article = card(legacy!);
    expect(within(article).getByText(/^As of/)).toHaveTextContent("As of Oct 31, 2025");
    expect(within(article).queryByRole("link", { name: /TVL source/ })).not.toBeInTheDocument();
  });
});

describe("the comparison's Source row", () => {
  it("gives the TVL's source, day and stale mark as the cards do, then the other figures' date and source", async () => {
    // The dialog reads the compared protocols' risk factors too: the app's providers, and their answers awaited.
    renderWithProviders(<ComparisonDialog open onOpenChange={vi.fn()} protocols={[defillama!, stale!, legacy!]} />);
    await waitFor(() => expect(screen.queryByText("Loading...")).not.toBeInTheDocument());
    const row = screen.getByRole("rowheader", { name: "Source" }).closest("tr")!;
    const cells = within(row).getAllByRole("cell");
    expect(
      within(cells[0]!).getByRole("link", { name: "TVL source for Lofty: DefiLlama (opens in a new tab)" }),
    ).toHaveAttribute("href", "https://defillama.com/protocol/lofty");
    expect(cells[0]).toHaveTextContent(`TVL: DefiLlama· ${shortDate(fresh)}Other figures:`);
    expect(cells[0]).not.toHaveTextContent("Stale");
    expect(cells[1]).toHaveTextContent("Stale (older than 45 days)TVL: DefiLlama· Dec 19, 2025Other figures:");
    // No TVL columns: the row's own date and source, as before.
    expect(cells[2]).toHaveTextContent(/^Oct 31, 2025•No source link/);
    expect(cells[2]).not.toHaveTextContent("TVL:");
  });
});
