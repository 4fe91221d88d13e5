// The key figures' lines as a reader sees them (issue 33): a curated figure's document date and the
// day read, an undated page, a minimum per product, the risk level's evidence with its review day,
// the Stale mark on the document's date; and the notes as labelled lines with named links.
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { bareRow } from "../../../../tests/fixtures/protocol-cases";
import { parseProtocolRow } from "../model/model";
import { KeyFigures } from "./key-figures";

const TODAY = new Date("2026-11-27T12:00:00Z");

function show(overrides: Record<string, unknown>) {
  const protocol = parseProtocolRow({
    ...bareRow,
    source_url: "https://defillama.com/protocol/example",
    as_of: "2026-11-25",
    notes: "TVL: DefiLlama's figure, refreshed daily",
    ...overrides,
  })!;
  render(
    <MemoryRouter>
      <KeyFigures protocol={protocol} today={TODAY} />
    </MemoryRouter>,
  );
  const figures = screen.getByRole("region", { name: "Key figures" });
  return (label: string) => within(figures).getAllByText(label, { selector: "dt" })[0]!.closest("div")!;
}

describe("a key figure's dates", () => {
  it("gives a curated yield its page's kind and own date, the day read, the page's host, and Stale from the page's date", () => {
    const figure = show({
      yield_range: "3.9%",
      yield_source: "curated",
      yield_source_url: "https://www.franklintempleton.com/fund/FOCGX",
      yield_as_of: "2026-11-27",
      yield_document_date: "2025-11-13",
      yield_source_kind: "Fact sheet",
    });
    const yieldFigure = figure("Yield");
    expect(yieldFigure).toHaveTextContent("Fact sheet, 13 Nov 2025 · read on 27 Nov 2026");
    expect(within(yieldFigure).getByText("13 Nov 2025")).toHaveAttribute("datetime", "2025-11-13");
    expect(
      within(yieldFigure).getByRole("link", { name: "Yield source: franklintempleton.com (opens in a new tab)" }),
    ).toHaveAttribute("href", "https://www.franklintempleton.com/fund/FOCGX");
    // Read two days ago, but the figure is a year old: the page's date decides.
    expect(within(yieldFigure).getByText("Stale")).toBeInTheDocument();
    expect(yieldFigure).not.toHaveTextContent("As of");
  });

  it("says an undated page is undated, and judges it fresh or stale by the day read", () => {
    const figure = show({
      yield_range: "9-12% target",
      yield_source: "curated",
      yield_source_url: "https://gov.goldfinch.finance/t/gip-76/2068",
      yield_as_of: "2026-11-25",
      yield_document_date: "undated",
      yield_source_kind: "Governance proposal",
      tvl: "$766M",
      tvl_source: "curated",
      tvl_source_url: "https://www.franklintempleton.com/fund/FOBXX",
      tvl_as_of: "2025-12-31",
    });
    expect(figure("Yield")).toHaveTextContent("Governance proposal, undated · read on 25 Nov 2026");
    expect(within(figure("Yield")).queryByText("Stale")).not.toBeInTheDocument();
    // A curated TVL: the date its page gives the figure, and the day the row was read.
    expect(figure("TVL")).toHaveTextContent("Dated 31 Dec 2025 · read on 25 Nov 2026");
  });

  it("sends a minimum to its products, which give their own dates", () => {
    const figure = show({ min_investment: "Not disclosed", product_count: 1, product_min_investment_usd: null });
    const minimum = figure("Min Investment");
    expect(minimum).toHaveTextContent("Not disclosed");
    expect(within(minimum).getByRole("link", { name: "Per product, below" })).toHaveAttribute("href", "#products");
    expect(minimum).not.toHaveTextContent(/As of|read on|Date not recorded/);
  });

  it("rests the risk level on the evidence below, reviewed on the row's day", () => {
    const risk = show({})("Risk");
    expect(within(risk).getByRole("link", { name: "Evidence below" })).toHaveAttribute("href", "#risk");
    expect(risk).toHaveTextContent("Evidence below · reviewed 25 Nov 2026");
    expect(risk).not.toHaveTextContent("As of");
  });
});

describe("the notes on the figures", () => {
  it("lists labelled lines, each link named by its label, never a raw URL", () => {
    show({
      notes:
        "Minimum (USDY): $500 for every investment, per [Ondo's USDY FAQ](https://docs.ondo.finance/usdy/faq)\nRisk: Treasuries",
      yield_note: "Left out of the range as data gaps: pool a at 0%.",
    });
    const notes = screen.getByRole("region", { name: "Notes on the figures" });
    expect(
      within(notes)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Minimum (USDY)", "Risk", "Yield"]);
    expect(within(notes).getAllByRole("definition")[2]).toHaveTextContent(
      "Left out of the range as data gaps: pool a at 0%.",
    );
    const link = within(notes).getByRole("link", { name: "Ondo's USDY FAQ (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://docs.ondo.finance/usdy/faq");
    expect(link).toHaveAttribute("target", "_blank");
    expect(notes).not.toHaveTextContent("https://");
  });

  it("shows a tracked row's one sentence as it is, and a link that is not https as text", () => {
    show({ notes: "Tracked from DefiLlama's RWA category. See [page](javascript:alert(1))" });
    const notes = screen.getByRole("region", { name: "Notes on the figures" });
    expect(within(notes).queryByRole("term")).not.toBeInTheDocument();
    expect(within(notes).queryByRole("link")).not.toBeInTheDocument();
    expect(notes).toHaveTextContent("Tracked from DefiLlama's RWA category. See page");
  });
});
