// The protocol page through the whole app: its figures with their sources and notes, its terms,
// the list's error, an unknown or renamed slug, similar protocols, and the way from and back to
// the directory. Its TVL history: protocol-tvl-history.test.tsx.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { protocolRows } from "../../tests/fixtures/protocols";
import { server } from "../../tests/msw/server";
import { apollo, APOLLO_PATH, history, POINTS, serveApollo } from "../../tests/protocol-page";
import { renderApp } from "../../tests/render";

// The chart draws on a canvas (e2e); here a marker shows which points it was given.
vi.mock("@/features/protocols/history/history-chart", () => import("../../tests/history-chart-marker"));

/** A key figure's card: the first term of that name (the notes below may use the same label). */
function figure(figures: HTMLElement, label: string): HTMLElement {
  return within(figures).getAllByText(label, { selector: "dt" })[0]!.closest("div")!;
}

describe("protocol page", () => {
  it("shows the header, the key figures with their source and date, and the history", async () => {
    const seen = history(POINTS);
    renderApp(APOLLO_PATH);

    expect(await screen.findByRole("heading", { level: 1, name: apollo.name })).toBeInTheDocument();
    // Set by an effect after the page commits.
    await waitFor(() => expect(document.title).toBe(`${apollo.name}: TVL, yield and risk | RWA Atlas`));
    expect(screen.getByText(apollo.description)).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Asset classes" })).getByText("Private Credit")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: `Visit Protocol: ${apollo.name} (opens in a new tab)` })).toHaveAttribute(
      "href",
      "https://securitize.io",
    );

    const figures = screen.getByRole("region", { name: "Key figures" });
    for (const value of ["$100M", "8-10%", "$50K", "Medium"])
      expect(within(figures).getByText(value)).toBeInTheDocument();
    // No source recorded for this row: said so, never a dead link. The risk level's sources are
    // the evidence in the page's Risk section.
    expect(within(figures).getAllByText("Source not recorded")).toHaveLength(3);
    expect(within(figures).getByRole("link", { name: "Evidence below" })).toHaveAttribute("href", "#risk");
    // The row's figures were read on the day of its review; the risk level's evidence was reviewed then.
    expect(within(figures).getAllByText("31 Oct 2025")).toHaveLength(4);
    expect(within(figures).getAllByText(/^Read on/)).toHaveLength(3);
    expect(within(figures).getByText(/· reviewed/)).toHaveTextContent("· reviewed 31 Oct 2025");
    expect(within(figures).queryByText(/As of/)).not.toBeInTheDocument();

    // The exact request the live-data issue serves.
    expect(await screen.findByTestId("tvl-chart")).toHaveTextContent("2024-10-01,2025-06-01,2025-09-15,2025-10-31");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.search).toBe(`?select=day%2Ctvl_usd%2Csource&protocol_id=eq.${apollo.id}&order=day.asc`);
    expect(
      screen.getByText(/TVL went from \$50M on Oct 1, 2024 to \$100M on Oct 31, 2025 \(\+100\.0%\)/),
    ).toBeInTheDocument();
  });

  it("sends a covered row's minimum to the notes that name its page: DefiLlama's page states no minimum", async () => {
    history([]);
    serveApollo({
      source_url: "https://defillama.com/protocol/apollo-diversified-credit-securitize-fund",
      notes:
        "Minimum: 50,000 USDC first, as the [issuer's page](https://docs.example.com/acred) states (read on 25 Nov 2026)",
    });
    renderApp(APOLLO_PATH);
    const figures = await screen.findByRole("region", { name: "Key figures" });
    const minimum = figure(figures, "Min Investment");
    expect(within(minimum).getByRole("link", { name: "Source in the notes" })).toHaveAttribute("href", "#figure-notes");
    expect(within(minimum).queryByRole("link", { name: /defillama|opens in a new tab/i })).not.toBeInTheDocument();
    expect(minimum).toHaveTextContent("Read on 31 Oct 2025");
    // The notes: a labelled line, its link named, never its address.
    const notes = screen.getByRole("region", { name: "Notes on the figures" });
    expect(within(notes).getByRole("term")).toHaveTextContent("Minimum");
    expect(within(notes).getByRole("definition")).toHaveTextContent("50,000 USDC first, as the issuer's page states");
    expect(within(notes).getByRole("link", { name: "issuer's page (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://docs.example.com/acred",
    );
    expect(notes).not.toHaveTextContent("https://");
  });

  it("gives an N/A TVL no page to link either: the notes say what was found", async () => {
    history([]);
    serveApollo({
      tvl: "N/A",
      tvl_usd: null,
      tvl_as_of: "2025-07-31",
      tvl_source: "curated",
      source_url: "https://www.example.com/investors",
      notes: "TVL: N/A. No page stating this figure is known for this fund alone.",
    });
    renderApp(APOLLO_PATH);
    const figures = await screen.findByRole("region", { name: "Key figures" });
    const tvl = figure(figures, "TVL");
    // 'N/A' is a finding: the day it was checked, and where the notes say what was found.
    expect(tvl).toHaveTextContent("Checked on 31 Oct 2025");
    expect(within(tvl).getByRole("link", { name: "Source in the notes" })).toHaveAttribute("href", "#figure-notes");
    expect(within(tvl).queryByRole("link", { name: /opens in a new tab/ })).not.toBeInTheDocument();
  });

  it("gives an 'Unknown' yield no page to link: the notes say what was searched", async () => {
    history([]);
    serveApollo({
      yield_range: "Unknown",
      source_url: "https://news.example.com/acred-launch",
      notes: "Yield: Unknown. No page stating the yield was found (searched 25 Nov 2026).",
    });
    renderApp(APOLLO_PATH);
    const figures = await screen.findByRole("region", { name: "Key figures" });
    const yieldFigure = figure(figures, "Yield");
    expect(yieldFigure).toHaveTextContent("Checked on 31 Oct 2025");
    expect(within(yieldFigure).getByRole("link", { name: "Source in the notes" })).toHaveAttribute(
      "href",
      "#figure-notes",
    );
    expect(within(yieldFigure).queryByRole("link", { name: /opens in a new tab/ })).not.toBeInTheDocument();
  });

  it("links a minimum to the page that states it, when the review recorded one", async () => {
    history([]);
    serveApollo({
      source_url: "https://defillama.com/protocol/apollo-diversified-credit-securitize-fund",
      min_investment_source_url: "https://docs.example.com/acred/minimums",
    });
    renderApp(APOLLO_PATH);
    const figures = await screen.findByRole("region", { name: "Key figures" });
    expect(
      within(figures).getByRole("link", { name: "Source for Min Investment (opens in a new tab)" }),
    ).toHaveAttribute("href", "https://docs.example.com/acred/minimums");
    const minimum = figure(figures, "Min Investment");
    expect(within(minimum).queryByRole("link", { name: "Source in the notes" })).not.toBeInTheDocument();
  });

  it("shows the terms with their source and date, and 'Unknown' where no source states a term", async () => {
    history(POINTS);
    renderApp(APOLLO_PATH);
    const terms = await screen.findByRole("region", { name: "Terms" });
    const term = (label: string) => within(terms).getByText(label).nextElementSibling;
    expect(term("Investor access")).toHaveTextContent("Accredited investors");
    expect(term("KYC")).toHaveTextContent("Unknown");
    expect(term("Redemption")).toHaveTextContent("Withdrawal queue");
    expect(term("Fees")).toHaveTextContent("2% management");
    expect(within(terms).getByText("Nov 1, 2025")).toHaveAttribute("datetime", "2025-11-01");
    expect(
      within(terms).getByRole("link", { name: `Terms source for ${apollo.name} (opens in a new tab)` }),
    ).toHaveAttribute("href", `https://example.com/terms/${apollo.id}`);
  });

  it("says the terms have no source yet when none is recorded", async () => {
    history(POINTS);
    renderApp("/protocols/paxos-gold-paxg");
    const terms = await screen.findByRole("region", { name: "Terms" });
    expect(within(terms).getAllByText("Unknown")).toHaveLength(4);
    expect(within(terms).getByText("No source states these terms yet, so they show as Unknown.")).toBeInTheDocument();
    expect(within(terms).queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows the spec's error when the protocols cannot be loaded", async () => {
    server.use(
      http.get("*/rest/v1/protocols", () => HttpResponse.json({ message: "Database unavailable" }, { status: 503 })),
    );
    renderApp(APOLLO_PATH);
    // The route waits for the list (its loader) behind the site's frame, then shows the failure.
    expect(screen.getByText("Loading page...")).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error loading protocols");
    expect(alert).toHaveTextContent("Database unavailable");
  });

  it("gives the 404 page, with its console log, for an unknown slug", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp("/protocols/no-such-protocol");
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        "404 Error: User attempted to access non-existent route:",
        "/protocols/no-such-protocol",
      ),
    );
  });

  it("takes a renamed protocol's former address to its page", async () => {
    history([]);
    const logged = vi.spyOn(console, "error");
    server.use(
      http.get("*/rest/v1/protocols", () =>
        // The fixture's own 'Superstate USTB' row, renamed as the data now names it.
        HttpResponse.json(
          protocolRows.map((row) =>
            row.name === "Superstate USTB" ? { ...row, name: "Invesco USTB (Superstate)" } : row,
          ),
        ),
      ),
    );
    renderApp("/protocols/superstate-ustb");
    expect(await screen.findByRole("heading", { level: 1, name: "Invesco USTB (Superstate)" })).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalledWith(expect.stringContaining("404"), expect.anything());
  });

  it("lists up to three similar protocols as links", async () => {
    history([]);
    renderApp(APOLLO_PATH);
    const similar = await screen.findByRole("region", { name: "Similar protocols" });
    const links = within(similar).getAllByRole("link");
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(3);
    for (const link of links) expect(link.getAttribute("href")).toMatch(/^\/protocols\/[a-z0-9-]+$/);
    expect(within(similar).queryByText(apollo.name)).not.toBeInTheDocument();
  });

  it("goes from a card to the page and back with the filters and the selection, and toggles into the same selection", async () => {
    history([]);
    const { user } = renderApp("/?asset=Private+Credit&compare=maple-finance-syrup");
    await screen.findByText(/^Showing \d+ of \d+ protocols/);
    await user.click(screen.getByRole("link", { name: apollo.name }));
    // The directory stays until the page's code and data are in (its loader).
    await screen.findByRole("heading", { level: 1, name: apollo.name });

    const compare = await screen.findByRole("checkbox", { name: `Select ${apollo.name} for comparison` });
    expect(compare).toHaveAttribute("aria-checked", "false");
    await user.click(compare);
    // The selection is the page's history state: a navigation, rendered as a transition.
    await waitFor(() => expect(compare).toHaveAttribute("aria-checked", "true"));
    expect(screen.getByRole("region", { name: "Comparison selection" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Back to directory" }));
    await screen.findByText(/^Showing \d+ of \d+ protocols/);
    expect(screen.getByRole("checkbox", { name: `Select ${apollo.name} for comparison` })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(screen.getByRole("checkbox", { name: /^Select Maple Finance/ })).toHaveAttribute("aria-checked", "true");
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: /asset class/i })).toHaveTextContent("Private Credit"),
    );
  });
});
