// On the site: tracked rows (listed from DefiLlama, not reviewed), dropped rows, and
// every chain a protocol is on. The whole app over MSW, with the 16 fixture rows plus the
// issue's kinds of row.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { BLOCKCHAINS } from "@/config/domain";
import { droppedRow, trackedRow } from "../../tests/fixtures/protocol-cases";
import { protocolRows } from "../../tests/fixtures/protocols";
import { server } from "../../tests/msw/server";
import { chooseOption, openSelect, renderApp } from "../../tests/render";

const ROWS = [...protocolRows, trackedRow, droppedRow].sort((a, b) => a.name.localeCompare(b.name));
const TOTAL = ROWS.length; // 18

function serve() {
  server.use(
    http.get("*/rest/v1/protocols", () => HttpResponse.json(ROWS)),
    http.get("*/rest/v1/protocol_tvl_history", () => HttpResponse.json([])),
  );
}

async function renderHome(path = "/?q=e") {
  serve();
  const view = renderApp(path);
  await screen.findByText(/^Showing \d+ of 18 protocols/);
  return view;
}

const NOTE = "Listed from DefiLlama: terms and risk not reviewed yet";

describe("a tracked row's card", () => {
  it("says its terms and risk are not reviewed yet, 'Unknown' muted, 'Not rated' and 'Unclassified'", async () => {
    await renderHome("/?q=tracked");
    const card = screen.getByRole("article", { name: "Tracked Vault" });
    expect(within(card).getByText(NOTE)).toBeInTheDocument();
    // Never blank: the unstated figures say Unknown (muted and in italics like an unknown term: the screenshots).
    const figure = (label: string) =>
      within(card).getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
    expect(figure("TVL")).toHaveTextContent("$42M");
    for (const label of ["Yield", "Min Investment"]) {
      expect(within(figure(label)).getByText("Unknown", { exact: true })).toBeVisible();
    }
    expect(within(figure("Risk")).getByText("Not rated")).toBeInTheDocument();
    expect(within(figure("Risk")).getByRole("link", { name: "Risk: Not rated, see why" })).toBeInTheDocument();
    const classes = within(card).getByRole("list", { name: "Asset classes" });
    expect(
      within(classes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Unclassified"]);
    // Its TVL is DefiLlama's, dated and sourced as any other.
    expect(
      within(card).getByRole("link", { name: "TVL source for Tracked Vault: DefiLlama (opens in a new tab)" }),
    ).toBeInTheDocument();
  });

  it("leaves reviewed cards as they were: no note, their figures in full", async () => {
    await renderHome("/?q=e");
    for (const article of screen.getAllByRole("article")) {
      const name = within(article).getByRole("heading").textContent;
      if (name === "Tracked Vault") continue;
      expect(within(article).queryByText(NOTE)).not.toBeInTheDocument();
      expect(within(article).queryByText("Not rated")).not.toBeInTheDocument();
    }
    const apollo = screen.getByRole("article", { name: "Apollo ACRED (Securitize)" });
    expect(within(apollo).getByText("8-10%")).toBeVisible();
  });
});

describe("a dropped row's card", () => {
  it("keeps its last TVL with its day and says DefiLlama no longer tracks it", async () => {
    await renderHome("/?q=dropped");
    const card = screen.getByRole("article", { name: "Dropped Carbon" });
    expect(within(card).getByText("$9M")).toBeInTheDocument();
    expect(within(card).getByText("No longer tracked by DefiLlama", { exact: false })).toHaveTextContent(
      "No longer tracked by DefiLlama since Sep 5, 2026",
    );
    expect(within(card).getByText("Aug 12, 2026")).toHaveAttribute("datetime", "2026-08-12");
  });
});

describe("the blockchain filter with every chain", () => {
  it("offers the spec's eleven first, then the data's other chains sorted, and filters on one of them", async () => {
    const { user } = await renderHome("/");
    const listbox = await openSelect(user, screen.getByRole("combobox", { name: /blockchain/i }));
    const options = within(listbox)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["All blockchains", ...BLOCKCHAINS, "Arbitrum", "Avalanche", "zkSync Era"]);
    await user.click(within(listbox).getByRole("option", { name: "Avalanche" }));

    expect(await screen.findByText("Showing 1 of 18 protocols")).toBeInTheDocument();
    expect(screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Tracked Vault",
    ]);
    await waitFor(() => expect(screen.getByRole("combobox", { name: /blockchain/i })).toHaveTextContent("Avalanche"));
  });

  it("reads a non-spec chain from a shared link in any case, spelled as the data spells it", async () => {
    await renderHome("/?chain=zksync%20era");
    expect(screen.getByText("Showing 1 of 18 protocols")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /blockchain/i })).toHaveTextContent("zkSync Era");
  });

  it("ignores a chain no protocol is on (filter off), as any unknown value", async () => {
    await renderHome("/?chain=Moonbeam");
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL} protocols`)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /blockchain/i })).toHaveTextContent("All blockchains");
  });

  it("counts every chain in the statistics, and not 'Unclassified' as an asset class", async () => {
    await renderHome("/");
    const stats = screen.getByRole("heading", { name: "Explore the RWA Protocol Ecosystem" }).closest("section")!;
    const tile = (label: string) => within(stats).getByText(label).nextElementSibling?.firstElementChild?.textContent;
    expect(tile("Protocols")).toBe("18");
    expect(tile("Asset Classes")).toBe("6");
    // The fixture's 10 chains, plus Arbitrum, Avalanche and zkSync Era.
    expect(within(stats).getByText(/Across 13 blockchains/)).toBeInTheDocument();
  });
});

describe("the asset-class filter", () => {
  it("offers 'Unclassified' after the six when a row has it, and filters on it", async () => {
    const { user } = await renderHome("/");
    const listbox = await openSelect(user, screen.getByRole("combobox", { name: /asset class/i }));
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "All asset classes",
      "US Treasuries",
      "Private Credit",
      "Real Estate",
      "Commodities",
      "Carbon Credits",
      "Equities",
      "Unclassified",
    ]);
    await user.click(within(listbox).getByRole("option", { name: "Unclassified" }));
    expect(await screen.findByText("Showing 1 of 18 protocols")).toBeInTheDocument();
  });

  it("offers only the six when no row is unclassified", async () => {
    const { user } = renderApp("/");
    await screen.findByText("Showing 16 of 16 protocols");
    await chooseOption(user, screen.getByRole("combobox", { name: /asset class/i }), "Equities");
    const listbox = await openSelect(user, screen.getByRole("combobox", { name: /asset class/i }));
    expect(within(listbox).queryByRole("option", { name: "Unclassified" })).not.toBeInTheDocument();
    expect(within(listbox).getAllByRole("option")).toHaveLength(7);
  });
});

describe("a tracked row's page", () => {
  it("says its terms and risk are not reviewed yet, with 'Unknown', 'Not rated' and no guessed source", async () => {
    serve();
    renderApp("/protocols/tracked-vault");
    const header = (await screen.findByRole("heading", { level: 1, name: "Tracked Vault" })).closest("header")!;
    expect(within(header).getByText(`${NOTE}.`)).toBeInTheDocument();
    expect(within(header).getByText("Not rated")).toBeInTheDocument();
    expect(within(header).getByText("Unclassified")).toBeInTheDocument();

    const figures = screen.getByRole("region", { name: "Key figures" });
    const figure = (label: string) => within(figures).getByText(label, { selector: "dt" }).parentElement!;
    expect(
      within(figure("TVL")).getByRole("link", { name: "TVL source: DefiLlama (opens in a new tab)" }),
    ).toBeInTheDocument();
    for (const label of ["Yield", "Min Investment"]) {
      expect(within(figure(label)).getByText("Unknown", { exact: true })).toBeVisible();
      // DefiLlama's listing states none of these: no date or 'Source' link is lent to them.
      expect(within(figure(label)).getByText("Not reviewed yet")).toBeInTheDocument();
      expect(within(figure(label)).queryByRole("link")).not.toBeInTheDocument();
    }
    expect(within(figure("Risk")).getByText("Not rated")).toBeInTheDocument();
    const terms = screen.getByRole("region", { name: "Terms" });
    expect(within(terms).getAllByText("Unknown")).toHaveLength(4);
    // 'Unclassified' is no class to share: no 'Similar protocols'.
    expect(screen.queryByRole("region", { name: "Similar protocols" })).not.toBeInTheDocument();
  });

  it("leaves a reviewed row's page without the note", async () => {
    serve();
    renderApp("/protocols/apollo-acred-securitize");
    await screen.findByRole("heading", { level: 1, name: "Apollo ACRED (Securitize)" });
    expect(screen.queryByText(`${NOTE}.`)).not.toBeInTheDocument();
    expect(screen.queryByText("Not reviewed yet")).not.toBeInTheDocument();
  });
});
