// The home page's filters, the comparison selection (up to three, then the limit-reached waitlist
// dialog), the comparison dashboard, and the promo's waitlist dialog, through the whole app.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cardNames, choose, renderLoadedHome, TOTAL } from "../../tests/home-page";
import { rowCells } from "../../tests/table";

describe("home: filters, selection and comparison", () => {
  it("filters by search, each select and their combination, and back to all", async () => {
    const { user } = await renderLoadedHome();
    expect(screen.getByRole("heading", { name: "Filter Protocols" })).toBeInTheDocument();
    for (const [name, allText] of [
      [/asset class/i, "All asset classes"],
      [/risk level/i, "All risk levels"],
      [/blockchain/i, "All blockchains"],
    ] as const) {
      expect(screen.getByRole("combobox", { name })).toHaveTextContent(allText);
    }

    const search = screen.getByPlaceholderText("Search protocols...");
    expect(search).toBe(screen.getByRole("searchbox", { name: "Search by name" }));
    await user.type(search, "GOLD");
    await screen.findByText(`Showing 3 of ${TOTAL} protocols`);
    expect(cardNames()).toEqual(["Goldfinch (Prime)", "Paxos Gold (PAXG)", "Tether Gold (XAUt)"]);
    // Fewer than 9 results: no second grid, no toggle; the promo still shows.
    expect(screen.queryByRole("button", { name: /^Show All/ })).not.toBeInTheDocument();
    expect(screen.getByText("Want Portfolio Analytics?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    await screen.findByText(`Showing ${TOTAL} of ${TOTAL} protocols`);

    await choose(user, /asset class/i, "US Treasuries");
    expect(screen.getByText(`Showing 7 of ${TOTAL} protocols`)).toBeInTheDocument();
    await choose(user, /risk level/i, "Low");
    expect(screen.getByText(`Showing 5 of ${TOTAL} protocols`)).toBeInTheDocument();
    await choose(user, /blockchain/i, "Base");
    expect(screen.getByText(`Showing 2 of ${TOTAL} protocols`)).toBeInTheDocument();
    expect(cardNames()).toEqual(["Circle USYC", "Franklin Templeton BENJI (FOBXX)"]);

    await user.type(search, "zzz");
    await screen.findByText(`Showing 0 of ${TOTAL} protocols`);
    expect(screen.getByText("No protocols match your filters.")).toBeInTheDocument();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(screen.queryByText("Want Portfolio Analytics?")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await screen.findByText(`Showing ${TOTAL} of ${TOTAL} protocols`);
    expect(search).toHaveValue("");
    expect(screen.getByRole("combobox", { name: /risk level/i })).toHaveTextContent("All risk levels");

    await choose(user, /risk level/i, "Very High");
    expect(cardNames()).toEqual(["Goldfinch (Prime)", "KlimaDAO", "RealT"]);
    await choose(user, /risk level/i, "All risk levels");
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL} protocols`)).toBeInTheDocument();
  });

  it("selects up to three, refuses a fourth with the limit-reached waitlist dialog, removes from the bar", async () => {
    const { user } = await renderLoadedHome();
    expect(screen.queryByRole("region", { name: "Comparison selection" })).not.toBeInTheDocument();
    const toggle = (name: string) => screen.getByRole("checkbox", { name: `Select ${name} for comparison` });

    // The selection lives in the URL: each change renders as the router's transition.
    await user.click(toggle("Apollo ACRED (Securitize)"));
    await waitFor(() => expect(toggle("Apollo ACRED (Securitize)")).toBeChecked());
    const bar = screen.getByRole("region", { name: "Comparison selection" });
    expect(bar).toHaveTextContent("1/3");
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL} protocols • 1 selected`)).toBeInTheDocument();

    await user.click(toggle("Centrifuge"));
    await user.click(toggle("Lofty"));
    await waitFor(() => expect(bar).toHaveTextContent("3/3"));
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL} protocols • 3 selected`)).toBeInTheDocument();

    await user.click(toggle("Paxos Gold (PAXG)"));
    const dialog = await screen.findByRole("dialog", { name: "Join the Waitlist" });
    expect(within(dialog).getByText("Comparison Limit Reached")).toBeInTheDocument();
    expect(
      screen.getByRole("checkbox", { name: "Select Paxos Gold (PAXG) for comparison", hidden: true }),
    ).not.toBeChecked();
    expect(bar).toHaveTextContent("3/3");
    expect(bar).not.toHaveTextContent("Paxos");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(within(bar).getByRole("button", { name: "Remove Centrifuge from comparison" }));
    await waitFor(() => expect(bar).toHaveTextContent("2/3"));
    expect(toggle("Centrifuge")).not.toBeChecked();
    // Unticking a card removes it too.
    await user.click(toggle("Lofty"));
    await user.click(toggle("Apollo ACRED (Securitize)"));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Comparison selection" })).not.toBeInTheDocument());
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL} protocols`)).toBeInTheDocument();
  });

  it("opens the comparison dashboard with a column per selection and returns focus on close", async () => {
    const { user } = await renderLoadedHome();
    for (const name of ["BlackRock BUIDL (Securitize)", "Maple Finance (Syrup)", "Lofty"]) {
      await user.click(screen.getByRole("checkbox", { name: `Select ${name} for comparison` }));
    }
    const compare = screen.getByRole("button", { name: "Compare in Dashboard" });
    await user.click(compare);
    const dialog = await screen.findByRole("dialog", { name: "Protocol Comparison Dashboard" });
    const table = within(dialog).getByRole("table");
    const headers = within(table).getAllByRole("columnheader");
    expect(headers).toHaveLength(4);
    expect(headers[1]).toHaveTextContent("BlackRock BUIDL (Securitize)");
    expect(headers[1]).toHaveTextContent(/Tokenized USD institutional liquidity fund/);
    const row = (label: string) => rowCells(table, label);
    expect(row("Total Value Locked")).toEqual(["$2.8B", "$4.0B", "$20M"]);
    expect(row("Yield Range")).toEqual(["3.8-4.2%", "5-8%", "5-10%"]);
    expect(row("Risk Level")).toEqual(["Low", "Medium", "High"]);
    expect(row("Min Investment")).toEqual(["$5M", "None", "$50"]);
    expect(row("Asset Classes")).toEqual(["US Treasuries", "Private Credit", "Real Estate"]);
    expect(row("Blockchains")[0]).toBe("EthereumSolanaPolygonOptimism");
    const lofty = within(table).getByRole("link", { name: /^Visit Lofty/ });
    expect(lofty).toHaveAttribute("href", "https://www.lofty.ai");
    expect(lofty).toHaveAttribute("target", "_blank");
    expect(lofty).toHaveAttribute("rel", "noopener noreferrer");

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(compare).toHaveFocus();
  });

  it("opens the plain waitlist dialog from the promo", async () => {
    const { user } = await renderLoadedHome();
    await user.click(screen.getByRole("button", { name: "Join RWA Atlas Waitlist" }));
    const dialog = await screen.findByRole("dialog", { name: "Join the Waitlist" });
    expect(within(dialog).queryByText("Comparison Limit Reached")).not.toBeInTheDocument();
  });
});
